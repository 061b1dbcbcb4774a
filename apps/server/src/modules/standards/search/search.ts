import { INVISIBLE_CHARS } from '@zs/shared/control-chars';
import {
  SEARCH_KEYWORD_MAX,
  SEARCH_KEYWORD_TOO_LONG,
  type NearestNumberT,
  type SearchPage,
  type StandardSummary,
  type Suggestion,
} from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { badRequest } from '../../../lib/envelope.ts';
import { highlighter } from '../../../lib/segment.ts';
import * as repo from '../catalogue/repository.ts';
import {
  buildPartial,
  buildSearch,
  partialSets,
  PARTIAL_CANDIDATES,
  isOlderSpelling,
  PREFIX_TIER,
  TYPED_SERIES,
  wordsAndNumber,
  type BuiltSearch,
} from './search-sql.ts';
import { hasList, isWordToken, type TitleIndex } from './title-index.ts';
import { partialThreadFor, refresh, titleIndexFor } from './title-index-store.ts';
import { readCatalogueVersion } from '../catalogue/catalogue-cache.ts';
import { lineCacheFor } from '../catalogue/line-cache.ts';
import { nextTurn } from '../../../db/foreground.ts';
import { nearestNumbers } from './nearest.ts';
import { listingHeads, MAX_HEADS } from './listing-heads.ts';
import { loadSynonyms } from './synonyms.ts';
import { SearchQuery, type SearchParams } from '@zs/shared/api/standards';

/** Control characters out, NFKC, spaces collapsed; the length rule applies to what remains. */
export function cleanKeyword(raw: string | undefined): string {
  if (!raw) return '';
  const s = raw.normalize('NFKC').replace(INVISIBLE_CHARS, ' ').replace(/\s+/g, ' ').trim();
  if (s.length > SEARCH_KEYWORD_MAX) throw badRequest(SEARCH_KEYWORD_TOO_LONG);
  return s;
}

function toSummary(r: repo.SummaryRow, highlight: (title: string) => string): StandardSummary {
  return {
    id: r.id,
    standardNo: r.standard_no,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    level: r.level,
    nature: r.nature,
    status: r.status,
    publishDate: r.publish_date,
    implementDate: r.implement_date,
    region: r.region,
    ccsCode: r.ccs_code,
    icsCode: r.ics_code,
    highlight: highlight(r.name_zh),
    replacedBy: r.by_id !== null ? { id: r.by_id, standardNo: r.by_no! } : null,
  };
}

const MAX_LISTED_SERIES = 50;
const seriesCache = new WeakMap<Database, { version: number; all: Promise<string[]> }>();

/**
 * The series (no_prefix values) whose numbers can start with a typed prefix: longer series
 * (`DB44` → DB44/T, DB4420/T) and shorter ones the prefix continues with a number (`GB/T5` → GB/T,
 * not GB). The catalogue's series are read once per catalogue version by walking the number-order
 * index (one probe per series). Undefined when none or too many qualify: the plain query is used.
 */
async function seriesFor(db: Database, version: number, prefix: string): Promise<string[] | undefined> {
  let hit = seriesCache.get(db);
  if (!hit || hit.version !== version) {
    const all = db
      .query<{ p: string }>(
        `with recursive s(p) as (
           select min(no_prefix) from standards
           union all
           select (select min(no_prefix) from standards where no_prefix > s.p) from s where s.p is not null
         ) select p from s where p is not null`,
      )
      .then((rows) => rows.map((r) => r.p));
    all.catch(() => seriesCache.delete(db));
    seriesCache.set(db, (hit = { version, all }));
  }
  const found = (await hit.all).filter(
    (s) => s.startsWith(prefix) || (prefix.startsWith(s) && /^[-0-9]/.test(prefix.slice(s.length))),
  );
  return found.length && found.length <= MAX_LISTED_SERIES ? found : undefined;
}

/**
 * A page without total (suggestions): titles starting with the keyword first, read through the
 * name_zh prefix index (migration 0021); when they fill the page they are exactly the page the full
 * ranking gives, without ranking thousands of titles that merely contain the words.
 */
async function lightPage(
  db: Database,
  b: ReturnType<typeof buildSearch>,
  listing: repo.SearchSql['listing'],
  size: number,
  offset: number,
): Promise<repo.SummaryRow[]> {
  if (b.leading && offset === 0) {
    const lead = await repo.selectPage(db, { ...b, where: [...b.where, b.leading] }, b.orderBy, size, 0);
    if (lead.length === size) return lead;
  }
  return repo.selectPage(db, { ...b, listing }, b.orderBy, size, offset);
}

export interface SearchOptions {
  withTotal?: boolean;
  /** The catalogue version the caller already read (selects the synonym table in effect). */
  version?: number;
  /**
   * Ranking by the in-memory title index: `auto` when it is current (else SQL, and it is rebuilt in
   * the background), `off` always SQL, `require` builds it first if needed (tests, bench).
   */
  titleIndex?: 'auto' | 'off' | 'require';
  /** Read title words with a number fragment as such (search-sql.ts wordsAndNumber); false: the keyword whole. */
  split?: boolean;
}

/** Every search parameter that narrows the matches: all but the keyword, the order and the paging. */
const FILTERS = (Object.keys(SearchQuery.shape) as (keyof SearchParams)[]).filter(
  (k) => !['keyword', 'sort', 'page', 'size'].includes(k),
);

/**
 * The title index ranks what it holds exactly as SQL does: a relevance-ordered keyword whose every token
 * has a posting list (Han bigrams and characters, short Latin/digit tokens: ADR 0108), no number keys, no
 * filters but a number fragment typed with the words (held per record: title-index-numbers.ts, ADR 0095).
 * Anything else is ranked in SQL.
 */
export function titleIndexApplies(p: SearchParams, b: BuiltSearch, sort: string): boolean {
  if (sort !== 'relevance' || b.numberKeys || (b.numberFilter && !b.numberPart) || !b.tokenSets.length) return false;
  if (FILTERS.some((f) => p[f] !== undefined)) return false;
  return b.tokenSets.every((ts) => ts.every(hasList));
}

async function indexFor(db: Database, p: SearchParams, b: BuiltSearch, sort: string, version: number, opts: SearchOptions) {
  const mode = opts.titleIndex ?? 'auto';
  if (mode === 'off' || !titleIndexApplies(p, b, sort)) return undefined;
  if (mode === 'require' && titleIndexFor(db, version)?.version !== version) await refresh(db);
  const index = titleIndexFor(db, version);
  return b.numberPart && !index?.numbers ? undefined : index;
}

/** One search being answered: its parameters, built SQL, catalogue version and page. */
interface Ranking {
  db: Database;
  p: SearchParams;
  b: BuiltSearch;
  version: number;
  offset: number;
  size: number;
  /** No total wanted (suggestions). */
  light: boolean;
}
type RankedPage = { rows: repo.SummaryRow[]; total: number; partialFrom: number | null };

/** The lines of a page ranked in memory: those read before for this version from the line cache, the rest in one statement (decisions/0123). */
const linesOf = ({ db, version }: Ranking, ids: number[]) => lineCacheFor(db).byIds(db, version, ids);

/**
 * Full and partial matches ranked by the title index; the same answer as the SQL below. Undefined when
 * the number part needs more of a number than the index holds (the caller ranks in SQL).
 */
async function rankInMemory(r: Ranking, index: TitleIndex): Promise<RankedPage | undefined> {
  if (index.fresh) return rankOverlaid(r, index, index.fresh);
  const { b, offset, size, light } = r;
  const full = b.numberPart
    ? index.rankFull(b.variants, b.tokenSets, offset, size, b.typedFirst, b.numberPart)
    : index.rankFull(b.variants, b.tokenSets, offset, size, b.typedFirst);
  if (!full) return undefined;
  const sets = partialSets(b.tokenSets);
  // Without totals (suggestions) the SQL path reports what it read; so does this one.
  if (light || full.total >= size || !sets.length) {
    const rows = await linesOf(r, full.ids);
    return { rows, total: light ? offset + rows.length : full.total, partialFrom: null };
  }
  const pOffset = Math.max(0, offset - full.total);
  const pSize = full.ids.length < size ? size - full.ids.length : 0;
  // On the partial-ranking thread when there is one (ADR 0126): the same ranking, off the thread answering requests.
  const thread = partialThreadFor(r.db);
  const part = thread
    ? await thread.rank(index, sets, PARTIAL_CANDIDATES, pOffset, pSize)
    : index.rankPartial(sets, PARTIAL_CANDIDATES, pOffset, pSize);
  // The full and the partial matches' lines together (the index holds this catalogue version, so every id it ranks
  // is a record).
  const rows = await linesOf(r, part.total ? [...full.ids, ...part.ids] : full.ids);
  if (part.total === 0) return { rows, total: full.total, partialFrom: null };
  return { rows, total: full.total + part.total, partialFrom: full.total };
}

/** The deepest page end an overlaid title index ranks (rankOverlaid); deeper pages are ranked in SQL. */
const OVERLAY_DEPTH = 1_000;

/**
 * rankInMemory for an index followed past its build (decisions/0118): it ranks its records but those changed since,
 * and `fresh`, an index of those records as stored now, ranks them. Both rank by the same order, so the page is among
 * the first `offset + size` of each: when the changed records match, SQL orders those few by the search's ORDER BY;
 * otherwise the index's own page stands. The totals add up. Partial matches are merged alike.
 */
async function rankOverlaid(r: Ranking, index: TitleIndex, fresh: TitleIndex): Promise<RankedPage | undefined> {
  const { db, p, b, offset, size, light } = r;
  const end = offset + size;
  if (end > OVERLAY_DEPTH) return undefined;
  const rank = (i: TitleIndex) =>
    b.numberPart
      ? i.rankFull(b.variants, b.tokenSets, 0, end, b.typedFirst, b.numberPart)
      : i.rankFull(b.variants, b.tokenSets, 0, end, b.typedFirst);
  const full = rank(index);
  const changed = full && rank(fresh);
  if (!full || !changed) return undefined;
  const merged = changed.total ? await repo.rankAmong(db, b, b.orderBy, [...full.ids, ...changed.ids]) : full.ids;
  const fullTotal = full.total + changed.total;
  const page = merged.slice(offset, end);
  const sets = partialSets(b.tokenSets);
  const partial = sets.length ? buildPartial(p, b.tokenSets) : undefined;
  if (light || fullTotal >= size || !partial) {
    const rows = await linesOf(r, page);
    return { rows, total: light ? offset + rows.length : fullTotal, partialFrom: null };
  }
  const pOffset = Math.max(0, offset - fullTotal);
  const pEnd = pOffset + size - page.length;
  const part = index.rankPartial(sets, PARTIAL_CANDIDATES, 0, pEnd);
  const partChanged = fresh.rankPartial(sets, PARTIAL_CANDIDATES, 0, pEnd);
  const partMerged = partChanged.total
    ? await repo.rankAmong(db, partial, partial.orderBy, [...part.ids, ...partChanged.ids])
    : part.ids;
  const partTotal = Math.min(PARTIAL_CANDIDATES, part.total + partChanged.total);
  const rows = await linesOf(r, [...page, ...partMerged.slice(pOffset, pEnd)]);
  if (partTotal === 0) return { rows, total: fullTotal, partialFrom: null };
  return { rows, total: fullTotal + partTotal, partialFrom: fullTotal };
}

/** Prefix matches read on either side of the page, for the exact and base matches among them (listInMemory). */
const SPARE = 8;
/** Most records a number listing in memory reads whole to decide whether they match (listInMemory); beyond, SQL. */
const MAX_UNDECIDED = 64;

/** The title index for a number listing (decisions/0109): no filters, numbers held, this version. */
async function listingIndexFor(r: Ranking, mode: SearchOptions['titleIndex']): Promise<TitleIndex | undefined> {
  const { db, p, b, version } = r;
  if (mode === 'off' || !b.numberListing || FILTERS.some((f) => p[f] !== undefined)) return undefined;
  if (mode === 'require' && titleIndexFor(db, version)?.version !== version) await refresh(db);
  const index = titleIndexFor(db, version);
  // An overlaid index holds the numbers of its build (decisions/0118): SQL lists them.
  return index?.numbers && !index.changed ? index : undefined;
}

/**
 * A number listing from the title index's numbers (decisions/0109), in the SQL listing's order: the exact and
 * base matches (the head) scoring above the prefix tier, the prefix matches in number order, then the rest of
 * the head. The prefix matches around the page are found in memory first; their lines are read with the head, each
 * by a statement shared with the other searches of the same turn (decisions/0127, 0128). Undefined when more than
 * MAX_UNDECIDED records need their whole number read to decide them, or the head is long: SQL lists it.
 */
async function listInMemory(r: Ranking, index: TitleIndex): Promise<RankedPage | undefined> {
  const { db, b, offset, size, light } = r;
  const listing = b.numberListing!;
  const { prefix, spelling } = listing;
  const end = offset + size;
  // Records only their whole number decides (`GB/T 50011-2010`: the editions and parts of GB/T 50011) are read with
  // the page's lines, counted as matches until then (decisions/0115).
  const undecided = index.undecidedNumbers(prefix, MAX_UNDECIDED);
  if (!undecided) return undefined;
  let decided = new Set(undecided);
  let all = index.listNumbers(prefix, new Set(), end + SPARE, spelling, decided);
  if (!all) return undefined;
  const near = [...new Set([...all.ids.slice(Math.max(0, offset - SPARE), end + SPARE), ...undecided])];
  const [heads, nearLines] = await Promise.all([
    listing.exact.length || listing.base.length ? listingHeads(db, listing) : [],
    linesOf(r, near),
  ]);
  if (heads.length > MAX_HEADS) return undefined;
  const lines = new Map<number, repo.KeyedRow>(nearLines.map((l) => [l.id, l]));
  if (undecided.length) {
    const keyOf = (id: number) => lines.get(id)?.no_key ?? heads.find((h) => h.id === id)?.no_key;
    decided = new Set(undecided.filter((id) => keyOf(id)?.startsWith(prefix)));
    if (decided.size < undecided.length) all = index.listNumbers(prefix, new Set(), end + SPARE, spelling, decided)!;
  }
  const headIds = new Set(heads.map((h) => h.id));
  // The head records among the prefix matches are listed with the head, not among them.
  const inPrefix = heads.filter((h) => h.no_key.startsWith(prefix));
  const firstOut = spelling ? inPrefix.filter((h) => isOlderSpelling(h.standard_no) === (spelling === 'older')) : inPrefix;
  const listed =
    inPrefix.length > SPARE
      ? index.listNumbers(prefix, headIds, end, spelling, decided)!
      : { ids: all.ids.filter((id) => !headIds.has(id)), total: all.total - inPrefix.length, first: all.first - firstOut.length };
  // The prefix matches score PREFIX_TIER, + TYPED_SERIES in a typed Shanghai spelling (search-sql.ts); no head
  // record scores either, so each goes above, between or below the two parts.
  const top = PREFIX_TIER + (spelling ? TYPED_SERIES : 0);
  const idsOf = (keep: (s: number) => boolean) => heads.filter((h) => keep(h.score)).map((h) => h.id);
  const { ids: matched, first, total } = listed;
  const ordered = [...idsOf((s) => s > top), ...matched.slice(0, first)];
  if (matched.length >= first) ordered.push(...idsOf((s) => s > PREFIX_TIER && s < top), ...matched.slice(first));
  if (matched.length === total) ordered.push(...idsOf((s) => s < PREFIX_TIER));
  const page = ordered.slice(offset, end);
  for (const h of heads) lines.set(h.id, h);
  // More head records among the matches than SPARE: lines not read yet.
  const missing = page.filter((id) => !lines.has(id));
  if (missing.length) for (const row of await linesOf(r, missing)) lines.set(row.id, row);
  const rows = page.flatMap((id) => lines.get(id) ?? []);
  return { rows, total: light ? offset + rows.length : heads.length + total, partialFrom: null };
}

/**
 * A number listing's prefix matches counted by the title index's numbers (decisions/0106), when it holds this
 * version and the search has no filters (they are counted with the prefix in SQL).
 */
function prefixCount({ db, p, b, version }: Ranking): number | undefined {
  if (!b.prefixListing || FILTERS.some((f) => p[f] !== undefined)) return undefined;
  const index = titleIndexFor(db, version);
  return index?.changed ? undefined : index?.numbers?.count({ prefix: b.prefixListing.prefix, digits: false });
}

/** The SQL ranking (search-sql.ts): number listings, filters, other sorts, and the fallback. */
async function rankInSql(r: Ranking, sort: string): Promise<RankedPage> {
  const { db, b, version, offset, size, light } = r;
  const series = b.prefixListing ? await seriesFor(db, version, b.prefixListing.prefix) : undefined;
  const listing = series && b.prefixListing ? { ...b.prefixListing, series } : undefined;
  const { rows, total: counted } = light
    ? { rows: await lightPage(db, b, listing, size, offset), total: -1 }
    : await repo.selectCountedPage(db, { ...b, listing }, b.whereParams, b.orderBy, size, offset, version, () => prefixCount(r));
  const fullTotal = counted < 0 ? offset + rows.length : counted;
  if (light || b.numberish || fullTotal >= size || sort !== 'relevance') return { rows, total: fullTotal, partialFrom: null };
  return sqlPartial(r, rows, fullTotal);
}

/** Partial matches ranked in SQL after `rows`, the page's full matches out of `fullTotal`. */
async function sqlPartial(r: Ranking, rows: repo.SummaryRow[], fullTotal: number): Promise<RankedPage> {
  const { db, p, b, version, offset, size } = r;
  const partial = buildPartial(p, b.tokenSets);
  if (!partial) return { rows, total: fullTotal, partialFrom: null };
  const pOffset = Math.max(0, offset - fullTotal);
  const { rows: pRows, total: pTotal } =
    rows.length < size
      ? await repo.selectCountedPage(db, partial, partial.whereParams, partial.orderBy, size - rows.length, pOffset, version)
      : {
          rows: [],
          total: await repo.countMatches(db, { ...partial, params: partial.params.slice(0, partial.whereParams) }, version),
        };
  if (pTotal === 0) return { rows, total: fullTotal, partialFrom: null };
  return { rows: [...rows, ...pRows], total: fullTotal + pTotal, partialFrom: fullTotal };
}

/**
 * One page of results. Full matches (number or every title token) come first; when they do not fill
 * the first page, records holding at least half of the title tokens follow (`partialFrom` marks where).
 * An empty answer for a keyword carries the nearest catalogue numbers.
 */
export async function searchStandards(db: Database, p: SearchParams, opts: SearchOptions = {}): Promise<SearchPage> {
  const kw = cleanKeyword(p.keyword);
  const page = p.page ?? 1;
  const size = p.size ?? 20;
  const sort = p.sort ?? 'relevance';
  const version = opts.version ?? (await readCatalogueVersion(db));
  const synonyms = kw ? await loadSynonyms(db, version) : [];
  const light = opts.withTotal === false;
  const b = buildSearch(p, kw, synonyms, sort, opts.split ?? true);
  const empty: SearchPage = { total: 0, list: [], page, size, partialFrom: null, nearest: [] };
  // A keyword with nothing searchable in it (only punctuation or wildcards) matches nothing.
  if (b.where.includes('false')) return empty;
  const offset = (page - 1) * size;
  const index = await indexFor(db, p, b, sort, version, opts);
  const ranking: Ranking = { db, p, b, version, offset, size, light };
  const listIndex = index ? undefined : await listingIndexFor(ranking, opts.titleIndex);
  const { rows, total, partialFrom } =
    (index && (await rankInMemory(ranking, index))) ||
    (listIndex && (await listInMemory(ranking, listIndex))) ||
    (await rankInSql(ranking, sort));
  // Title words with a number fragment no record's number starts with: the words alone, marked as a
  // partial match from the first record (never an empty page while the words find something).
  // First the keyword read whole, as before the split (`混凝土 C30`: titles holding C30), if that has full
  // matches.
  if (b.numberFilter && total === 0 && page === 1) {
    const whole = await searchStandards(db, p, { ...opts, version, split: false });
    if (whole.total && whole.partialFrom !== 0) return whole;
    const alone = await searchStandards(db, { ...p, keyword: wordsAndNumber(kw)!.words }, { ...opts, version });
    return alone.total ? { ...alone, partialFrom: 0 } : whole;
  }
  const mark = highlighter(b.terms);
  const list = rows.map((r) => toSummary(r, mark));
  const nearest = kw && !light && total === 0 && page === 1 ? await nearestNumbers(db, kw) : [];
  return { total, list, page, size, partialFrom, nearest };
}

/** The most tokens warmed after a build (warmTitleIndex). */
const WARM_TOKENS = 128;

/**
 * Ranks the first pages of the catalogue's commonest tokens typed alone (标, 规范, T, GB: the tokens with a bitmap,
 * longest list first) as soon as a title index is kept, and keeps them for its life (TitleIndex.keepTop): at
 * 5,000,000 records the first person to type one would otherwise wait 15–270 ms while its whole list is ranked, and
 * so would everyone behind them. One token per turn of the event loop, so requests go between them; stops when the
 * index is replaced. Answers how many were kept (decisions/0111).
 */
export async function warmTitleIndex(db: Database, index: TitleIndex): Promise<number> {
  const synonyms = await loadSynonyms(db, index.version);
  let kept = 0;
  for (const token of index.denseTokens(WARM_TOKENS)) {
    // Latin tokens are kept per spelling (a title starting with `T` ranks above one with `t`): both cases.
    for (const kw of isWordToken(token) && token.toUpperCase() !== token ? [token.toUpperCase(), token] : [token]) {
      await nextTurn();
      if (titleIndexFor(db, index.version) !== index) return kept;
      const p = { keyword: kw };
      const b = buildSearch(p, kw, synonyms, 'relevance');
      if (!titleIndexApplies(p, b, 'relevance')) continue;
      if (index.rankFull(b.variants, b.tokenSets, 0, 20, b.typedFirst) && index.keepTop(b.variants[0]!)) kept++;
    }
  }
  return kept;
}

/** Search-box suggestions: the ten best numbers (by prefix) and titles holding every word; no count. */
export async function suggest(db: Database, keyword: string | undefined, version?: number): Promise<Suggestion[]> {
  const kw = cleanKeyword(keyword);
  if (!kw) return [];
  const r = await searchStandards(db, { keyword: kw, size: 10 }, { withTotal: false, version });
  return r.list.map((s) => ({ id: s.id, standardNo: s.standardNo, nameZh: s.nameZh, status: s.status, highlight: s.highlight }));
}

export type { NearestNumberT };
