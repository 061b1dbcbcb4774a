import fs from 'node:fs';
import { CsvError, CsvParser, delimiterOf, MAX_RECORD_CHARS, type CsvRecord } from './csv.ts';
import { decoderFor, detectFileEncoding, EncodingError, notAllIn } from './encoding.ts';
import { assertZipWithinLimits, IMPORT_ZIP_LIMITS } from './zip-guard.ts';

/** One input record with the line (CSV/JSON) or row number (XLSX) it started on. */
export interface SourceRow {
  line: number;
  row: Record<string, unknown>;
}

export type InputFormat = 'csv' | 'xlsx' | 'json';

export function formatOf(file: string, explicit?: string): InputFormat {
  const f = (explicit ?? file.split('.').pop() ?? '').toLowerCase();
  if (f === 'csv' || f === 'xlsx' || f === 'json') return f;
  if (f === 'jsonl' || f === 'ndjson') return 'json';
  throw new Error(`Unknown input format "${f}" (use --format csv|xlsx|json)`);
}

export function readRows(file: string, format: InputFormat): AsyncIterable<SourceRow> {
  if (format === 'csv') return readCsv(file);
  if (format === 'xlsx') return readXlsx(file);
  return readJson(file);
}

/**
 * RFC 4180 CSV, streamed (csv.ts): quoted fields may hold commas, quotes ("") and newlines. The encoding is
 * told from the file's first bytes (encoding.ts: UTF-8 with or without BOM, UTF-16 with BOM, GB18030/GBK;
 * anything else is refused with EncodingError) and the bytes are decoded as they stream, so a character split
 * between two chunks reads right; BOM dropped. The separator is a comma, or a tab when the header line holds
 * more tabs than commas (Excel's "Unicode 文本"). Blank lines skipped, rows may be shorter or longer than the
 * header. A line ends with CRLF or LF (files mix them). Each row carries the line it starts on, for the
 * rejection report.
 */
export async function* readCsv(file: string): AsyncIterable<SourceRow> {
  const encoding = await detectFileEncoding(file);
  const decoder = decoderFor(encoding);
  let parser: CsvParser | undefined;
  let header: string[] | undefined;
  const rows = function* (records: CsvRecord[]) {
    for (const { line, fields } of records) {
      if (!header) header = headerOf(fields);
      else yield { line, row: toObject(header, fields) };
    }
  };
  const decode = (bytes: Buffer | undefined): string => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new EncodingError(notAllIn(encoding, parser ? `第 ${parser.lines} 行附近` : ''));
    }
  };
  try {
    // Leaving the loop early (a preview) closes the file: for await ends the stream.
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
      const text = decode(chunk as Buffer);
      parser ??= new CsvParser({ delimiter: delimiterOf(text) });
      yield* rows(parser.push(text));
    }
    const tail = decode(undefined);
    parser ??= new CsvParser({ delimiter: delimiterOf(tail) });
    yield* rows(parser.push(tail, true));
  } catch (err) {
    throw csvError(err);
  }
}

/** What a file is read as, in the preview's words: a CSV's detected encoding (EncodingError if none fits). */
export async function encodingOf(file: string, format: InputFormat): Promise<string> {
  if (format === 'xlsx') return 'XLSX';
  if (format === 'json') return 'UTF-8';
  return (await detectFileEncoding(file)).name;
}

/** Where the CSV is malformed, in Chinese. */
function csvError(err: unknown): Error {
  if (!(err instanceof CsvError)) return err as Error;
  const where = `第 ${err.lines} 行`;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return new Error(`CSV ${where}的引号没有闭合，请检查该行`);
  return new Error(
    `CSV ${where}起的一条记录超过 ${MAX_RECORD_CHARS.toLocaleString('en-US')} 个字符，多半是引号没有闭合，请检查该行`,
  );
}

/** Trimmed header names; a repeated name gets "#2", "#3" (the CCS level-3 file has two 代码 columns). */
function headerOf(fields: unknown[]): string[] {
  const seen = new Map<string, number>();
  return fields.map((f) => {
    const h = String(f ?? '').trim();
    const n = (seen.get(h) ?? 0) + 1;
    seen.set(h, n);
    return n === 1 ? h : `${h}#${n}`;
  });
}

function toObject(header: string[], values: unknown[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  header.forEach((h, i) => {
    if (h) o[h] = values[i];
  });
  return o;
}

/**
 * First worksheet of an XLSX, streamed with exceljs; row 1 is the header. The zip is checked first, inflating
 * as it counts (zip-guard.ts, ADR 0077): a zip bomb throws ZipLimitError before exceljs inflates anything.
 */
export async function* readXlsx(file: string): AsyncIterable<SourceRow> {
  await assertZipWithinLimits(file, IMPORT_ZIP_LIMITS);
  // Loaded on use: exceljs takes about 0.3 s to load, which a CSV or JSON import's worker thread need not pay.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    let header: string[] | undefined;
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map(cellValue);
      if (!header) {
        header = headerOf(values);
        continue;
      }
      if (values.every((v) => v === undefined || v === null || v === '')) continue;
      yield { line: row.number, row: toObject(header, values) };
    }
    return; // first sheet only
  }
}

/** A cell's value as text, number, boolean or Date: rich text joined, formulas as their result. */
export function cellValue(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (v instanceof Date || typeof v !== 'object') return v;
  const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
  if (o.richText) return o.richText.map((t) => t.text).join('');
  if (o.result !== undefined) return cellValue(o.result);
  if (o.text !== undefined) return cellValue(o.text);
  return undefined;
}

/**
 * A JSON array of objects (or JSON lines), streamed: each top-level object is cut out and parsed on
 * its own, so a million-record export never sits in memory whole. An object is held to the CSV reader's
 * limit (MAX_RECORD_CHARS), so a brace never closed stops the import with its line instead of reading the
 * rest of the file into one object; a file that ends inside an object says so rather than dropping it.
 */
export async function* readJson(file: string): AsyncIterable<SourceRow> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let buf = '';
  let line = 1;
  let objLine = 1;
  let first = true;
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    let text = chunk as string;
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    let start = depth > 0 ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\n') line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') {
        if (depth > 0) inString = true;
      } else if (c === '{') {
        if (depth === 0) {
          start = i;
          objLine = line;
          buf = '';
        }
        depth++;
      } else if (c === '}' && depth > 0) {
        // A stray brace outside any object is ignored: counting it would shift every object after it.
        depth--;
        if (depth === 0) {
          const body = buf + text.slice(start, i + 1);
          buf = '';
          start = -1;
          if (body.length > MAX_RECORD_CHARS) throw jsonTooLong(objLine);
          let row: unknown;
          try {
            row = JSON.parse(body);
          } catch {
            row = { __invalid: true };
          }
          yield { line: objLine, row: row as Record<string, unknown> };
        }
      }
    }
    if (depth > 0 && start >= 0) {
      buf += text.slice(start);
      if (buf.length > MAX_RECORD_CHARS) throw jsonTooLong(objLine);
    }
  }
  if (depth > 0) throw new Error(`JSON 第 ${objLine} 行起的记录没有结束（缺少“}”），请检查文件是否完整`);
}

function jsonTooLong(line: number): Error {
  return new Error(
    `JSON 第 ${line} 行起的一条记录超过 ${MAX_RECORD_CHARS.toLocaleString('en-US')} 个字符，多半是括号或引号没有闭合，请检查该行`,
  );
}
