import { normalizeStandardNo, SERIES_CODES, type StandardNo } from '@zs/shared';

/**
 * Finding the standards a document cites (issue 26, docs/document-check.md). This file only finds candidate
 * spans; whether a span is a standard number is decided by the one grammar of packages/shared
 * (normalizeStandardNo), so a number is read here exactly as the search box and the batch check read it.
 */

export interface RawCitation {
  /** Offsets in the text given, end exclusive. */
  start: number;
  end: number;
  /** The text as written (the title in 《》 included when it goes with the number). */
  text: string;
  /** Null for a title-only citation. */
  no: StandardNo | null;
  /** The title written with the number, or alone, without 《》. */
  title: string | null;
}

const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D\u30FC]/;

/**
 * One character for one: full-width letters, digits and signs to ASCII and every dash to `-`, so offsets in
 * the normalised copy are offsets in the document. Characters NFKC widens (`㎡`) stay as they are.
 */
export function sameLengthNormal(text: string): string {
  // Only characters outside ASCII and the CJK ideographs are looked at (NFKC leaves those two alone): a 300-page
  // PDF is half a million characters, and building the copy one character at a time left tens of MB of garbage.
  return text.replace(/[^ -~\t\n\r\u4e00-\u9fff]/gu, (ch) => {
    if (DASHES.test(ch)) return '-'.padEnd(ch.length, ' ');
    const n = ch === '\u3000' ? ' ' : ch.normalize('NFKC');
    return n.length === ch.length ? n : ch;
  });
}

const S = String.raw`[ \t\u00a0]*(?:\r?\n[ \t\u00a0]*)?`; // spaces, and at most one line break (a PDF line end)
const PREFIX = [
  String.raw`DG${S}\/?${S}TJ${S}08|DGJ${S}08|DG${S}\/${S}J${S}08`,
  String.raw`DBJ(?:${S}\/${S}T)?${S}\d{2}`,
  String.raw`DB${S}\d{2}(?:\d{2}){0,2}(?:${S}\/${S}[TZ])?`,
  String.raw`[TQ]${S}\/${S}[A-Z][A-Z0-9]{1,9}`,
  String.raw`ISO(?:${S}\/${S}(?:IEC|TS|TR|PAS))?(?:${S}\/${S}IEEE)?|IEC(?:${S}\/${S}(?:TS|TR))?`,
  // A hyphen typed for the slash (`GB-T 50010`) reads as the mark, as in the search box (standard-number.ts).
  String.raw`[A-Z]{1,5}(?:${S}[\/-]${S}[TZ])?`,
].join('|');
const NUMBER = String.raw`\d+(?:\.\d+)*[A-Z]?(?:-\d+)*`;
const YEAR = String.raw`(?:${S}-${S}(?:\d{4}|\d{2})(?![\d.])|${S}:${S}\d{4}(?!\d))?`;
const EDITION = String.raw`(?:[ \t]*[(][ \t]*\d{4}[ \t]*年[ \t]*版[ \t]*[)])?`;
const AMEND = String.raw`(?:[ \t]*[/(]?[ \t]*XG\d{1,2}(?:${S}-${S}\d{4})?[ \t]*\)?)?`;
const CITATION = new RegExp(
  String.raw`(?<![A-Za-z0-9/])(${PREFIX})(?:-${S}|${S})(${NUMBER})(?![A-Za-z])${YEAR}${EDITION}${AMEND}`,
  'g',
);
/** A number after a list mark that shares the previous citation's prefix: `GB 50016、50017-2017`. */
const LIST_ITEM = new RegExp(
  String.raw`^[ \t]*(?:[、,，；;]|和|及|与)${S}(?:和|及|与)?[ \t]*(\d+(?:\.\d+)*)(?![\d.A-Za-z])(${YEAR.slice(0, -1)})?${EDITION}${AMEND}`,
);
// A title may be broken across one PDF line.
const TITLE = /《([^《》\r\n]{1,80}(?:\r?\n[^《》\r\n]{1,80})?)》/g;
/** Words a standard's title ends with; laws, regulations and notices (法, 条例, 办法, 通知) end otherwise. */
const STANDARD_TITLE = /(规范|标准|规程|导则|技术条件|技术要求|试验方法|测定方法|检验方法|检测方法|术语|指南|图集|定额)$/;

/** Series the generic letters branch may stand for: the grammar's series codes and the common foreign ones. */
const FOREIGN = new Set(['ISO', 'IEC', 'EN', 'BS', 'DIN', 'JIS', 'ASTM', 'ANSI', 'IEEE', 'ASME']);
/**
 * Series whose number written tight and without year (`GB50016`) is still read as a citation. Any other
 * series needs a year, a `/T` mark or a space: `SC200`, `HG100` are model numbers far more often.
 */
const TIGHT_WITHOUT_YEAR = new Set(['GB', 'GBJ', 'GBZ', 'JGJ', 'CJJ', 'JTG', 'JTJ', 'CECS']);
/** Titles of laws, regulations and notices: never attached to a number as its title. */
const NOT_A_STANDARD = /(法|条例|办法|规定|通知|意见|决定|细则|纲要|公告|批复|函)$/;

function knownLetters(prefix: string): boolean {
  const letters = prefix.replace(/\s+/g, '').replace(/-(?=[TZ]$)/, '/');
  if (!/^[A-Z]{1,5}(\/[TZ])?$/.test(letters)) return true; // not the generic branch
  const bare = letters.replace(/\/[TZ]$/, '');
  if (SERIES_CODES.has(bare) || FOREIGN.has(bare)) return true;
  // `GBT 50011`, `JGJT 67`: the slash of the mark left out.
  return /[TZ]$/.test(bare) && SERIES_CODES.has(bare.slice(0, -1));
}

/** A model number (`SC200`, `DN100`) rather than a citation: letters tight against digits, no year, no mark. */
function looksLikeModel(prefix: string, no: StandardNo, written: string): boolean {
  if (no.year || /\//.test(prefix) || !/^[A-Z]{1,5}$/.test(prefix.trim())) return false;
  return !/\s/.test(written.slice(prefix.length, prefix.length + 1)) && !TIGHT_WITHOUT_YEAR.has(prefix.trim());
}

function parse(raw: string): StandardNo | undefined {
  // `DB` ⏎ `44/T …`: a local prefix broken across a line is one word again.
  return normalizeStandardNo(raw.replace(/^DB\s+(?=\d)/, 'DB').replace(/\s+/g, ' '));
}

/** Every citation of a text, in order: numbers (with a title in 《》 next to them) and titles alone in 《》. */
export function extractCitations(text: string): RawCitation[] {
  const n = sameLengthNormal(text);
  const found: RawCitation[] = [];
  CITATION.lastIndex = 0;
  for (let m = CITATION.exec(n); m; m = CITATION.exec(n)) {
    const start = m.index;
    let end = start + m[0].length;
    // A trailing line break or blank taken by the optional parts is not part of the number.
    while (end > start && /\s/.test(n[end - 1]!)) end--;
    const prefix = m[1]!;
    if (!knownLetters(prefix) || /[a-z]/.test(text.slice(start, start + prefix.length).normalize('NFKC'))) {
      CITATION.lastIndex = start + 1;
      continue;
    }
    const no = parse(n.slice(start, end));
    if (!no || looksLikeModel(prefix, no, n.slice(start, end))) {
      CITATION.lastIndex = start + 1;
      continue;
    }
    found.push({ start, end, text: text.slice(start, end), no, title: null });
    // Numbers that follow with the same prefix.
    let at = end;
    const items: RawCitation[] = [];
    for (;;) {
      const li = LIST_ITEM.exec(n.slice(at, at + 80));
      if (!li) break;
      const body = li[0];
      const numAt = at + body.indexOf(li[1]!);
      const itemEnd = at + body.replace(/\s+$/, '').length;
      const withYear = Boolean(li[2]?.trim());
      // A bare 19xx/20xx is a year (`GB 50011-2010、2016年`), not a number of the series.
      if (!withYear && /^(19|20)\d\d$/.test(li[1]!)) break;
      const joiner = /^(DG|DBJ)/.test(no.prefix) ? '-' : ' ';
      const item = parse(`${no.prefix}${joiner}${n.slice(numAt, itemEnd)}`);
      if (!item) break;
      items.push({ start: numAt, end: itemEnd, text: text.slice(numAt, itemEnd), no: item, title: null });
      at = itemEnd;
    }
    // Bare numbers count only up to the last one that has a year: `GB 50016、50017-2017`, not `GB 1-2010、3、5`.
    let keep = items.length;
    while (keep > 0 && !items[keep - 1]!.no!.year) keep--;
    if (keep) {
      found.push(...items.slice(0, keep));
      CITATION.lastIndex = items[keep - 1]!.end;
    }
  }
  return withTitles(text, n, found);
}

/** Attaches 《title》 written right before (`《…》GB …`, `《…》（GB …）`) or right after a number; the rest stand alone. */
function withTitles(text: string, n: string, numbers: RawCitation[]): RawCitation[] {
  const titles: { start: number; end: number; title: string; used: boolean }[] = [];
  TITLE.lastIndex = 0;
  for (let m = TITLE.exec(n); m; m = TITLE.exec(n)) {
    titles.push({
      start: m.index,
      end: m.index + m[0].length,
      title: text
        .slice(m.index + 1, m.index + m[0].length - 1)
        .replace(/\s*\r?\n\s*/, '')
        .trim(),
      used: false,
    });
  }
  if (!titles.length) return numbers;
  const byEnd = new Map(titles.map((t) => [t.end, t]));
  const byStart = new Map(titles.map((t) => [t.start, t]));
  const numberStarts = new Set(numbers.map((c) => c.start));
  for (const c of numbers) {
    // A line break may stand between the title and its number (a PDF line end).
    const before = /《[^《》]*》[ \t]*(?:\r?\n[ \t]*)?(?:[(][ \t]*)?$/.exec(n.slice(Math.max(0, c.start - 90), c.start));
    let t = before ? byEnd.get(c.start - before[0].length + before[0].lastIndexOf('》') + 1) : undefined;
    if (t && !t.used && !NOT_A_STANDARD.test(t.title)) {
      t.used = true;
      c.title = t.title;
      // `《…》（GB …）`: the closing bracket goes with it.
      if (before![0].includes('(')) {
        const close = /^[ \t]*\)/.exec(n.slice(c.end, c.end + 3));
        if (close) c.end += close[0].length;
      }
      c.text = text.slice(t.start, c.end);
      c.start = t.start;
      continue;
    }
    const after = /^[ \t]*[)]?[ \t]*《/.exec(n.slice(c.end, c.end + 4));
    t = after ? byStart.get(c.end + after[0].length - 1) : undefined;
    // Not when that title opens the next citation (`…GB 1-2010《B》GB 2-2010`).
    if (t && !t.used && !NOT_A_STANDARD.test(t.title) && !startsNumber(n, t.end, numberStarts)) {
      t.used = true;
      c.title = t.title;
      c.text = text.slice(c.start, t.end);
      c.end = t.end;
    }
  }
  const alone = titles
    .filter((t) => !t.used)
    .map((t): RawCitation => ({ start: t.start, end: t.end, text: text.slice(t.start, t.end), no: null, title: t.title }));
  return [...numbers, ...alone].sort((a, b) => a.start - b.start);
}

function startsNumber(n: string, at: number, starts: Set<number>): boolean {
  const gap = /^[ \t]*(?:[(][ \t]*)?/.exec(n.slice(at, at + 6))![0].length;
  return starts.has(at + gap);
}

/** Whether a title standing alone reads as a standard's (not a law's, a regulation's or a notice's). */
export function looksLikeStandardTitle(title: string): boolean {
  return STANDARD_TITLE.test(title.replace(/[(（][^)）]*[)）]\s*$/, '').trim());
}

/** A title compared as people write it: no spaces, no punctuation, full-width folded. */
export function titleKey(title: string): string {
  return title.normalize('NFKC').replace(/[\s《》"'“”‘’·・()（）\-—_.,，、:：;；]/g, '');
}

/** A short context around a citation: the line it is on, about 30 characters each side, blanks collapsed. */
export function contextOf(text: string, start: number, end: number, width = 30): string {
  const from = Math.max(0, start - width);
  const to = Math.min(text.length, end + width);
  const head = from > 0 ? '…' : '';
  const tail = to < text.length ? '…' : '';
  return `${head}${text.slice(from, to).replace(/\s+/g, ' ').trim()}${tail}`;
}
