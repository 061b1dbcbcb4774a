import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Document, Footer, Header, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PDFDocument } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import vm from 'node:vm';
import zlib from 'node:zlib';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocCheckResultT } from '@zs/shared/api/document-check';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { userWithToken } from './helpers/login.ts';
import { seedStandardsData } from '../src/modules/standards/catalogue/seed.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { FONT_FILE } from '../src/lib/pdf/pdf.ts';
import {
  QUEUE_FULL,
  READERS,
  readInWorker,
  setReaderQueueMax,
  SHARE_MIN_BYTES,
} from '../src/modules/standards/doccheck/read-thread.ts';
import { checkDocument } from '../src/modules/standards/doccheck/service.ts';
import { ocrLanguages } from '../src/modules/standards/doccheck/pdf-reader.ts';
import { CHECKS_PER_USER_PER_HOUR } from '../src/modules/standards/doccheck/routes.ts';
import { lowerThreadPriority } from '../src/lib/thread-priority.ts';

const TODAY = '2026-01-01';
/** Labelled test rows (示例) for the verdicts the real files do not hold: abolished and upcoming. */
const EXTRA = `standardNo,nameZh,status,implementDate
GB/T 98001-2005,示例已废止的测试标准,废止,2005-06-01
GB/T 98002-2027,示例即将实施的测试标准,即将实施,2027-03-01
`;

/** A DOCX made here: body paragraphs, a table, a header and a footer. */
async function docx(body: string[], table: string[][] = [], header = '', footer = ''): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        headers: header ? { default: new Header({ children: [new Paragraph(header)] }) } : undefined,
        footers: footer ? { default: new Footer({ children: [new Paragraph(footer)] }) } : undefined,
        children: [
          ...body.map((t) => new Paragraph({ children: [new TextRun(t)] })),
          ...(table.length
            ? [
                new Table({
                  rows: table.map(
                    (r) => new TableRow({ children: r.map((c) => new TableCell({ children: [new Paragraph(c)] })) }),
                  ),
                }),
              ]
            : []),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** A PDF with a text layer: each page's lines drawn in the CJK font. */
async function pdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const f = await doc.embedFont(fs.readFileSync(FONT_FILE), { subset: true });
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((l, i) => page.drawText(l, { x: 50, y: 780 - i * 24, size: 14, font: f }));
  }
  return Buffer.from(await doc.save());
}

/** A ZIP of deflated entries, written by hand so a test can make one whose part inflates a thousand times. */
function zip(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = zlib.deflateRawSync(data);
    const n = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(zlib.crc32(data), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(n.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(zlib.crc32(data), 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(n.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(head, n, packed);
    central.push(dir, n);
    offset += 30 + n.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

describe.each(engines)('document check on %s', (engine) => {
  const ctx = useTestApp(engine);
  let ip = 0;
  /** Each call from its own address, so the rate limit of one test does not spill into the next. */
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
  const checkText = async (text: string, remoteAddress = nextIp()) =>
    ctx.app.inject({ method: 'POST', url: '/api/portal/standards/check/document', payload: { text }, remoteAddress });
  const upload = async (filename: string, content: Buffer) => {
    const { payload, headers } = multipart([{ filename, content }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/portal/standards/check/document',
      payload,
      headers,
      remoteAddress: nextIp(),
    });
  };
  const data = (res: { json(): { code: number; msg: string; data: unknown } }) => {
    const b = res.json();
    expect(b, b.msg).toMatchObject({ code: 0 });
    return b.data as DocCheckResultT;
  };

  beforeAll(async () => {
    await seedStandardsData(ctx.testDb.db, TODAY);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-doccheck-test-'));
    const f = path.join(dir, 'extra.csv');
    fs.writeFileSync(f, EXTRA);
    expect((await importFile(ctx.testDb.db, f, { source: '示例', today: TODAY })).rejected).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks pasted text: every verdict, in document order, with places and a summary', async () => {
    const text = [
      '1 编制依据',
      '《建筑设计防火规范》GB 50016-2014(2018年版)；',
      '上海 DGJ08-9-2013 与 GB/T 98001-2005、GB/T 98002-2027；',
      '无年份 JGJ/T 67 以及 GB/T 99999-2020；',
      '应满足《建筑设计防火规范》，电话 0760-88888888，第3.2.1条。',
    ].join('\n');
    const d = data(await checkText(text));
    expect(d.citations.map((c) => [c.cited, c.verdict, c.paragraph])).toEqual([
      ['GB 50016-2014(2018年版)', 'current', 2],
      ['DGJ08-9-2013', 'superseded', 3],
      ['GB/T 98001-2005', 'abolished', 3],
      ['GB/T 98002-2027', 'upcoming', 3],
      ['JGJ/T 67', 'yearMissing', 4],
      ['GB/T 99999-2020', 'notFound', 4],
      [null, 'current', 5],
    ]);
    const [fire, old, , soon, noYear, unknown, titleOnly] = d.citations;
    expect(fire!.citedTitle).toBe('建筑设计防火规范');
    expect(old!.replacedBy).toMatchObject({ standardNo: 'DG/TJ08-9-2023' });
    expect(old!.note).toContain('DG/TJ08-9-2023');
    expect(soon!.note).toContain('2027-03-01');
    expect(noYear!.inForce).toMatchObject({ standardNo: 'JGJ/T 67-2019' });
    expect(unknown!.standardNo).toBeNull();
    expect(unknown!.nearest.length).toBeGreaterThan(0);
    expect(titleOnly!.standardNo).toBe('GB 50016-2014(2018年版)');
    expect(d.summary).toEqual({
      cited: 7,
      current: 2,
      upcoming: 1,
      superseded: 1,
      abolished: 1,
      yearMissing: 1,
      notFound: 1,
      titleMismatch: 0,
    });
    // Offsets point into the text answered, for the highlighted view.
    for (const c of d.citations) expect(d.document.text.slice(c.start, c.end)).toBe(c.text);
  });

  it('flags a title that belongs to another name of the record, and the number it now has', async () => {
    const d = data(await checkText('《建筑抗震设计规范》GB 50011-2010'));
    expect(d.citations[0]).toMatchObject({ standardNo: 'GB/T 50011-2010', verdict: 'current', titleMismatch: true });
    expect(d.citations[0]!.note).toContain('建筑抗震设计标准');
    expect(d.citations[0]!.note).toContain('编号现为 GB/T 50011-2010');
    expect(d.summary.titleMismatch).toBe(1);
  });

  it('reads a DOCX: body, table, header and footer, with their parts', async () => {
    const file = await docx(
      ['本工程执行 DGJ08-9-2013。', '另见 GB/T 99999-2020。'],
      [
        ['序号', '标准'],
        ['1', 'JGJ/T 67-2019'],
      ],
      '页眉 GB 50016-2014',
      '页脚 GB/T 50011-2010',
    );
    const d = data(await upload('spec.docx', file));
    expect(d.document.kind).toBe('docx');
    expect(d.citations.map((c) => [c.cited, c.part, c.verdict])).toEqual([
      ['DGJ08-9-2013', '正文', 'superseded'],
      ['GB/T 99999-2020', '正文', 'notFound'],
      ['JGJ/T 67-2019', '表格', 'current'],
      ['GB 50016-2014', '页眉', 'current'],
      ['GB/T 50011-2010', '页脚', 'current'],
    ]);
  });

  it('reads a PDF page by page, a number broken across a line included', async () => {
    const file = await pdf([['第一页 引用 JGJ/T 67-2019'], ['第二页 应符合 GB/T 50011-', '2010 的规定']]);
    const d = data(await upload('spec.pdf', file));
    expect(d.document).toMatchObject({ kind: 'pdf', pages: 2, ocrPages: [] });
    expect(d.citations.map((c) => [c.cited, c.page])).toEqual([
      ['JGJ/T 67-2019', 1],
      ['GB/T 50011-2010', 2],
    ]);
  });

  it("leaves the request thread's JSON functions V8's own once PDFs have been checked (pdf.js only on readers)", async () => {
    // pdf.js's legacy build replaces JSON.stringify and JSON.parse with core-js polyfills on Node 20, about ten times
    // slower: loaded on the request thread it would slow every answer and pile up garbage (docs/decisions/0094). The
    // polyfills disguise their source, so it is read through another realm's Function.prototype.toString.
    data(await upload('spec.pdf', await pdf([['引用 JGJ/T 67-2019']])));
    const sourceOf = vm.runInNewContext('Function.prototype.toString') as (this: unknown) => string;
    for (const f of [JSON.stringify, JSON.parse]) expect(sourceOf.call(f)).toMatch(/\{\s*\[native code\]\s*\}$/);
  });

  it('reads every sheet of an XLSX, and TXT/MD', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('清单一').addRow(['1', 'JGJ/T 67-2019']);
    wb.addWorksheet('清单二').addRows([['标题'], ['2', 'DGJ08-9-2013']]);
    const d = data(await upload('list.xlsx', Buffer.from(await wb.xlsx.writeBuffer())));
    expect(d.citations.map((c) => [c.cited, c.part, c.paragraph])).toEqual([
      ['JGJ/T 67-2019', '清单一', 1],
      ['DGJ08-9-2013', '清单二', 2],
    ]);
    const md = data(await upload('notes.md', Buffer.from('# 依据\n\n- GB/T 50011-2010\n')));
    expect(md.document.kind).toBe('md');
    expect(md.citations[0]!.cited).toBe('GB/T 50011-2010');
  });

  it('refuses bad input with a Chinese message and a 4xx code, and leaves nothing in the temporary folder', async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('zs-doccheck-')).length;
    const refused = async (name: string, content: Buffer) => {
      const res = await upload(name, content);
      expect(res.statusCode).toBeLessThan(500);
      const b = res.json();
      expect(b.code).toBe(400);
      return b.msg as string;
    };
    expect(await refused('empty.pdf', Buffer.alloc(0))).toContain('0 字节');
    expect(await refused('lies.pdf', await docx(['GB 50016-2014']))).toContain('扩展名为 .pdf，但内容是Word 文档');
    expect(await refused('old.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]))).toContain('.doc');
    expect(await refused('broken.pdf', Buffer.from('%PDF-1.4\nnot really a pdf'))).toContain('PDF');
    // A DOCX whose document part claims to inflate a thousand times over (zip bomb).
    const bombBytes = zip({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'word/document.xml': Buffer.alloc(50 * 1024 * 1024, 0x20),
    });
    expect(await refused('bomb.docx', bombBytes)).toContain('压缩炸弹');
    const corrupt = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 1)]);
    expect(await refused('corrupt.xlsx', corrupt)).toMatch(/损坏|不是/);
    expect(await refused('data.bin', Buffer.from([0, 1, 2, 3, 0, 0]))).toContain('仅支持');
    expect(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('zs-doccheck-')).length).toBe(before);
    const blank = await checkText('   ');
    expect(blank.json()).toMatchObject({ code: 400, msg: '请提供要核查的文本' });
  });

  it('refuses a file over 20 MB, a corrupt DOCX, a zip-bomb XLSX and a DOCX over 500 pages, nothing left on disk', async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('zs-doccheck-')).length;
    const refused = async (name: string, content: Buffer) => {
      const res = await upload(name, content);
      expect(res.statusCode).toBeLessThan(500);
      const b = res.json();
      expect(b.code, b.msg).toBe(400);
      expect(b.msg).toMatch(/[\u4e00-\u9fff]/);
      return b.msg as string;
    };
    // One byte over the 20 MB limit, refused while the upload is read.
    expect(await refused('huge.txt', Buffer.alloc(20 * 1024 * 1024 + 1, 0x41))).toContain('20MB');
    // A real DOCX cut short: its central directory is gone.
    const whole = await docx(['应符合 GB 50016-2014 的规定。']);
    expect(await refused('cut.docx', whole.subarray(0, Math.floor(whole.length / 2)))).toMatch(/损坏|不是/);
    // A DOCX whose parts are all there but whose document part is not XML at all.
    const garbage = zip({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'word/document.xml': Buffer.from('this is not XML <w:body'),
    });
    expect(await refused('garbage.docx', garbage)).toMatch(/损坏|无法读取/);
    // An XLSX whose sheet claims to inflate a thousand times over (zip bomb).
    const xlsxBomb = zip({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'xl/workbook.xml': Buffer.from('<workbook/>'),
      'xl/worksheets/sheet1.xml': Buffer.alloc(50 * 1024 * 1024, 0x20),
    });
    expect(await refused('bomb.xlsx', xlsxBomb)).toContain('压缩炸弹');
    // A DOCX that says it has 501 pages.
    const longDocx = zip({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'word/document.xml': Buffer.from('<w:document/>'),
      'docProps/app.xml': Buffer.from('<Properties><Pages>501</Pages></Properties>'),
    });
    expect(await refused('long.docx', longDocx)).toContain('超过500页');
    expect(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('zs-doccheck-')).length).toBe(before);
  }, 60_000);

  it('reads a scanned page through OCR when tesseract with chi_sim is installed, else says why not', async () => {
    // A scanner's page: the text drawn into an image, the image alone on the page, no text layer.
    const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
    GlobalFonts.registerFromPath(FONT_FILE, 'ZsTestSans');
    const canvas = createCanvas(1654, 400);
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 1654, 400);
    g.fillStyle = '#000';
    g.font = '56px ZsTestSans';
    g.fillText('应符合 JGJ/T 67-2019 的规定。', 80, 200);
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(canvas.toBuffer('image/png'));
    doc.addPage([595, 144]).drawImage(png, { x: 0, y: 0, width: 595, height: 144 });
    const res = await upload('scan.pdf', Buffer.from(await doc.save()));
    if (ocrLanguages()) {
      const d = data(res);
      expect(d.document.ocrPages).toEqual([1]);
      expect(d.citations.map((c) => [c.cited, c.page, c.ocr])).toEqual([['JGJ/T 67-2019', 1, true]]);
    } else {
      expect(res.json()).toMatchObject({ code: 400 });
      expect(res.json().msg).toContain('没有文字层');
    }
  });

  it('refuses an encrypted PDF and one over 500 pages', async () => {
    // The smallest encrypted PDF: an /Encrypt dictionary in the trailer is enough for pdf.js to ask for a password.
    const enc = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
        '3 0 obj<</Filter/Standard/V 1/R 2/O(0123456789abcdef0123456789abcdef)/U(0123456789abcdef0123456789abcdef)/P -4>>endobj\n' +
        'trailer<</Root 1 0 R/Encrypt 3 0 R/ID[<00112233445566778899aabbccddeeff><00112233445566778899aabbccddeeff>]>>\n%%EOF\n',
    );
    const a = await upload('secret.pdf', enc);
    expect(a.json().code).toBe(400);
    expect(a.json().msg).toMatch(/加密|无法读取/);
    const many = await PDFDocument.create();
    for (let i = 0; i < 501; i++) many.addPage([100, 100]);
    const b = await upload('long.pdf', Buffer.from(await many.save()));
    expect(b.json()).toMatchObject({ code: 400 });
    expect(b.json().msg).toContain('超过500页');
  });

  it('stops a reader past its deadline with a Chinese message, and the next document gets a fresh one', async () => {
    const file = await pdf(Array.from({ length: 40 }, (_, i) => [`第${i + 1}页 GB/T 50011-2010`]));
    const temps = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('zs-doccheck-')).length;
    const before = temps();
    await expect(readInWorker(file, 'slow.pdf', 1)).rejects.toMatchObject({
      code: 400,
      message: expect.stringContaining('读取超时'),
    });
    // The stopped reader's temporary folder is gone too.
    expect(temps()).toBe(before);
    const doc = await readInWorker(file, 'slow.pdf');
    expect(doc.pages).toBe(40);
  });

  it('reads a large PDF in two shares at once and gives its pages back in order', async () => {
    const file = await pdf(
      Array.from({ length: 200 }, (_, i) => [
        `第${i + 1}页 应符合 GB/T 50011-2010 的规定`,
        ...Array.from({ length: 8 }, (_, j) => `第${j + 1}行 施工单位应按照设计文件组织施工，编号 ${(i * 8 + j) * 7919}。`),
      ]),
    );
    expect(file.byteLength).toBeGreaterThanOrEqual(SHARE_MIN_BYTES);
    const doc = await readInWorker(file, 'big.pdf');
    expect(doc.pages).toBe(200);
    // The shares put together in page order and searched on a reader thread: one citation a page, in order.
    const { text, found } = doc.found!;
    expect(found.map((f) => f.page)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(found.every((f) => f.no?.key === 'GB/T50011-2010' && text.slice(f.start, f.end) === f.text)).toBe(true);
    const pageStarts = [...text.matchAll(/第(\d+)页/g)].map((m) => Number(m[1]));
    expect(pageStarts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 180_000);

  it('runs the readers at a lower priority than the request thread (Linux), the process itself unchanged', async () => {
    await readInWorker(await pdf([['应符合 GB/T 50011-2010 的规定']]), 'one.pdf');
    const nice = (tid: string) => Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    if (!fs.existsSync('/proc/thread-self')) {
      // Elsewhere the readers run at the process's priority, as before.
      expect(lowerThreadPriority(10)).toBeNull();
      return;
    }
    const tasks = fs.readdirSync('/proc/self/task');
    const self = fs.readlinkSync('/proc/thread-self').split('/').pop()!;
    expect(nice(self)).toBe(0);
    // The readers (and threads they start) sit at nice 10; the process's other threads do not.
    const niced = tasks.filter((t) => nice(t) === 10);
    expect(niced.length).toBeGreaterThanOrEqual(1);
    expect(tasks.length - niced.length).toBeGreaterThan(READERS);
    if (self === String(process.pid)) {
      // On the main thread the helper refuses: it never lowers the whole process.
      expect(lowerThreadPriority(10)).toBeNull();
      expect(nice(self)).toBe(0);
    }
  });

  it('refuses a document when the readers and their queue are full: Chinese message, Retry-After, no 5xx', async () => {
    const file = await pdf(Array.from({ length: 60 }, (_, i) => [`第${i + 1}页 GB/T 50011-2010`]));
    // No queue: two readers take two documents, the others that arrive meanwhile are refused.
    setReaderQueueMax(0);
    try {
      const all = await Promise.all(Array.from({ length: 6 }, () => upload('busy.pdf', file)));
      expect(all.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      const refused = all.filter((r) => r.json().code !== 0);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.length).toBeLessThan(6);
      for (const r of refused) {
        expect(r.json()).toMatchObject({ code: 429, msg: QUEUE_FULL });
        expect(QUEUE_FULL).toContain('排队');
        expect(r.headers['retry-after']).toBe('30');
      }
    } finally {
      setReaderQueueMax(20);
    }
    // A queue that holds no more bytes than one upload's: the documents that would wait beyond it are refused
    // alike, before their upload is read when the readers are already busy.
    setReaderQueueMax(20, file.byteLength + 1024);
    try {
      const all = await Promise.all(Array.from({ length: 6 }, () => upload('busy.pdf', file)));
      const codes = all.map((r) => r.json().code);
      expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(2);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
      expect(codes.every((c) => c === 0 || c === 429)).toBe(true);
      for (const r of all.filter((x) => x.json().code === 429)) expect(r.headers['retry-after']).toBe('30');
    } finally {
      setReaderQueueMax(20);
    }
    // The queue back: all of them answered.
    const again = await Promise.all(Array.from({ length: 4 }, () => upload('busy.pdf', file)));
    expect(again.map((r) => r.json().msg)).toEqual(Array(4).fill('成功'));
  }, 180_000);

  it('keeps a number read through OCR repairs only when the catalogue holds that very edition', async () => {
    const ocrDoc = (text: string) => ({
      kind: 'pdf' as const,
      pages: 1,
      ocrPages: [1],
      notes: [],
      segments: [{ text, page: 1, paragraph: null, part: null, ocr: true }],
    });
    // `’` for the slash, `O` for a zero, `一` for the dash: repaired, and JGJ/T 67-2019 is in the catalogue.
    const a = await checkDocument(ctx.testDb.db, ocrDoc('按照JGJ’T 67一2O19执行。'), null, 'scan.pdf');
    expect(a.citations.map((c) => [c.cited, c.text, c.standardNo])).toEqual([
      ['JGJ/T 67-2019', 'JGJ’T 67一2O19', 'JGJ/T 67-2019'],
    ]);
    // The same confusions around an edition the catalogue does not hold: no citation is made up from them.
    const b = await checkDocument(ctx.testDb.db, ocrDoc('按照JGJ’T 67一2O18执行。'), null, 'scan.pdf');
    expect(b.citations.map((c) => c.cited)).not.toContain('JGJ/T 67-2018');
    // Text that is not OCR'd is never repaired.
    const c = await checkDocument(ctx.testDb.db, null, '按照JGJ’T 67一2O19执行。', null);
    expect(c.citations.map((x) => x.cited)).not.toContain('JGJ/T 67-2019');
  });

  it('limits checks per address', async () => {
    const addr = '10.200.0.1';
    for (let i = 0; i < 30; i++) expect((await checkText('GB 50016-2014', addr)).json().code).toBe(0);
    expect((await checkText('GB 50016-2014', addr)).json()).toMatchObject({ code: 429, msg: '文档核查过于频繁，请稍后再试' });
  });

  it('limits checks per signed-in user, whatever the address', async () => {
    const u = await userWithToken(ctx.app);
    const other = await userWithToken(ctx.app);
    const check = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/portal/standards/check/document',
        payload: { text: 'GB 50016-2014' },
        headers: { authorization: token },
        // Each from its own address: only the user's limit can stop them.
        remoteAddress: nextIp(),
      });
    for (let i = 0; i < CHECKS_PER_USER_PER_HOUR; i++) expect((await check(u.token)).json().code).toBe(0);
    expect((await check(u.token)).json()).toMatchObject({ code: 429, msg: '文档核查过于频繁，请稍后再试' });
    // Another user is not held back by it.
    expect((await check(other.token)).json().code).toBe(0);
  }, 60_000);

  it('downloads the annotated list as XLSX and the 编制依据 table as DOCX, both read back', async () => {
    const d = data(await checkText('依据 DGJ08-9-2013、GB/T 99999-2020 和 JGJ/T 67-2019；再引 DGJ08-9-2013。'));
    const body = { name: '示例说明书', citations: d.citations };
    const x = await ctx.app.inject({ method: 'POST', url: '/api/portal/standards/check/document/xlsx', payload: body });
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[3], r[4], r[5]])).toEqual([
      ['DGJ08-9-2013', '被代替', 'DGJ08-9-2013'],
      ['GB/T 99999-2020', '未收录', ''],
      ['JGJ/T 67-2019', '现行', 'JGJ/T 67-2019'],
      ['DGJ08-9-2013', '被代替', 'DGJ08-9-2013'],
    ]);
    const w = await ctx.app.inject({ method: 'POST', url: '/api/portal/standards/check/document/docx', payload: body });
    expect(w.headers['content-type']).toContain('wordprocessingml');
    const text = (await mammoth.extractRawText({ buffer: w.rawPayload })).value.replace(/\s+/g, ' ');
    for (const s of [
      '编制依据',
      '序号',
      '标准名称',
      '标准编号',
      '状态',
      '备注',
      '建议引用现行版本 DG/TJ08-9-2023',
      'GB/T 99999-2020',
      '未收录',
    ]) {
      expect(text).toContain(s);
    }
    // Each standard once in the table: DGJ08-9-2013 was cited twice.
    expect(text.split('DGJ08-9-2013').length - 1).toBe(1);
  });

  it("keeps a signed-in user's result (not the document), runs it again and lists what changed", async () => {
    const d = data(await checkText(`${'前言'.repeat(40)}依据 JGJ/T 67-2019 与 GB/T 99999-2020。${'正文'.repeat(40)}`));
    const body = { name: '示例说明书', citations: d.citations };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/doc-checks', payload: body })).json().code).toBe(401);
    const u = await userWithToken(ctx.app);
    const other = await userWithToken(ctx.app);
    const auth = (t: string) => ({ authorization: t });
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/user/doc-checks', payload: body, headers: auth(u.token) });
    expect(saved.json()).toMatchObject({ code: 0, msg: '已保存' });
    const id = saved.json().data.id as number;
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/user/doc-checks', headers: auth(u.token) })).json().data;
    expect(list).toMatchObject([{ id, name: '示例说明书', summary: { cited: 2, current: 1, notFound: 1 } }]);
    // Nothing of the document's text is kept: only the citations as read and their verdicts.
    const [row] = await ctx.testDb.db.query<{ citations: unknown }>('select citations from doc_check_results where id = $1', [
      id,
    ]);
    expect(JSON.stringify(row!.citations)).not.toContain(d.document.text);
    // Another user sees none of it.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/doc-checks', headers: auth(other.token) })).json().data,
    ).toEqual([]);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/doc-checks/${id}/recheck`,
      headers: auth(other.token),
    });
    expect(foreign.json().code).toBe(404);

    // The catalogue changes: JGJ/T 67-2019 is abolished. Running the saved check again shows it.
    await ctx.testDb.db.query("update standards set status = 'abolished' where standard_no = 'JGJ/T 67-2019'");
    try {
      const again = await ctx.app.inject({ method: 'POST', url: `/api/user/doc-checks/${id}/recheck`, headers: auth(u.token) });
      expect(again.json().data.changes).toEqual([
        {
          index: 1,
          text: 'JGJ/T 67-2019',
          before: { verdict: 'current', standardNo: 'JGJ/T 67-2019' },
          after: { verdict: 'abolished', standardNo: 'JGJ/T 67-2019' },
        },
      ]);
      expect(again.json().data.summary).toMatchObject({ cited: 2, current: 0, abolished: 1, notFound: 1 });
    } finally {
      await ctx.testDb.db.query("update standards set status = 'current' where standard_no = 'JGJ/T 67-2019'");
    }
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/user/doc-checks/${id}`, headers: auth(u.token) });
    expect(del.json()).toMatchObject({ code: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/doc-checks', headers: auth(u.token) })).json().data).toEqual(
      [],
    );
  });
});
