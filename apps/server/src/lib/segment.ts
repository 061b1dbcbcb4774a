import { CONTROL_CHARS } from '@zs/shared/control-chars';
/**
 * App-side Chinese segmentation for the catalogue search. PostgreSQL ships no Chinese parser and
 * pg_trgm cannot index two-character words, so titles are indexed as Han unigrams + bigrams plus
 * lowercase latin/digit words in a text[] column (GIN), and a query becomes the tokens every match
 * must contain (`search_tokens @> query`). PGlite and PostgreSQL thus give the same answers.
 */

const HAN_RUN = /\p{Script=Han}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const HAN = /\p{Script=Han}/u;
/** What queryTokens can yield: one run of letters and digits (Han included). */
const ONE_WORD = /^[\p{L}\p{N}]+$/u;
const MAX_QUERY_TOKENS = 32;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** NFKC (full-width → ASCII), lowercase, control characters dropped. */
export function normalizeText(s: string): string {
  return s.normalize('NFKC').replace(CONTROL_CHARS, ' ').toLowerCase();
}

function latinWords(s: string): string[] {
  const out: string[] = [];
  for (const m of s.replace(HAN_RUN, ' ').matchAll(WORD)) out.push(m[0]);
  return out;
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const OTHER = 0;
const HAN_CHAR = 1;
const WORD_PART = 2;

/** HAN_CHAR for \p{Script=Han}, WORD_PART for other letters and digits, else OTHER. */
function kindOf(cp: number, ch: string): number {
  if (cp < 0x80)
    return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) ? WORD_PART : OTHER;
  // CJK Unified Ideographs and Extension A hold only Han (checked for Node's Unicode 17 tables).
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf)) return HAN_CHAR;
  return HAN.test(ch) ? HAN_CHAR : WORD_CHAR.test(ch) ? WORD_PART : OTHER;
}

/**
 * One normalised text's tokens into `into`, in one pass: each Han character and each pair of adjacent ones
 * (c0, c0c1, c1, c1c2, c2…), then the runs of other letters and digits, a Han character ending a run. The
 * order is that of the regular-expression version this replaced (an import's hottest function), which the
 * stored tokens keep, so an unchanged record still compares equal.
 */
function addTextTokens(s: string, into: Set<string>) {
  let words: string[] | undefined;
  let prev = '';
  let wordStart = -1;
  for (let i = 0; i < s.length;) {
    let cp = s.charCodeAt(i);
    let width = 1;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < s.length) {
      const low = s.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        width = 2;
      }
    }
    const ch = width === 1 ? s[i]! : s.slice(i, i + 2);
    const kind = kindOf(cp, ch);
    if (kind === WORD_PART) {
      if (wordStart < 0) wordStart = i;
    } else if (wordStart >= 0) {
      (words ??= []).push(s.slice(wordStart, i));
      wordStart = -1;
    }
    if (kind === HAN_CHAR) {
      if (prev) into.add(prev + ch);
      into.add(ch);
      prev = ch;
    } else prev = '';
    i += width;
  }
  if (wordStart >= 0) (words ??= []).push(s.slice(wordStart));
  if (words) for (const w of words) into.add(w);
}

/**
 * Tokens stored for one record: every Han unigram and bigram, latin/digit words, and the number's parts
 * that are one word (`gb50011`, `50011`). A number key holding a separator (`gb/t50011-2010`, `gb/t`) is
 * never a query token (queryTokens yields runs of letters and digits only; numbers are matched on their
 * own columns), and such keys, one or two per record and nearly all distinct, cost the GIN index build
 * more than a quarter of its time (docs/decisions/0073).
 */
export function indexTokens(parts: { texts: (string | null | undefined)[]; numberKeys?: string[] }): string[] {
  const set = new Set<string>();
  for (const t of parts.texts) {
    if (!t) continue;
    addTextTokens(normalizeText(t), set);
  }
  for (const k of parts.numberKeys ?? []) {
    const key = k?.toLowerCase();
    if (key && ONE_WORD.test(key)) set.add(key);
  }
  return [...set];
}

export interface QueryTokens {
  /** Tokens a record must all contain. Empty when the query has no searchable characters. */
  tokens: string[];
  /** Words to mark in the title (longest first). */
  terms: string[];
}

/**
 * A keyword as tokens: Intl.Segmenter words, each Han word as its bigrams (a single character as
 * itself), latin/digit words lowercase. Bigrams inside words, not across word boundaries, so
 * "混凝土结构设计" also finds "混凝土结构通用设计…".
 */
export function queryTokens(keyword: string): QueryTokens {
  const s = normalizeText(keyword);
  const tokens = new Set<string>();
  const terms = new Set<string>();
  for (const seg of segmenter.segment(s)) {
    if (!seg.isWordLike) continue;
    const w = seg.segment;
    if (HAN.test(w)) {
      for (const m of w.matchAll(HAN_RUN)) {
        const chars = [...m[0]];
        if (chars.length === 1) tokens.add(chars[0]!);
        for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars[i]! + chars[i + 1]!);
        terms.add(m[0]);
      }
      for (const lw of latinWords(w)) {
        tokens.add(lw);
        terms.add(lw);
      }
    } else {
      for (const lw of latinWords(w)) {
        tokens.add(lw);
        terms.add(lw);
      }
    }
  }
  const whole = keyword.normalize('NFKC').trim();
  const termList = [...terms];
  if (whole && !terms.has(whole)) termList.unshift(whole);
  return {
    tokens: [...tokens].slice(0, MAX_QUERY_TOKENS),
    terms: termList.sort((a, b) => b.length - a.length).slice(0, MAX_QUERY_TOKENS),
  };
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Text whose only cased letters are ASCII's (Han, kana, CJK and general punctuation, digits, the fullwidth forms but
 * their letters): lower-casing it finds the same matches as the `iu` pattern's case folding (no `ſ`, Kelvin sign,
 * final sigma or dotted İ, whose folding and lower case differ), one UTF-16 unit a character.
 */
const PLAIN =
  /^[\0-\x7f\u00b7\u00d7\u00f7\u2000-\u206f\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uff20\uff3b-\uff40\uff5b-\uffef]*$/;

/** highlighter with a case-insensitive pattern: the reference, and the way for text outside PLAIN. */
export function highlighterByPattern(terms: string[]): (title: string) => string {
  const usable = terms.filter((t) => t.length > 0).slice(0, MAX_QUERY_TOKENS);
  if (!usable.length) return escapeHtml;
  let re: RegExp;
  try {
    re = new RegExp(usable.map(escapeRegex).join('|'), 'giu');
  } catch {
    return escapeHtml;
  }
  return (src) => {
    let out = '';
    let last = 0;
    for (const m of src.matchAll(re)) {
      if (!m[0]) continue;
      out += escapeHtml(src.slice(last, m.index)) + '<em>' + escapeHtml(m[0]) + '</em>';
      last = m.index + m[0].length;
    }
    return out + escapeHtml(src.slice(last));
  };
}

/**
 * A page's titles with the matched terms wrapped in <em>. Matching runs on the raw title and every piece is
 * escaped on its own, so neither the title nor the query can inject markup or split an entity. As the pattern
 * `term1|term2|…` matches: at each place the first term that fits, the places tried left to right. Titles and terms
 * in PLAIN are matched by comparing their lower case: every search is a new pattern, and compiling and running one
 * case-insensitive pattern a page took 70 µs, about a tenth of a search's time on the server's thread (12 µs so).
 */
export function highlighter(terms: string[]): (title: string) => string {
  const usable = terms.filter((t) => t.length > 0).slice(0, MAX_QUERY_TOKENS);
  if (!usable.length) return escapeHtml;
  let pattern: ((title: string) => string) | undefined;
  const byPattern = (src: string) => (pattern ??= highlighterByPattern(usable))(src);
  if (!usable.every((t) => PLAIN.test(t))) return byPattern;
  const lower = usable.map((t) => t.toLowerCase());
  const firsts = new Set(lower.map((t) => t.charCodeAt(0)));
  return (src) => {
    if (!PLAIN.test(src)) return byPattern(src);
    const low = src.toLowerCase();
    let out = '';
    let last = 0;
    for (let i = 0; i < low.length;) {
      let hit = 0;
      if (firsts.has(low.charCodeAt(i))) for (const t of lower) if (low.startsWith(t, i) && (hit = t.length)) break;
      if (!hit) {
        i++;
        continue;
      }
      out += escapeHtml(src.slice(last, i)) + '<em>' + escapeHtml(src.slice(i, i + hit)) + '</em>';
      last = i += hit;
    }
    return out + escapeHtml(src.slice(last));
  };
}
