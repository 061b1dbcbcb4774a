"""Builds watermark-sans.ttf: Noto Sans CJK SC Regular (SIL OFL 1.1, no Reserved Font Name) cut to
ASCII + CJK punctuation + the 6763 GB2312 hanzi, outlines converted to TrueType (pdf-lib subsets
glyf fonts reliably), renamed because it is a modified version. Needs `pip install fonttools`.

    python3 build-font.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
"""
import sys
from fontTools.ttLib import TTCollection, newTable
from fontTools.subset import Subsetter, Options
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

src = sys.argv[1]
font = next(f for f in TTCollection(src).fonts if f['name'].getDebugName(4) == 'Noto Sans CJK SC')

chars = set(range(0x20, 0x7F)) | set(range(0x3000, 0x3020)) | set(range(0xFF01, 0xFF5F)) | {0xB7, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026}
for hi in range(0xB0, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.add(ord(bytes([hi, lo]).decode('gb2312')))
        except UnicodeDecodeError:
            pass

opts = Options()
opts.layout_features = []
opts.name_IDs = ['*']
opts.notdef_outline = True
opts.hinting = False
opts.desubroutinize = True
sub = Subsetter(opts)
sub.populate(unicodes=chars)
sub.subset(font)

# CFF -> glyf (quadratic), after fontTools' otf2ttf snippet.
glyph_order = font.getGlyphOrder()
glyph_set = font.getGlyphSet()
glyf = newTable('glyf')
glyf.glyphOrder = glyph_order
glyf.glyphs = {}
for name in glyph_order:
    pen = TTGlyphPen(glyph_set)
    glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
    glyf.glyphs[name] = pen.glyph()
# Each glyph record padded to 4 bytes: @pdf-lib/fontkit copies records raw and writes a short loca
# for small subsets, which halves offsets; an odd-length record would shift every later glyph.
glyf.padding = 4
font['glyf'] = glyf
font['loca'] = newTable('loca')
maxp = font['maxp']
maxp.tableVersion = 0x00010000
for attr in ('maxZones', 'maxTwilightPoints', 'maxStorage', 'maxFunctionDefs', 'maxInstructionDefs',
             'maxStackElements', 'maxSizeOfInstructions', 'maxComponentElements'):
    setattr(maxp, attr, 0)
maxp.maxZones = 1
maxp.maxComponentDepth = 0
post = font['post']
post.formatType = 2.0
post.extraNames = []
post.mapping = {}
post.glyphOrder = glyph_order
for tag in ('CFF ', 'VORG', 'GSUB', 'GPOS', 'GDEF', 'BASE'):
    if tag in font:
        del font[tag]
font['head'].glyphDataFormat = 0
font.sfntVersion = '\x00\x01\x00\x00'

name = font['name']
for rec in list(name.names):
    if rec.nameID in (1, 3, 4, 6, 16, 17):
        name.removeNames(nameID=rec.nameID)
name.setName('ZS Watermark Sans', 1, 3, 1, 0x409)
name.setName('ZS Watermark Sans Regular', 4, 3, 1, 0x409)
name.setName('ZSWatermarkSans-Regular', 6, 3, 1, 0x409)
name.setName('ZS Watermark Sans; modified from Noto Sans CJK SC', 3, 3, 1, 0x409)
font.save('watermark-sans.ttf')
print(len(chars), 'code points')
