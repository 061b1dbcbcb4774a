/**
 * RFC 4180 CSV records from text that arrives in chunks (readers.ts readCsv). It does what the import asked
 * of csv-parse (bom, relax_column_count, relax_quotes, skip_empty_lines, CRLF or LF), at a fraction of its
 * cost per row (docs/decisions/0072): a field is cut out with indexOf and slice instead of being built up
 * character by character.
 * - A field that starts with a quote runs to the matching quote; "" inside it is one quote, and it may hold
 *   commas and newlines. Text after the closing quote before the next comma or line end makes the field
 *   read as written (quotes kept), as relax_quotes did.
 * - Any other field runs to the next comma or line end; quotes inside it are kept as they are (5"寸").
 * - A line ends with LF or CRLF; a lone CR is text. Empty lines are skipped. Rows may have any number of
 *   fields.
 * - The separator is a comma, or a tab when asked (Excel's "Unicode 文本" is tab-separated; readCsv tells
 *   which from the header line, delimiterOf).
 */
export interface CsvRecord {
  /** The line the record starts on (1-based). */
  line: number;
  fields: string[];
}

/**
 * The longest record read, in characters (a real catalogue row is under 10,000). A longer one is nearly always
 * an opening quote never closed; stopping there bounds the memory and the re-reading of an unfinished record.
 */
export const MAX_RECORD_CHARS = 1_000_000;

export class CsvError extends Error {
  constructor(
    readonly code: 'CSV_QUOTE_NOT_CLOSED' | 'CSV_RECORD_TOO_LONG',
    /** The line the faulty record starts on. */
    readonly lines: number,
  ) {
    super(`${code} at line ${lines}`);
  }
}

const QUOTE = 34;
const COMMA = 44;
const TAB = 9;
const LF = 10;
const CR = 13;

/** Tab when the header line (the text's first line) holds more tabs than commas, else comma. */
export function delimiterOf(text: string): ',' | '\t' {
  const end = text.indexOf('\n');
  const head = end < 0 ? text : text.slice(0, end);
  let tabs = 0;
  let commas = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c === TAB) tabs++;
    else if (c === COMMA) commas++;
  }
  return tabs > commas ? '\t' : ',';
}

export class CsvParser {
  /** Text of a record not yet complete when the previous chunk ended. */
  private rest = '';
  private line = 1;
  private started = false;
  /** The separator's character code. */
  private readonly sep: number;

  constructor(options: { delimiter?: ',' | '\t' } = {}) {
    this.sep = options.delimiter === '\t' ? TAB : COMMA;
  }

  /** The line the record being read starts on (where a fault after it lies). */
  get lines(): number {
    return this.line;
  }

  /** The records completed by this chunk; `last` says the text has ended. */
  push(chunk: string, last = false): CsvRecord[] {
    let s = this.rest + chunk;
    if (!this.started && s.length) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    const out: CsvRecord[] = [];
    let i = 0;
    const n = s.length;
    while (i < n) {
      const start = i;
      const line = this.line;
      // An empty line: skipped, but counted.
      if (s.charCodeAt(i) === LF || (s.charCodeAt(i) === CR && s.charCodeAt(i + 1) === LF)) {
        if (s.charCodeAt(i) === CR) i++;
        i++;
        this.line++;
        continue;
      }
      const r = this.record(s, i, last);
      if (!r) {
        if (!last) {
          this.rest = s.slice(start);
          if (this.rest.length > MAX_RECORD_CHARS) throw new CsvError('CSV_RECORD_TOO_LONG', line);
          return out;
        }
        throw new CsvError('CSV_QUOTE_NOT_CLOSED', line);
      }
      out.push({ line, fields: r.fields });
      this.line += r.newlines;
      i = r.next;
    }
    this.rest = '';
    return out;
  }

  /**
   * The record starting at i: its fields, the newlines it spans (its own line end included) and where the
   * next one starts. Undefined when the text ends before the record does (with `last`: an open quote).
   */
  private record(s: string, i: number, last: boolean): { fields: string[]; newlines: number; next: number } | undefined {
    const fields: string[] = [];
    const n = s.length;
    const sep = this.sep;
    let newlines = 0;
    for (;;) {
      let value: string;
      if (s.charCodeAt(i) === QUOTE) {
        let j = i + 1;
        value = '';
        for (;;) {
          const k = s.indexOf('"', j);
          // No closing quote yet; or a quote at the very end, which may be the first of a "" pair.
          if (k < 0 || (k + 1 >= n && !last)) return undefined;
          newlines += countLf(s, j, k);
          if (s.charCodeAt(k + 1) === QUOTE) {
            value += s.slice(j, k + 1);
            j = k + 2;
            continue;
          }
          value += s.slice(j, k);
          i = k + 1;
          break;
        }
        const c = s.charCodeAt(i);
        if (c === CR && i + 1 >= n && !last) return undefined; // a CRLF may be split between chunks
        if (i < n && c !== sep && c !== LF && !(c === CR && s.charCodeAt(i + 1) === LF)) {
          // Text after the closing quote ("GB 1" x): the field is read as written, quotes and all, as
          // csv-parse's relax_quotes did; the text after the quote runs to the next comma or line end.
          const r = this.unquoted(s, i, last);
          if (!r) return undefined;
          value = `"${value}"${r.value}`;
          i = r.end;
        }
      } else {
        const r = this.unquoted(s, i, last);
        if (!r) return undefined;
        value = r.value;
        i = r.end;
      }
      fields.push(value);
      if (i >= n) return last ? { fields, newlines, next: n } : undefined;
      const c = s.charCodeAt(i);
      if (c === sep) {
        i++;
        continue;
      }
      // A field ends only at the separator, LF or CRLF (the CR of which is where it stops).
      return { fields, newlines: newlines + 1, next: c === CR ? i + 2 : i + 1 };
    }
  }

  /** Text from i to the next separator or line end (a CR before LF is the line end's). Undefined: need more text. */
  private unquoted(s: string, i: number, last: boolean): { value: string; end: number } | undefined {
    const n = s.length;
    const sep = this.sep;
    let k = i;
    for (; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c === sep || c === LF) break;
    }
    if (k >= n && !last) return undefined;
    const end = k < n && s.charCodeAt(k) === LF && k > i && s.charCodeAt(k - 1) === CR ? k - 1 : k;
    return { value: s.slice(i, end), end };
  }
}

function countLf(s: string, from: number, to: number): number {
  let count = 0;
  for (let k = s.indexOf('\n', from); k >= 0 && k < to; k = s.indexOf('\n', k + 1)) count++;
  return count;
}
