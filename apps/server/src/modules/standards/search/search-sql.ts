import { cleanNumberText, REGION_CODES, standardNoSearchKeys, type SearchSort, type StandardNoSearchKeys } from '@zs/shared';
import { binomial, combinations } from '../../../lib/combinations.ts';
import { queryTokens } from '../../../lib/segment.ts';
import { likeLiteral, NUMBER_ORDER } from '../catalogue/repository.ts';
import { expandSynonyms, type SynonymGroups } from './synonyms.ts';
import type { SearchParams } from '@zs/shared/api/standards';

export { NUMBER_ORDER };

/** What a record in force (现行, 即将实施) adds to its score. */
const IN_FORCE_BONUS = 40;
const IN_FORCE = `(case when standards.status in ('current', 'upcoming') then ${IN_FORCE_BONUS} else 0 end)`;
/**
 * The number tiers of a search's score: the first exact key typed, another exact key (a /T twin), the first key
 * without year, another one (after an exact key typed, or alone: the twin of a number typed without year ranks
 * below the typed prefix, since such a number is usually still being typed).
 */
const TIER = { exactFirst: 1000, exact: 950, baseFirst: 900, baseAfterExact: 850, base: 750 } as const;
/** The score of a typed number prefix's matches: all equal, so a number listing runs in number order. */
export const PREFIX_TIER = 800;

/**
 * Titles holding the typed keyword's own words rank this far above those found only through a synonym
 * (`消防` lists every title with 消防 before those with 防火 only): more than any title class can add
 * (300 + 40 + 30), less than the lowest number tier (750) minus all of it.
 */
export const TYPED_WORDS = 400;

/**
 * Shanghai numbers share one key whichever spelling they were published in (DGJ08 older, DG/TJ08 newer),
 * so a number typed in one spelling lists that spelling's records first (`DGJ08-1` → DGJ08-1…, then
 * DG/TJ08-1…). Above in force (40), below the next number tier (the tiers are 100 apart for this series).
 */
export const TYPED_SERIES = 45;
const OLDER_SHANGHAI = /^(DGJ|DG\/J)/;
const SHANGHAI_TYPED = /^(DGJ|DG\/J|DG\/?TJ|DJ\/TJ|DG-TJ)/;

/** SQL true for records published in the older Shanghai spelling (the title index holds it per record too). */
export const OLDER_SPELLING = `(standard_no ilike 'DGJ%' or standard_no ilike 'DG/J%')`;

/** OLDER_SPELLING of one number (ILIKE: either case). */
export const isOlderSpelling = (standardNo: string) => /^(dgj|dg\/j)/i.test(standardNo);

/**
 * A number query as the title index lists it (BuiltSearch.numberListing): its typed prefix, the exact keys and the
 * keys without year whose records make its head (ranked apart from the prefix matches), and the Shanghai spelling
 * typed.
 */
export interface NumberListing {
  prefix: string;
  exact: string[];
  base: string[];
  spelling?: 'older' | 'newer';
}

/** A record of a number listing's head as headScore reads it. */
export interface HeadRecord {
  no_key: string;
  no_base: string;
  status: string;
  standard_no: string;
}

/**
 * The score the search's ORDER BY gives a record of a number listing's head (buildSearch's number tiers): it matches
 * an exact key or a key without year, so one of those tiers decides it, plus in force and a typed Shanghai spelling.
 * The listing in memory ranks its head by this (search.ts listInMemory); title-index-numbers.test.ts holds it to the
 * SQL ranking.
 */
export function headScore(r: HeadRecord, l: NumberListing): number {
  const tier =
    r.no_key === l.exact[0]
      ? TIER.exactFirst
      : l.exact.includes(r.no_key)
        ? TIER.exact
        : r.no_base === l.base[0]
          ? TIER.baseFirst
          : l.base.includes(r.no_base)
            ? l.exact.length
              ? TIER.baseAfterExact
              : TIER.base
            : PREFIX_TIER;
  const inForce = r.status === 'current' || r.status === 'upcoming' ? IN_FORCE_BONUS : 0;
  const series = l.spelling && isOlderSpelling(r.standard_no) === (l.spelling === 'older') ? TYPED_SERIES : 0;
  return tier + inForce + series;
}

/** The Shanghai spelling a keyword was typed in, or undefined. */
function typedSpelling(kw: string): 'older' | 'newer' | undefined {
  const c = cleanNumberText(kw).replace(/ /g, '');
  if (!SHANGHAI_TYPED.test(c)) return undefined;
  return OLDER_SHANGHAI.test(c) ? 'older' : 'newer';
}

export interface BuiltSearch {
  cap?: number;
  where: string[];
  params: unknown[];
  /** Parameters the WHERE clause uses (score parameters come after, so the count passes only these). */
  whereParams: number;
  orderBy: string;
  /** Words to mark in titles. */
  terms: string[];
  /** The query reads as a number or number prefix: ties go in number order. */
  numberish: boolean;
  /** Title tokens of each synonym variant; empty for number-only queries. */
  tokenSets: string[][];
  /**
   * A number query (no title tokens) with a typed prefix (`T/CECS`, `DB4420/`, `GB/T 500`): its
   * prefix matches all score the same and follow number order, so they can be read series by series
   * along the number-order index; `head` is the condition of the few exact/base matches ranked apart.
   */
  prefixListing?: { prefix: string; like: string; head?: string };
  /**
   * The same number query as the title index lists it (search.ts listInMemory, decisions/0109), also when a
   * Shanghai spelling was typed: its records then rank TYPED_SERIES above the other spelling's, which the
   * series-by-series SQL listing cannot follow (prefixListing is unset then).
   */
  numberListing?: NumberListing;
  /**
   * Titles starting with the keyword (or a synonym variant): they score 200 or more, above every other
   * title match (at most 100 + 40 + 30), so when they fill a page they are that page.
   */
  leading?: string;
  /** The keyword and its synonym variants, the keyword first (empty without a keyword). */
  variants: string[];
  /** The keyword yields number keys (exact, without year or prefix): ranked with number tiers. */
  numberKeys: boolean;
  /**
   * Synonym variants matched and the typed keyword has title tokens of its own (tokenSets[0]): records
   * holding all of those rank TYPED_WORDS above records found through a synonym only.
   */
  typedFirst: boolean;
  /**
   * Title words with a number fragment (`抗震 GB/T 500`, `抗震 500`): the number part typed. Matches hold
   * the words and a number starting so; the in-memory title index, which holds no numbers, does not rank
   * these.
   */
  numberFilter?: string;
  /** The number part of numberFilter as typed (the in-memory title index filters by it: title-index-numbers.ts). */
  numberPart?: { prefix: string; digits: boolean };
  /**
   * A number-only query with a typed prefix and exact/base keys: its count as the prefix matches plus
   * the exact/base matches outside the prefix. Counted as one OR, PostgreSQL reads the whole
   * number-order index (165 ms at 1M records for `DB4420`); each part alone is an index range (ADR 0095).
   */
  countParts?: string[][];
}

/** A number fragment after (or before) title words: no Han in it, a digit in it, a space between. */
const WORDS_THEN_NUMBER = /^(.*\p{Script=Han}.*?)\s+([^\p{Script=Han}\s][^\p{Script=Han}]*)$/u;
const NUMBER_THEN_WORDS = /^([^\p{Script=Han}]*[^\p{Script=Han}\s])\s+(.*\p{Script=Han}.*)$/u;

/**
 * Splits `抗震 GB/T 500` / `500 抗震` into title words and a number fragment: a series with leading
 * digits (a typed number prefix, ADR 0020) or bare digits (the number's leading digits in any series).
 * Undefined for anything else, which is read as before.
 */
export function wordsAndNumber(kw: string): { words: string; like: string; prefix: string; digits: boolean } | undefined {
  const s = kw.normalize('NFKC').trim();
  const m = WORDS_THEN_NUMBER.exec(s);
  const n = m ? undefined : NUMBER_THEN_WORDS.exec(s);
  const [words, number] = m ? [m[1]!, m[2]!] : n ? [n[2]!, n[1]!] : [];
  if (!words || !number || !/\d/.test(number)) return undefined;
  const bare = number.replace(/\s+/g, '');
  if (/^\d{1,12}$/.test(bare)) return { words: words.trim(), like: `${bare}%`, prefix: bare, digits: true };
  const keys = standardNoSearchKeys(number);
  if (!keys.prefix || !/\d/.test(keys.prefix)) return undefined;
  return { words: words.trim(), like: `${likeLiteral(keys.prefix)}%`, prefix: keys.prefix, digits: false };
}

class Params {
  readonly list: unknown[] = [];
  add(v: unknown) {
    this.list.push(v);
    return `$${this.list.length}`;
  }
}

function filters(p: SearchParams, add: (v: unknown) => string): string[] {
  const where: string[] = [];
  if (p.level) where.push(`level = ${add(p.level)}`);
  if (p.status) where.push(`status = ${add(p.status)}`);
  if (p.nature) where.push(`nature = ${add(p.nature)}`);
  if (p.ccs) where.push(`ccs_code like ${add(`${likeLiteral(p.ccs.toUpperCase())}%`)}`);
  if (p.ics) where.push(`ics_code like ${add(`${likeLiteral(p.ics)}%`)}`);
  if (p.region) {
    const code = REGION_CODES[p.region] ?? (/^\d{2,6}$/.test(p.region) ? p.region : undefined);
    // 中山 = region code 4420 (DB4420 numbers) or a record labelled 中山; 广东 44 includes its cities.
    where.push(code ? `(region_code like ${add(`${code}%`)} or region = ${add(p.region)})` : `region = ${add(p.region)}`);
  }
  if (p.department) where.push(`strpos(department, ${add(p.department)}) > 0`);
  if (p.publishFrom) where.push(`publish_date >= ${add(p.publishFrom)}::date`);
  if (p.publishTo) where.push(`publish_date <= ${add(p.publishTo)}::date`);
  if (p.implementFrom) where.push(`implement_date >= ${add(p.implementFrom)}::date`);
  if (p.implementTo) where.push(`implement_date <= ${add(p.implementTo)}::date`);
  return where;
}

/** Table-qualified: the select list aliases id::int and date::text, which must not shadow the indexed columns. */
function plainOrder(sort: SearchSort): string {
  if (sort === 'no') return `${NUMBER_ORDER}, standards.id`;
  if (sort === 'publish') return 'standards.publish_date desc nulls last, standards.id desc';
  return 'standards.implement_date desc nulls last, standards.id desc';
}

/**
 * WHERE and ORDER BY of a search (docs/decisions/0021-search-ranking.md).
 * Match: number keys (exact, /T twins, without year, typed prefix) OR every title token of the keyword
 * or of one of its synonym variants (`search_tokens @> …`, GIN).
 * Rank: exact number 1000, number without year 900, typed number prefix 800 (prefix listings stay in
 * pure number order); the /T-/Z twin of a number typed without year 750, after the typed prefix,
 * because such a number is usually still being typed (`GB/T 36` lists GB/T 36…, then GB 36); titles: exact 300, leading 200, contained 100, English 80, plus up to 30 for the
 * share of the title covered; records in force (现行/即将实施) get 40, less than one title class, so
 * they lead only among comparable matches. Ties: number order for number queries, newest otherwise.
 */
export function buildSearch(
  p: SearchParams,
  kw: string,
  synonyms: SynonymGroups,
  sort: SearchSort = 'relevance',
  split = true,
): BuiltSearch {
  const ps = new Params();
  const add = (v: unknown) => ps.add(v);
  const where: string[] = [];
  let terms: string[] = [];
  let numberish = false;
  const tokenSets: string[][] = [];
  let score: (() => string) | undefined;
  let prefixListing: BuiltSearch['prefixListing'];
  let numberListing: BuiltSearch['numberListing'];
  let leading: string | undefined;
  let variants: string[] = [];
  let numberKeys = false;
  let typedFirst = false;
  let numberFilter: string | undefined;
  let numberPart: BuiltSearch['numberPart'];
  let countParts: string[][] | undefined;
  if (kw) {
    const words = split ? wordsAndNumber(kw) : undefined;
    if (words) {
      // The number part narrows the title words' matches; the words are searched as a keyword of their own.
      const like = add(words.like);
      numberFilter = words.digits
        ? `ltrim(substr(standards.no_key, char_length(standards.no_prefix) + 1), '- ') like ${like}`
        : `standards.no_key like ${like}`;
      where.push(numberFilter);
      numberPart = { prefix: words.prefix, digits: words.digits };
      kw = words.words;
    }
    const keys: StandardNoSearchKeys = words ? { exact: [], base: [] } : standardNoSearchKeys(kw);
    numberish = keys.base.length > 0 || !!keys.prefix;
    const any: string[] = [];
    const exact = keys.exact.length ? add(keys.exact) : undefined;
    const base = keys.base.length ? add(keys.base) : undefined;
    const prefix = keys.prefix ? add(`${likeLiteral(keys.prefix)}%`) : undefined;
    numberKeys = !!(exact || base || prefix);
    if (exact) any.push(`no_key = any(${exact}::text[])`);
    if (base) any.push(`no_base = any(${base}::text[])`);
    if (prefix) any.push(`no_key like ${prefix}`);
    variants = expandSynonyms(kw, synonyms);
    const termSet = new Set<string>();
    // A keyword that parses as a whole number, or a number being typed with no Han characters in it
    // (`T/CECS`, `DB4420/`), is looked up by number only: its title tokens ('gb', 't', digits) are
    // among the most frequent and would only add a costly GIN intersection (a full scan at 1M rows).
    const numberOnly = keys.base.length > 0 || (!!keys.prefix && !/\p{Script=Han}/u.test(kw));
    if (!numberOnly) {
      for (const v of variants) {
        const q = queryTokens(v);
        q.terms.forEach((t) => termSet.add(t));
        if (!q.tokens.length) continue;
        if (v === variants[0] && variants.length > 1) typedFirst = true;
        tokenSets.push(q.tokens);
        any.push(`search_tokens @> ${add(q.tokens)}::text[]`);
      }
    }
    terms = [...termSet].sort((a, b) => b.length - a.length);
    typedFirst &&= tokenSets.length > 1;
    const typedSpell = numberKeys ? typedSpelling(kw) : undefined;
    const spelling = typedSpell && (typedSpell === 'older' ? OLDER_SPELLING : `not ${OLDER_SPELLING}`);
    if (prefix && !tokenSets.length) {
      const head = [exact && `no_key = any(${exact}::text[])`, base && `no_base = any(${base}::text[])`].filter(Boolean);
      numberListing = { prefix: keys.prefix!, exact: keys.exact, base: keys.base, spelling: typedSpell };
      if (!spelling) prefixListing = { prefix: keys.prefix!, like: prefix, head: head.length ? head.join(' or ') : undefined };
    }
    where.push(any.length ? `(${any.join(' or ')})` : 'false');
    if (prefix && !tokenSets.length && (exact || base)) {
      const keyed = [exact && `no_key = any(${exact}::text[])`, base && `no_base = any(${base}::text[])`].filter(Boolean);
      countParts = [[`no_key like ${prefix}`], [`(${keyed.join(' or ')})`, `not (no_key like ${prefix})`]];
    }
    score = () => {
      const series = spelling ? ` + (case when ${spelling} then ${TYPED_SERIES} else 0 end)` : '';
      const numberTiers = [
        exact
          ? `when no_key = (${exact}::text[])[1] then ${TIER.exactFirst} + ${IN_FORCE}${series} when no_key = any(${exact}::text[]) then ${TIER.exact} + ${IN_FORCE}${series}`
          : '',
        base
          ? `when no_base = (${base}::text[])[1] then ${TIER.baseFirst} + ${IN_FORCE}${series} when no_base = any(${base}::text[]) then ${exact ? TIER.baseAfterExact : TIER.base} + ${IN_FORCE}${series}`
          : '',
        prefix ? `when no_key like ${prefix} then ${PREFIX_TIER}${series}` : '',
        // CASE needs at least one WHEN.
        'when false then 0',
      ].join(' ');
      // English titles are compared only for keywords without Han characters: lower() of every matching
      // record's English title was a fifth of a Chinese keyword's cost, for a tier it can never reach.
      const english = !variants.some((v) => /\p{Script=Han}/u.test(v));
      const alts = variants.map((v) => ({
        k: add(v),
        like: add(`${likeLiteral(v)}%`),
        lower: english ? add(v.toLowerCase()) : '',
      }));
      const anyOf = (f: (a: (typeof alts)[number]) => string) => alts.map(f).join(' or ');
      const k = alts[0]!.k;
      // With the typed words ranked first, only titles starting with the keyword itself lead every other.
      if (tokenSets.length && !exact && !base && !prefix)
        leading = typedFirst ? `(name_zh like ${alts[0]!.like})` : `(${anyOf((a) => `name_zh like ${a.like}`)})`;
      const typed = typedFirst
        ? ` + (case when search_tokens @> ${add(tokenSets[0])}::text[] then ${TYPED_WORDS} else 0 end)`
        : '';
      return `(case ${numberTiers}
        else (case when ${anyOf((a) => `name_zh = ${a.k}`)} then 300 when ${anyOf((a) => `name_zh like ${a.like}`)} then 200
                   when ${anyOf((a) => `strpos(name_zh, ${a.k}) > 0`)} then 100
                   ${english ? `when ${anyOf((a) => `strpos(lower(coalesce(name_en, '')), ${a.lower}) > 0`)} then 80` : ''} else 0 end)
          + ${IN_FORCE}${typed} + 30.0::float8 * least(char_length(${k}), char_length(name_zh)) / greatest(char_length(name_zh), 1) end)`;
    };
  }
  const filtered = filters(p, add);
  where.push(...filtered);
  countParts = countParts?.map((c) => [...c, ...filtered]);
  const whereParams = ps.list.length;
  let orderBy = plainOrder(sort);
  if (sort === 'relevance' && score) {
    orderBy = `${score()} desc, ${numberish || numberFilter ? `${NUMBER_ORDER}` : 'standards.implement_date desc nulls last'}, standards.id desc`;
  }
  const listing = sort === 'relevance' ? prefixListing : undefined;
  return {
    where,
    params: ps.list,
    whereParams,
    orderBy,
    terms,
    numberish,
    tokenSets,
    prefixListing: listing,
    numberListing: sort === 'relevance' ? numberListing : undefined,
    leading,
    variants,
    numberKeys,
    typedFirst,
    numberFilter,
    numberPart,
    countParts,
  };
}

/**
 * Candidate cap of the partial-match fallback: it ranks at most this many records. The capped set is
 * whichever candidates the index yields first, not the best ones, so a larger cap bought little
 * ranking quality; 2,000 made the fallback four times the cost of the main query at 1M rows.
 */
export const PARTIAL_CANDIDATES = 500;
const MAX_SUBSETS = 15;

/** k-element subsets of the tokens (at most MAX_SUBSETS; beyond that, runs of k consecutive tokens). */
function subsets(tokens: string[], k: number): string[][] {
  if (binomial(tokens.length, k) <= MAX_SUBSETS) return combinations(tokens, k);
  return Array.from({ length: tokens.length - k + 1 }, (_, i) => tokens.slice(i, i + k));
}

/** The token sets a partial match is looked for in, each with the subsets one of which must be held. */
export function partialSets(tokenSets: string[][]): { tokens: string[]; subsets: string[][] }[] {
  return tokenSets
    .filter((t) => t.length >= 2 && t.length <= 12)
    .map((tokens) => ({ tokens, subsets: subsets(tokens, Math.ceil(tokens.length / 2)) }));
}

/**
 * Partial title matches, for when too few titles hold every token (`地下室防水` → 地下工程防水…):
 * records holding at least half of one variant's tokens but not all. Candidates are found with GIN
 * containment of token subsets (selective, unlike "any token"), capped at PARTIAL_CANDIDATES, then
 * ranked by tokens held, in force first, newest first.
 */
export function buildPartial(p: SearchParams, tokenSets: string[][]): BuiltSearch | undefined {
  const sets = partialSets(tokenSets);
  if (!sets.length) return undefined;
  const ps = new Params();
  const add = (v: unknown) => ps.add(v);
  const anyOf: string[] = [];
  const notAll: string[] = [];
  for (const { tokens, subsets: subs } of sets) {
    for (const s of subs) anyOf.push(`search_tokens @> ${add(s)}::text[]`);
    notAll.push(`not (search_tokens @> ${add(tokens)}::text[])`);
  }
  const where = [`(${anyOf.join(' or ')})`, ...notAll, ...filters(p, add)];
  const whereParams = ps.list.length;
  const held = sets.map(({ tokens: t }) => t.map((tok) => `(search_tokens @> array[${add(tok)}::text])::int`).join(' + '));
  const orderBy = `greatest(${held.join(', ')}) desc, ${IN_FORCE} desc,
    standards.implement_date desc nulls last, standards.id desc`;
  return {
    where,
    params: ps.list,
    whereParams,
    orderBy,
    terms: [],
    numberish: false,
    tokenSets: [],
    cap: PARTIAL_CANDIDATES,
    variants: [],
    numberKeys: false,
    typedFirst: false,
  };
}
