// The labelled corpus of the document-check bench (issue 26): documents written here from the real catalogue's
// numbers and titles by several rules (spellings, titles in 《》, lists sharing a prefix, numbers broken across a
// PDF line, unknown numbers, and words that look like numbers but are not), each with the citations it holds.
// The documents are benchmark data only (示例); they never ship as content.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { Document, Footer, Header, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { FONT_FILE } from '../apps/server/src/lib/pdf/pdf.ts';

export interface CatalogueRecord {
  standardNo: string;
  nameZh: string;
  /** The catalogue's key of the number: what a citation of it must be read as. */
  key: string;
  prefix: string;
}

/** A citation as written, and the label it must be read as: the number's key, or `title:` and the title. */
export interface Written {
  text: string;
  label: string;
}

export interface LabelledDocument {
  name: string;
  rule: string;
  bytes: Buffer;
  labels: string[];
  /** Read through OCR: its figures are printed apart. */
  scanned?: boolean;
}

let seed = 26;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;

const FULL = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');
const DASHES = ['—', '－', '–'];

/** The spellings people write a number in (the rules of issue 26). */
const SPELLINGS: ((no: string) => string)[] = [
  (no) => no,
  (no) => no.replace(/ /, ''),
  (no) => no.replace(/-(\d{4})(?=\(|$)/, `${pick(DASHES)}$1`),
  (no) => FULL(no),
  (no) => no.replace(/^(GB|JGJ|CJJ)\/T /, '$1/T'),
];

/** Words that look like numbers and are not citations. */
const FALSE_FRIENDS = [
  '本工程于2023-05-18开工，计划2024-12-31竣工。',
  '联系电话：0760-88223344，传真（0760）8822 3345，手机13800138000。',
  '详见第3.2.1条及表4.1.2-1，按5.3.6款执行。',
  '钢筋采用HRB400，混凝土强度等级C30，钢材Q235B，管径DN100，砌筑砂浆M10，施工升降机SC200。',
  '依据《中华人民共和国建筑法》和《建设工程质量管理条例》组织施工。',
  '合同编号ZS-2024-0156，版本V2.3.1，共计1250.50万元。',
  '第 12 页 共 300 页',
];

const FILLER = [
  '本说明适用于中山市某示例项目的施工图设计，除注明者外，均应满足国家现行有关标准的要求。',
  '施工单位应按照设计文件组织施工，材料进场应进行见证取样检验，合格后方可使用。',
  '结构设计使用年限为50年，建筑结构安全等级为二级，抗震设防烈度为7度。',
  '各专业图纸应互相对照，发现矛盾应及时与设计单位联系解决。',
];

export class CorpusWriter {
  constructor(
    private readonly records: CatalogueRecord[],
    private readonly unknown: CatalogueRecord[],
  ) {}

  /** One citation by a random rule. */
  citation(allowBreak = false): Written {
    const r = rnd();
    if (r < 0.08) {
      const u = pick(this.unknown);
      return { text: pick(SPELLINGS)(u.standardNo), label: u.key };
    }
    const rec = pick(this.records);
    if (r < 0.16) return { text: `《${rec.nameZh}》`, label: `title:${rec.nameZh}` };
    if (r < 0.3) return { text: `《${rec.nameZh}》${rec.standardNo}`, label: rec.key };
    if (r < 0.4) return { text: `《${rec.nameZh}》（${rec.standardNo}）`, label: rec.key };
    if (allowBreak && r < 0.5 && /-\d{4}/.test(rec.standardNo)) {
      return { text: rec.standardNo.replace(/-(\d{4})/, '-\n$1'), label: rec.key };
    }
    return { text: pick(SPELLINGS)(rec.standardNo), label: rec.key };
  }

  /** Two numbers of one series written as a list (`GB 50016-2014、50017-2017`), when the catalogue has a pair. */
  list(): Written[] | undefined {
    const a = pick(this.records);
    if (!/^[A-Z/]+ \d+-\d{4}$/.test(a.standardNo)) return undefined;
    const b = this.records.find((x) => x !== a && x.prefix === a.prefix && /^[A-Z/]+ \d+-\d{4}$/.test(x.standardNo));
    if (!b) return undefined;
    return [
      { text: `${a.standardNo}、${b.standardNo.slice(a.prefix.length).trim()}`, label: a.key },
      { text: '', label: b.key },
    ];
  }

  /** Paragraphs of prose, each with zero to three citations and, now and then, a false friend. */
  paragraphs(count: number, perParagraph: number, allowBreak = false): { lines: string[]; labels: string[] } {
    const lines: string[] = [];
    const labels: string[] = [];
    for (let i = 0; i < count; i++) {
      const parts: string[] = [pick(FILLER)];
      const n = Math.floor(rnd() * (perParagraph + 1));
      for (let j = 0; j < n; j++) {
        const list = rnd() < 0.1 ? this.list() : undefined;
        if (list) {
          parts.push(`应符合 ${list[0]!.text} 的规定；`);
          labels.push(...list.map((l) => l.label));
          continue;
        }
        const c = this.citation(allowBreak);
        parts.push(
          `${pick(['应符合', '执行', '按照', '参照', '满足'])}${rnd() < 0.5 ? ' ' : ''}${c.text}${pick(['的规定；', '的要求。', '；', '执行。'])}`,
        );
        labels.push(c.label);
      }
      if (rnd() < 0.3) parts.push(pick(FALSE_FRIENDS));
      lines.push(parts.join(''));
    }
    return { lines, labels };
  }

  /** A product standard's 规范性引用文件 clause: one number and title a line, as GB/T 1.1 lays it out. */
  normativeReferences(count: number): { lines: string[]; labels: string[] } {
    const lines = [
      '2 规范性引用文件',
      '下列文件中的内容通过文中的规范性引用而构成本文件必不可少的条款。其中，注日期的引用文件，仅该日期对应的版本适用于本文件；不注日期的引用文件，其最新版本（包括所有的修改单）适用于本文件。',
    ];
    const labels: string[] = [];
    for (let i = 0; i < count; i++) {
      const rec = pick(this.records);
      lines.push(`${rec.standardNo}\u3000${rec.nameZh}`);
      labels.push(rec.key);
    }
    return { lines, labels };
  }
}

export const txt = (lines: string[]) => Buffer.from(lines.join('\n'), 'utf8');

export async function docx(lines: string[], table: string[][] = [], header = '', footer = '', pageEvery = 0): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [];
  lines.forEach((l, i) => {
    children.push(new Paragraph({ children: [new TextRun(l)] }));
    if (pageEvery && (i + 1) % pageEvery === 0) children.push(new Paragraph({ children: [new PageBreak()] }));
  });
  if (table.length) {
    children.push(
      new Table({
        rows: table.map((r) => new TableRow({ children: r.map((c) => new TableCell({ children: [new Paragraph(c)] })) })),
      }),
    );
  }
  const doc = new Document({
    sections: [
      {
        headers: header ? { default: new Header({ children: [new Paragraph(header)] }) } : undefined,
        footers: footer ? { default: new Footer({ children: [new Paragraph(footer)] }) } : undefined,
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}

export async function xlsx(sheets: Record<string, string[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Lines of at most `width` characters, as a word processor wraps them, but never inside a number or a title in
 * 《》 (the grammar joins a number broken at a space, a slash or the dash before its year; those breaks are
 * written on purpose by CorpusWriter.citation).
 */
function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  for (let part of line.split('\n')) {
    while (part.length > width) {
      let cut = width;
      while (cut > 1 && unsafeCut(part, cut)) cut--;
      // No safe place (a long title and its number): inside the title then, as a word processor would.
      if (cut <= 1) for (cut = width; cut > 1 && JOINED.test(part[cut - 1]!) && JOINED.test(part[cut]!);) cut--;
      if (cut <= 1) cut = width;
      out.push(part.slice(0, cut));
      part = part.slice(cut);
    }
    out.push(part);
  }
  return out;
}

const JOINED = /[A-Za-z0-9./\-()（）\uFF01-\uFF5E\u3000 :—–－年版]/;
function unsafeCut(s: string, at: number): boolean {
  const open = s.lastIndexOf('《', at - 1);
  if (open >= 0 && s.indexOf('》', open) >= at) return true;
  return JOINED.test(s[at - 1]!) && JOINED.test(s[at]!);
}

/**
 * A PDF with a text layer: lines wrapped and laid out top to bottom, in one or two columns (the left column
 * written first, as word processors write them). Wrapping may cut a number; that is labelled as written.
 */
export async function pdf(
  lines: string[],
  opts: { columns?: 1 | 2; linesPerPage?: number; size?: number } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fs.readFileSync(FONT_FILE), { subset: true });
  const columns = opts.columns ?? 1;
  const size = opts.size ?? 10;
  const per = opts.linesPerPage ?? 60;
  // Wrap only between citations' words: whole lines of the source stay whole, a long one is split at its end.
  // Characters a line: the CJK font is one em wide a character, so a column of 230 or 500 points holds this many.
  const width = Math.floor((columns === 2 ? 230 : 500) / size);
  const flat = lines.flatMap((l) => wrap(l, width));
  let page: PDFPage | undefined;
  let row = 0;
  let col = 0;
  for (const l of flat) {
    if (!page || row >= per) {
      if (!page || col === columns - 1) {
        page = doc.addPage([595, 842]);
        col = 0;
      } else {
        col++;
      }
      row = 0;
    }
    draw(page, font, l, 40 + col * 270, 800 - row * (size + 3), size);
    row++;
  }
  return Buffer.from(await doc.save());
}

function draw(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size: number) {
  // The bench's font is a GB2312 subset without the en dash (it would print as .notdef, read back as U+0000):
  // an em dash instead, as a word processor with that font would substitute.
  if (text) page.drawText(text.replace(/–/g, '—'), { x, y, size, font });
}

/**
 * A scanner's PDF: each page of a text PDF rendered to an image (pdf.js on a canvas, in a worker thread:
 * document-scan-worker.mjs says why) and placed alone on a page, with no text layer, as a scanner makes it.
 */
export async function scanned(textPdf: Buffer): Promise<Buffer> {
  const worker = new Worker(new URL('./document-scan-worker.mjs', import.meta.url), { workerData: new Uint8Array(textPdf) });
  const pngs = await new Promise<Uint8Array[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`scan worker exited (${code})`)));
  });
  await worker.terminate();
  const out = await PDFDocument.create();
  for (const bytes of pngs) {
    const png = await out.embedPng(bytes);
    out.addPage([595, 842]).drawImage(png, { x: 0, y: 0, width: 595, height: 842 });
  }
  return Buffer.from(await out.save());
}
