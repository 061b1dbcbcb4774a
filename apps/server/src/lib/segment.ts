/**
 * App-side Chinese segmentation for the catalogue search. PostgreSQL ships no Chinese parser and
 * pg_trgm cannot index two-character words, so titles are indexed as Han unigrams + bigrams plus
 * lowercase latin/digit words in a text[] column (GIN), and a query becomes the tokens every match
 * must contain (`search_tokens @> query`). PGlite and PostgreSQL thus give the same answers.
 */

const HAN_RUN = /\p{Script=Han}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const HAN = /\p{Script=Han}/u;
const MAX_QUERY_TOKENS = 32;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** NFKC (full-width → ASCII), lowercase, control characters dropped. */
export function normalizeText(s: string): string {
  return (
    s
      .normalize('NFKC')
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .toLowerCase()
  );
}

function latinWords(s: string): string[] {
  const out: string[] = [];
  for (const m of s.replace(HAN_RUN, ' ').matchAll(WORD)) out.push(m[0]);
  return out;
}

function hanGrams(run: string, into: Set<string>) {
  const chars = [...run];
  for (let i = 0; i < chars.length; i++) {
    into.add(chars[i]!);
    if (i + 1 < chars.length) into.add(chars[i]! + chars[i + 1]!);
  }
}

/** Tokens stored for one record: every Han unigram and bigram, latin/digit words, number parts. */
export function indexTokens(parts: { texts: (string | null | undefined)[]; numberKeys?: string[] }): string[] {
  const set = new Set<string>();
  for (const t of parts.texts) {
    if (!t) continue;
    const s = normalizeText(t);
    for (const m of s.matchAll(HAN_RUN)) hanGrams(m[0], set);
    for (const w of latinWords(s)) set.add(w);
  }
  for (const k of parts.numberKeys ?? []) if (k) set.add(k.toLowerCase());
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
 * The title with matched terms wrapped in <em>. Matching runs on the raw title and every piece is
 * escaped on its own, so neither the title nor the query can inject markup or split an entity.
 */
export function highlight(title: string, terms: string[]): string {
  const usable = terms.filter((t) => t.length > 0).slice(0, MAX_QUERY_TOKENS);
  if (!usable.length) return escapeHtml(title);
  let re: RegExp;
  try {
    re = new RegExp(usable.map(escapeRegex).join('|'), 'giu');
  } catch {
    return escapeHtml(title);
  }
  const src = title;
  let out = '';
  let last = 0;
  for (const m of src.matchAll(re)) {
    if (!m[0]) continue;
    out += escapeHtml(src.slice(last, m.index)) + '<em>' + escapeHtml(m[0]) + '</em>';
    last = m.index + m[0].length;
  }
  return out + escapeHtml(src.slice(last));
}
