import { DOC_CHECK_MAX_PAGES } from '@zs/shared/api/document-check';
import { decodeText } from '../../../lib/tabular/encoding.ts';
import { assertZipWithinLimits, ZipLimitError, type ZipLimits } from '../../../lib/tabular/zip-guard.ts';
import { DocumentRefused, readEntry, zipEntries, type ZipEntry } from './zip.ts';
import { readPdf, type PageShare } from './pdf-reader.ts';

import type { DocKind, ReadDocument, Segment } from './document.ts';

export type { DocKind, ReadDocument, Segment };

/** An Office document of at most 20 MB: images inflate little, text parts at most about 200 times. */
const DOC_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxEntryBytes: 300 * 1024 * 1024,
  maxTotalBytes: 400 * 1024 * 1024,
  maxRatio: 200,
};

const EXT: Record<string, DocKind> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  docx: 'docx',
  pdf: 'pdf',
  xlsx: 'xlsx',
};
const KIND_NAME: Record<DocKind, string> = {
  txt: '文本文件',
  md: 'Markdown 文本',
  docx: 'Word 文档（DOCX）',
  pdf: 'PDF 文件',
  xlsx: 'Excel 工作簿（XLSX）',
};
export const UNSUPPORTED = '仅支持 DOCX、PDF、XLSX、TXT 和 MD 文件';

/** What the bytes are, whatever the name says; a name whose extension says otherwise is refused. */
export function kindOf(bytes: Buffer, name: string | null): DocKind {
  if (!bytes.length) throw new DocumentRefused('文件为空（0 字节），请选择有内容的文件');
  const ext = /\.([A-Za-z]+)$/.exec(name ?? '')?.[1]?.toLowerCase();
  if (ext === 'doc' || ext === 'xls' || bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw new DocumentRefused('不支持旧版 Word/Excel 格式（.doc/.xls），请另存为 DOCX 或 XLSX 后再上传');
  }
  const content = contentKind(bytes, ext);
  if (!content) throw new DocumentRefused(UNSUPPORTED);
  const claimed = ext ? EXT[ext] : undefined;
  if (ext && !claimed) throw new DocumentRefused(UNSUPPORTED);
  // TXT and MD are both text: either name fits either content.
  const same = claimed === content || (['txt', 'md'].includes(claimed ?? '') && ['txt', 'md'].includes(content));
  if (claimed && !same) {
    throw new DocumentRefused(`文件扩展名为 .${ext}，但内容是${KIND_NAME[content]}，请检查文件后重新上传`);
  }
  return claimed ?? content;
}

function contentKind(bytes: Buffer, ext: string | undefined): DocKind | undefined {
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (bytes.readUInt32LE(0) === 0x04034b50) {
    const names = new Set(zipEntries(bytes).map((e) => e.name));
    if (names.has('word/document.xml')) return 'docx';
    if (names.has('xl/workbook.xml')) return 'xlsx';
    return undefined;
  }
  // Text: no NUL bytes, except UTF-16 (which has a BOM).
  const head = bytes.subarray(0, 8192);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.includes(0)) return undefined;
  return ext === 'md' || ext === 'markdown' ? 'md' : 'txt';
}

export async function readDocument(bytes: Buffer, kind: DocKind, tmpDir: string, share?: PageShare): Promise<ReadDocument> {
  if (kind === 'pdf') return readPdf(bytes, tmpDir, share);
  if (kind === 'docx') return readDocx(bytes);
  if (kind === 'xlsx') return readXlsx(bytes);
  return readText(bytes, kind);
}

function readText(bytes: Buffer, kind: DocKind): ReadDocument {
  let text: string;
  try {
    text = decodeText(bytes).text;
  } catch {
    throw new DocumentRefused('文本文件编码无法识别，请另存为 UTF-8 编码后再上传');
  }
  return { kind, pages: null, ocrPages: [], notes: [], segments: paragraphs(text, null) };
}

/** Non-blank lines as paragraphs, numbered from 1. */
export function paragraphs(text: string, part: string | null, from = 1): Segment[] {
  const out: Segment[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim()) out.push({ text: line, page: null, paragraph: from + out.length, part, ocr: false });
  }
  return out;
}

async function officeEntries(bytes: Buffer): Promise<ZipEntry[]> {
  try {
    await assertZipWithinLimits(bytes, DOC_ZIP_LIMITS);
  } catch (err) {
    if (err instanceof ZipLimitError) throw new DocumentRefused(err.message);
    throw new DocumentRefused('文件已损坏或不是有效的 Office 文档，请用 Word/Excel 打开后另存再上传');
  }
  return zipEntries(bytes);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/**
 * DOCX: the body, its tables and its footnotes and endnotes through mammoth's HTML (which keeps the tables and
 * puts the notes at the end), then the headers and footers, which mammoth leaves out, from their own parts.
 */
async function readDocx(bytes: Buffer): Promise<ReadDocument> {
  const entries = await officeEntries(bytes);
  const pages = Number(/<Pages>(\d+)<\/Pages>/.exec(entryText(bytes, entries, 'docProps/app.xml'))?.[1] ?? 0);
  if (pages > DOC_CHECK_MAX_PAGES) throw new DocumentRefused(`文档超过${DOC_CHECK_MAX_PAGES}页，请拆分后再上传`);
  let html: string;
  try {
    // Loaded on first use: a reader that only ever reads PDFs does not carry mammoth (nor exceljs) in its memory.
    const mammoth = (await import('mammoth')).default;
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch {
    throw new DocumentRefused('Word 文档已损坏或无法读取，请用 Word 打开后另存再上传');
  }
  const segments = htmlSegments(html);
  for (const [re, part] of [
    [/^word\/header\d*\.xml$/, '页眉'],
    [/^word\/footer\d*\.xml$/, '页脚'],
  ] as const) {
    for (const e of entries
      .filter((x) => re.test(x.name))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))) {
      for (const p of wordParagraphs(readEntry(bytes, e).toString('utf8'))) {
        segments.push({ text: p, page: null, paragraph: segments.length + 1, part, ocr: false });
      }
    }
  }
  return { kind: 'docx', pages: pages || null, ocrPages: [], notes: [], segments };
}

function entryText(bytes: Buffer, entries: ZipEntry[], name: string): string {
  const e = entries.find((x) => x.name === name);
  return e ? readEntry(bytes, e).toString('utf8') : '';
}

/** The text of each `<w:p>` of a WordprocessingML part (tabs and breaks as spaces). */
export function wordParagraphs(xml: string): string[] {
  const out: string[] = [];
  for (const p of xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    const text = unescapeXml(
      p
        .replace(/<w:(tab|br)\b[^>]*\/>/g, ' ')
        .match(/<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/g)
        ?.map((t) => t.replace(/<[^>]+>/g, ''))
        .join('') ?? '',
    );
    if (text.trim()) out.push(text);
  }
  return out;
}

/** Paragraphs of mammoth's HTML with their part: 表格 inside a table, 脚注/尾注 in the notes list, else 正文. */
export function htmlSegments(html: string): Segment[] {
  const out: Segment[] = [];
  let table = 0;
  let note: string | null = null;
  let buf = '';
  const flush = () => {
    const text = unescapeXml(buf).replace(/\s+/g, ' ').trim();
    buf = '';
    if (text) out.push({ text, page: null, paragraph: out.length + 1, part: note ?? (table ? '表格' : '正文'), ocr: false });
  };
  // Note references in the text (`[1]`) and the notes' back links (`↑`) are not the document's words.
  const clean = html
    .replace(/<sup><a href="#(?:footnote|endnote)-[^"]*"[^>]*>[^<]*<\/a><\/sup>/g, '')
    .replace(/<a href="#(?:footnote|endnote)-ref-[^"]*">[^<]*<\/a>/g, '');
  for (const tok of clean.split(/(<[^>]+>)/)) {
    if (!tok.startsWith('<')) {
      buf += tok;
      continue;
    }
    const m = /^<(\/?)([a-z0-9]+)([^>]*)>$/i.exec(tok);
    if (!m) continue;
    const [, close, tag, attrs] = m;
    const name = tag!.toLowerCase();
    if (name === 'table') {
      flush();
      table += close ? -1 : 1;
    } else if (name === 'li' && !close) {
      flush();
      const id = /id="(footnote|endnote)-/.exec(attrs!);
      if (id) note = id[1] === 'footnote' ? '脚注' : '尾注';
    } else if (['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th', 'tr'].includes(name)) {
      flush();
    } else if (name === 'br') {
      buf += ' ';
    }
  }
  flush();
  return out;
}

/** XLSX: every row of every sheet, cells joined by tabs; the row number is the segment's paragraph. */
async function readXlsx(bytes: Buffer): Promise<ReadDocument> {
  await officeEntries(bytes);
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new DocumentRefused('Excel 工作簿已损坏或无法读取，请用 Excel 打开后另存再上传');
  }
  const segments: Segment[] = [];
  wb.eachSheet((sheet) => {
    sheet.eachRow({ includeEmpty: false }, (row, n) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell) => {
        const t = cell.text?.trim();
        if (t) cells.push(t);
      });
      if (cells.length) segments.push({ text: cells.join('\t'), page: null, paragraph: n, part: sheet.name, ocr: false });
    });
  });
  return { kind: 'xlsx', pages: null, ocrPages: [], notes: [], segments };
}
