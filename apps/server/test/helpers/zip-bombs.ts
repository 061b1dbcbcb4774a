import zlib from 'node:zlib';

/**
 * A minimal zip writer and the zip bombs of ADR 0077, built in memory (no binary fixtures): an XLSX whose
 * parts say they are small but inflate big (a liar), one that declares a huge ratio, one with too many parts.
 */
export interface ZipPart {
  name: string;
  /** The part's bytes; deflated unless `raw` gives them already compressed. */
  data?: Buffer;
  /** Already deflated (raw deflate) bytes, written as they are. */
  raw?: Buffer;
  /** The inflated size written in the headers (default: the real one). */
  declaredSize?: number;
  /** Store instead of deflate. */
  stored?: boolean;
}

export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const data = p.data ?? Buffer.alloc(0);
    const method = p.stored ? 0 : 8;
    const body = p.raw ?? (p.stored ? data : zlib.deflateRawSync(data));
    const size = p.declaredSize ?? data.length;
    const crc = p.raw ? 0 : zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // names in UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const MiB = 1024 * 1024;

/**
 * Raw deflate bytes of `head`, then `unit` repeated to about `mib` MiB, then `tail`, at about 1 KB per MiB,
 * and the exact size they inflate to. Each piece is one sync-flushed block of a fresh deflater, which refers
 * only to itself, so copies of a block may follow each other; an empty final block ends the stream.
 */
export function deflatedRepeat(head: Buffer, unit: Buffer, mib: number, tail: Buffer): { raw: Buffer; size: number } {
  const flush = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const chunk = Buffer.concat(Array<Buffer>(Math.max(1, Math.floor(MiB / unit.length))).fill(unit));
  const block = zlib.deflateRawSync(chunk, flush);
  const raw = Buffer.concat([
    zlib.deflateRawSync(head, flush),
    ...Array<Buffer>(mib).fill(block),
    zlib.deflateRawSync(tail, flush),
    zlib.deflateRawSync(Buffer.alloc(0)),
  ]);
  return { raw, size: head.length + mib * chunk.length + tail.length };
}

/** Raw deflate bytes that inflate to `mib` MiB of zeros. */
export const deflatedZeros = (mib: number) => deflatedRepeat(Buffer.alloc(0), Buffer.alloc(MiB), mib, Buffer.alloc(0)).raw;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The parts every XLSX has, with a one-sheet workbook whose sheet is `sheet` (or given as `sheetPart`). */
function xlsxParts(sheetPart: ZipPart, before: ZipPart[] = []): ZipPart[] {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    ...before,
    sheetPart,
  ];
}

/** A real (tiny) XLSX with inline strings: header 标准编号/标准名称 and the given rows. */
export function smallXlsx(rows: [string, string][]): Buffer {
  const cell = (ref: string, v: string) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  const all: [string, string][] = [['标准编号', '标准名称'], ...rows];
  const body = all.map(([a, b], i) => `<row r="${i + 1}">${cell(`A${i + 1}`, a)}${cell(`B${i + 1}`, b)}</row>`).join('');
  const sheet = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`,
  );
  return zipOf(xlsxParts({ name: 'xl/worksheets/sheet1.xml', data: sheet }));
}

/**
 * Its shared strings (valid XML, read before the sheet) say 1,000 bytes but inflate to `mib` MiB: only
 * counting while inflating catches it.
 */
export function lyingBomb(mib = 64): Buffer {
  const { raw } = deflatedRepeat(
    Buffer.from(`${XML_HEAD}<sst xmlns="${MAIN_NS}">`),
    Buffer.from('<si><t>【示例】压缩炸弹的共享字符串</t></si>'),
    mib,
    Buffer.from('</sst>'),
  );
  const strings = { name: 'xl/sharedStrings.xml', raw, declaredSize: 1000 };
  return zipOf(xlsxParts({ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<worksheet xmlns="${MAIN_NS}"/>`) }, [strings]));
}

/** Honest about its sheet (valid XML rows): `mib` MiB from about a thousandth of that. */
export function highRatioBomb(mib = 100): Buffer {
  const { raw, size } = deflatedRepeat(
    Buffer.from(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>`),
    Buffer.from('<row><c t="inlineStr"><is><t>【示例】压缩炸弹的一行</t></is></c></row>'),
    mib,
    Buffer.from('</sheetData></worksheet>'),
  );
  return zipOf(xlsxParts({ name: 'xl/worksheets/sheet1.xml', raw, declaredSize: size }));
}

/** An XLSX with `count` extra empty parts (stored). */
export function manyEntriesBomb(count = 20_000): Buffer {
  const extra = Array.from({ length: count }, (_, i) => ({ name: `xl/media/x${i}.bin`, stored: true }));
  return zipOf([...xlsxParts({ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') }), ...extra]);
}
