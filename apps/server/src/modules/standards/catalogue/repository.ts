import type { StandardDetail } from '@zs/shared/api/standards';
import type { Database, Query } from '../../../db/client.ts';
import { paged, type Page } from '../../../db/paged.ts';

/** Number order inside a series: the columns of the standards_number_order_idx index (migration 0021). */
export const NUMBER_ORDER = `standards.no_prefix, standards.no_order, standards.no_base, standards.no_key`;

/** Escapes LIKE wildcards so user text is matched literally (backslash is LIKE's default escape). */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, '\\$&');

export interface SearchSql {
  where: string[];
  params: unknown[];
  /** At most this many matching rows are considered (ranked, counted); unset: all. */
  cap?: number;
  /**
   * A number query read series by series (search-sql.ts prefixListing): the series that can hold
   * its prefix matches, each read along the number-order index, so a page costs (offset + size) rows
   * per series plus the exact/base matches (`head`) instead of ranking every match. `where[0]` is
   * the match condition, the rest are filters.
   */
  listing?: { series: string[]; like: string; head?: string; prefix?: string };
  /**
   * Disjoint conditions (each a list ANDed) whose counts add up to the count of `where`, when one
   * OR of indexed conditions would be counted by reading a whole index (search-sql.ts countParts).
   */
  countParts?: string[][];
}

/** FROM … WHERE of a search; a capped one reads its rows through a limited subquery named standards. */
function source(sql: SearchSql): string {
  const where = sql.where.length ? `where ${sql.where.join(' and ')}` : '';
  return sql.cap ? `(select * from standards ${where} limit ${Math.floor(sql.cap)}) standards` : `standards ${where}`;
}

/** Columns of a search result line; dates as ISO text so both drivers answer alike. */
export const SUMMARY_COLS = `id::int as id, standard_no, name_zh, name_en, level, nature, status,
  publish_date::text as publish_date, implement_date::text as implement_date, region, ccs_code, ics_code`;

export interface SummaryRow {
  id: number;
  standard_no: string;
  name_zh: string;
  name_en: string | null;
  level: string;
  nature: string | null;
  status: string;
  publish_date: string | null;
  implement_date: string | null;
  region: string | null;
  ccs_code: string | null;
  ics_code: string | null;
  /** The record replacing this one, null when in force or none (replacedBy: every page statement here reads it). */
  by_id: number | null;
  by_no: string | null;
}

export async function selectPage(
  db: Database,
  sql: SearchSql,
  orderBy: string,
  limit: number,
  offset: number,
  /** A number listing only: more columns of the page statement (selectCountedPage's count of the rest). */
  extra = '',
): Promise<SummaryRow[]> {
  const p = [...sql.params, limit, offset];
  if (sql.listing) {
    const { series, like, head } = sql.listing;
    const take = `$${p.length - 1}::int + $${p.length}::int`;
    const filters = sql.where
      .slice(1)
      .map((w) => `and ${w}`)
      .join(' ');
    const branches = series.map((s) => {
      const at = `$${p.push(s)}`;
      const notHead = head ? `and not (${head})` : '';
      // A series typed with at most two of its digits (DB31/T 4, or a longer series: DB44 → DB4420/T)
      // matches densely along the number order: walking the number-order index (key columns only, no
      // heap) finds the page's rows within a few hundred entries, where PostgreSQL's own choice, both
      // indexes ANDed and the matches sorted, read all of them (11,000 for DB31/T 4 at 1M records:
      // 16 ms against 0.4). Longer prefixes match sparsely, and the walk could cross a whole series.
      if (!filters && denseIn(s, sql.listing!.prefix))
        return `(select standards.* from (select no_key from standards where no_prefix = ${at}
          and (no_key || '') like ${like} ${notHead} order by no_order, no_base, no_key limit ${take}) k
          join standards using (no_key))`;
      return `(select * from standards where no_prefix = ${at} and no_key like ${like}
          ${notHead} ${filters}
          order by no_order, no_base, no_key limit ${take})`;
    });
    if (head) branches.unshift(`(select * from standards where (${head}) ${filters})`);
    return withReplacements(
      await db.query<Read<SummaryRow>>(
        `select ${SUMMARY_COLS}, ${REPLACED_BY_VALUE}${extra} from (${branches.join(' union all ')}) standards
         order by ${orderBy} limit $${sql.params.length + 1} offset $${sql.params.length + 2}`,
        p,
      ),
    );
  }
  return withReplacements(
    await db.query<Read<SummaryRow>>(
      `select ${SUMMARY_COLS}, ${REPLACED_BY_VALUE} from ${source(sql)} order by ${orderBy} limit $${p.length - 1} offset $${p.length}`,
      p,
    ),
  );
}

/** Whether a typed number prefix leaves at most two digits to match in series `s` (see selectPage). */
function denseIn(s: string, prefix: string | undefined): boolean {
  if (prefix === undefined) return false;
  if (s.startsWith(prefix)) return true;
  return prefix.startsWith(s) && /^[- ]*\d{0,2}$/.test(prefix.slice(s.length));
}

/**
 * The record replacing a line no longer in force, as one select-list value, `[by_id, by_no]` or null: the SQL function
 * of migration 0083 (the rule findReplacements applies to a list of records). Beside ORDER BY … LIMIT, PostgreSQL calls
 * it after the sort and the limit, so only for the page's lines, and a page needs no second statement for its
 * replacements (docs/decisions/0120). `alias`: the row's table or subquery, with its id, no_key and status. A line
 * in force is answered here without calling the function (which answers it null first thing): each PL/pgSQL call cost
 * about 8 µs of the database's time, a quarter of a 20-line statement's (decisions/0128).
 */
const replacedBy = (alias: string) =>
  `case when ${alias}.status in ('current', 'upcoming') then null
   else standard_replaced_by(${alias}.id, ${alias}.no_key, ${alias}.status) end as rb`;
const REPLACED_BY_VALUE = replacedBy('standards');

/** A line as a page statement reads it: its replacement as REPLACED_BY_VALUE's `rb`. */
type Read<T extends SummaryRow> = Omit<T, 'by_id' | 'by_no'> & { rb: [number, string] | null };

/**
 * The lines with their replacement as by_id/by_no, set on the rows as read (`rb` left undefined, which no line's
 * reader looks at and JSON leaves out): copying each row without `rb` and again with the two fields took 55 µs a
 * page, 5 % of a search's time on the server's thread.
 */
function withReplacements<T extends SummaryRow>(rows: Read<T>[]): T[] {
  for (const r of rows as (Read<T> & { by_id?: number | null; by_no?: string | null })[]) {
    const rb = r.rb;
    r.by_id = rb ? Number(rb[0]) : null;
    r.by_no = rb ? rb[1] : null;
    (r as { rb?: unknown }).rb = undefined;
  }
  return rows as unknown as T[];
}

/** A line with its number key: a number listing in memory decides some matches by it (search.ts listInMemory). */
export type KeyedRow = SummaryRow & { no_key: string };

/**
 * Result lines by id, in the order of `ids`, each with the record replacing it (by_id/by_no, null when in
 * force or none): one prepared statement for the in-memory ranking's page, where a page's lines and their
 * replacements were two statements planned anew each time (docs/decisions/0105).
 */
export async function selectByIds(db: Database, ids: number[]): Promise<KeyedRow[]> {
  if (!ids.length) return [];
  const rows = withReplacements(
    await db.query<Read<KeyedRow>>(
      `select ${SUMMARY_COLS}, standards.no_key, ${REPLACED_BY_VALUE} from standards where standards.id = any($1::int[])`,
      [ids],
      { prepare: true },
    ),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Of the records `ids`, the ids of those matching the search's WHERE, ranked by `orderBy`, best first: an overlaid
 * title index's matches ranked with the records changed since it was built (search.ts rankOverlaid, decisions/0118).
 * The ids bound the rows read (primary key lookups), whatever the WHERE.
 */
export async function rankAmong(db: Database, sql: SearchSql, orderBy: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const where = [...sql.where, `standards.id = any($${sql.params.length + 1}::int[])`].join(' and ');
  const rows = await db.query<{ id: number }>(
    `select standards.id::int as id from standards where ${where} order by ${orderBy}`,
    [...sql.params, ids],
  );
  return rows.map((r) => r.id);
}

/** A number listing's head record: its line with its number key and key without year (search.ts listInMemory). */
export type HeadRow = KeyedRow & { no_base: string };

/** One number listing's head to read: the records of its exact keys and of its keys without year. */
export interface HeadAsk {
  exact: string[];
  base: string[];
}

/**
 * The heads of number listings (decisions/0109, 0128): per ask, the records whose number is one of its exact keys or
 * whose number without year is one of its base keys (search-sql.ts numberListing), in number order (NUMBER_ORDER, then
 * id descending: the search's tie order), at most `maxHeads + 1`, each with its line. One prepared statement reads
 * the asks of a turn together (search/listing-heads.ts): they come as one JSON parameter, so its text is the same
 * whatever the asks, and each is an indexed lookup of its few keys.
 */
export async function selectHeads(db: Database, asks: HeadAsk[], maxHeads: number): Promise<HeadRow[][]> {
  const rows = withReplacements(
    await db.query<Read<HeadRow & { q: number }>>(
      `select k.q, h.*, ${replacedBy('h')}
       from jsonb_to_recordset($1::jsonb) as k(q int, exact text[], base text[])
       cross join lateral (
         select ${SUMMARY_COLS}, no_key, no_base, row_number() over (order by ${NUMBER_ORDER}, standards.id desc) as pos
         from standards where no_key = any(k.exact) or no_base = any(k.base) order by pos limit $2
       ) h
       order by k.q, h.pos`,
      [JSON.stringify(asks.map((a, q) => ({ q, exact: a.exact, base: a.base }))), maxHeads + 1],
      { prepare: true },
    ),
  );
  const heads = asks.map((): HeadRow[] => []);
  for (const r of rows) heads[r.q]!.push(r);
  return heads;
}

/**
 * Totals are cached per catalogue version and query shape: counting a million-row catalogue on every
 * list request (the unfiltered home/list page) costs ~100 ms of database CPU while the answer only
 * changes on writes, and every write moves the version (migration 0020).
 */
const COUNT_CACHE_MAX = 500;
const countCaches = new WeakMap<Database, Map<string, number>>();

function countCacheOf(db: Database): Map<string, number> {
  let countCache = countCaches.get(db);
  if (!countCache) countCaches.set(db, (countCache = new Map()));
  return countCache;
}

function rememberCount(db: Database, key: string, n: number) {
  const countCache = countCacheOf(db);
  countCache.set(key, n);
  if (countCache.size > COUNT_CACHE_MAX) countCache.delete(countCache.keys().next().value!);
}

/** The total of a count split into parts (SearchSql countParts: conditions ANDed per part), as one SQL value. */
const sumOfCounts = (parts: string[][]) =>
  `(${parts.map((w) => `(select count(*) from standards where ${w.join(' and ')})`).join(' + ')})::int`;

const countKey = (sql: SearchSql, version: number) => `${version}|${source(sql)}|${JSON.stringify(sql.params)}`;

/**
 * The total of a search. `prefixCount`: the matches of a number listing's prefix (`no_key like`, its WHERE's
 * first condition and countParts' first part, without filters) as counted in memory
 * (title-index-numbers.ts count): only the rest is counted in SQL, if there is a rest.
 */
export async function countMatches(db: Database, sql: SearchSql, version: number, prefixCount?: number): Promise<number> {
  const key = countKey(sql, version);
  const hit = countCacheOf(db).get(key);
  if (hit !== undefined) return hit;
  const parts = !sql.cap && sql.countParts;
  const rest = prefixCount === undefined ? parts : parts && parts.slice(1);
  const counted =
    prefixCount !== undefined && !(rest && rest.length)
      ? 0
      : (
          await db.query<{ n: number }>(
            rest ? `select ${sumOfCounts(rest)} as n` : `select count(*)::int as n from ${source(sql)}`,
            sql.params,
            // Without the prefix part, the rest is exact and base keys (index lookups by value; the LIKE only
            // filters them): a generic plan serves it as well as a custom one (ADR 0105).
            { prepare: prefixCount !== undefined },
          )
        )[0]?.n;
  const n = (prefixCount ?? 0) + (counted ?? 0);
  rememberCount(db, key, n);
  return n;
}

/**
 * A page and the total of a search. Unless the total is cached, one statement reads both
 * (`count(*) over ()`): the page's ranking visits every match anyway, so a separate count would scan
 * them a second time. A page past the end has no row to carry the total; that one is counted apart.
 * `whereParams`: how many parameters the WHERE clause uses (the count cache key).
 */
export async function selectCountedPage(
  db: Database,
  sql: SearchSql,
  whereParams: number,
  orderBy: string,
  limit: number,
  offset: number,
  version: number,
  /** A number listing's prefix matches counted in memory (countMatches), asked only when a count is needed. */
  prefixCount?: () => number | undefined,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const counting = { where: sql.where, params: sql.params.slice(0, whereParams), cap: sql.cap, countParts: sql.countParts };
  const key = countKey(counting, version);
  const hit = countCacheOf(db).get(key);
  if (hit !== undefined) return { rows: await selectPage(db, sql, orderBy, limit, offset), total: hit };
  if (sql.listing) {
    // A number listing reads only a page; a short first page is the whole answer (an exact number). With the
    // prefix counted in memory, the exact and base keys outside it are counted in the page's statement (an
    // init plan run once), not in a statement of their own (decisions/0106).
    const held = prefixCount?.();
    const rest = held !== undefined && sql.countParts ? sql.countParts.slice(1) : [];
    const extra = rest.length ? `, ${sumOfCounts(rest)} as rest_count` : '';
    const rows = await selectPage(db, sql, orderBy, limit, offset, extra);
    if (offset === 0 && rows.length < limit) {
      rememberCount(db, key, rows.length);
      return { rows, total: rows.length };
    }
    if (held !== undefined && rows.length) {
      const total = held + (rest.length ? Number((rows[0] as SummaryRow & { rest_count: number }).rest_count) : 0);
      rememberCount(db, key, total);
      return { rows, total };
    }
    return { rows, total: await countMatches(db, counting, version, held) };
  }
  const p = [...sql.params, limit, offset];
  // The matches are ranked on their sort keys alone (computed once per row, three or four narrow
  // columns) and only the page's rows are read in full. Counting with `count(*) over ()` next to the
  // result columns held every match's full row in the window's buffer, which spilled to disk for
  // common words at 1M rows (docs/decisions/0021-search-ranking.md, "Keyword cost").
  const keys = orderKeys(orderBy);
  const ranked = keys.map((k, i) => `k${i} ${k.dir}`).join(', ');
  const read = await db.query<Read<SummaryRow & { total_count: number }>>(
    `with m as materialized (select ${keys.map((k, i) => `${k.expr} as k${i}`).join(', ')}, standards.id as m_id
                             from ${source(sql)})
     select ${SUMMARY_COLS}, (select count(*) from m)::int as total_count, ${REPLACED_BY_VALUE}
     from (select * from m order by ${ranked} limit $${p.length - 1} offset $${p.length}) page
     join standards on standards.id = page.m_id
     order by ${ranked}`,
    p,
  );
  const rows = withReplacements(read);
  if (!rows.length) return { rows, total: await countMatches(db, counting, version) };
  const total = Number(rows[0]!.total_count);
  rememberCount(db, key, total);
  return { rows, total };
}

/**
 * An ORDER BY list split into its expressions and directions (`score desc, standards.id desc` →
 * [{ expr: 'score', dir: 'desc' }, …]). Commas inside parentheses or quotes belong to an expression.
 */
export function orderKeys(orderBy: string): { expr: string; dir: string }[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < orderBy.length; i++) {
    const c = orderBy[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      parts.push(orderBy.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(orderBy.slice(start));
  return parts.map((part) => {
    const m = /^([\s\S]*?)\s+((?:asc|desc)(?:\s+nulls\s+(?:first|last))?|nulls\s+(?:first|last))\s*$/i.exec(part.trim());
    return m ? { expr: m[1]!.trim(), dir: m[2]! } : { expr: part.trim(), dir: '' };
  });
}

export interface Replacement {
  id: number;
  by_id: number;
  by_no: string;
}

/**
 * For records no longer in force: the newest record stating it replaces them (by id or by number). The rule of
 * migration 0083's standard_replaced_by for a list of records, in one statement (a batch check asks for hundreds).
 */
export async function findReplacements(db: Database, ids: number[]): Promise<Map<number, Replacement>> {
  if (!ids.length) return new Map();
  const rows = await db.query<Replacement>(
    `select distinct on (s.id) s.id::int as id, b.id::int as by_id, b.standard_no as by_no
     from standards s
     join standard_relations r on r.kind = 'replaces' and (r.related_id = s.id or r.related_no_key = s.no_key)
     join standards b on b.id = r.standard_id and b.id <> s.id
     where s.id = any($1::bigint[])
     order by s.id, b.implement_date desc nulls last, b.id desc`,
    [ids],
    { prepare: true },
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** One record as the detail page shows it: the answer's own fields (aliased in SQL), and where it came from. */
export type DetailRow = Omit<StandardDetail, 'replaces' | 'replacedBy' | 'statusHistory' | 'sourceCredit'> & {
  source: string | null;
  licence: string | null;
  sourceRef: string | null;
};

export async function findDetail(db: Database, id: number): Promise<DetailRow | undefined> {
  const rows = await db.query<DetailRow>(
    `select s.id::int as id, s.standard_no as "standardNo", s.no_key as "noKey", s.name_zh as "nameZh", s.name_en as "nameEn",
       s.level, s.nature, s.status, s.publish_date::text as "publishDate", s.implement_date::text as "implementDate",
       s.abolish_date::text as "abolishDate", s.ccs_code as "ccsCode", c.name as "ccsName", s.ics_code as "icsCode",
       i.name_en as "icsNameEn", i.name_zh as "icsNameZh", s.department, s.committee, s.issuer,
       s.drafting_units as "draftingUnits", s.drafters, s.adopted_no as "adoptedNo", s.adoption_degree as "adoptionDegree",
       s.scope, s.notes, s.region, s.region_code as "regionCode", s.category, s.official_url as "officialUrl",
       s.source, s.licence, s.source_ref as "sourceRef"
     from standards s
     left join ccs_codes c on c.code = s.ccs_code
     left join ics_codes i on i.code = s.ics_code
     where s.id = $1`,
    [id],
  );
  return rows[0];
}

export interface RelationRow {
  kind: string;
  standard_id: number;
  standard_no: string;
  related_no: string;
  related_no_key: string;
  related_id: number | null;
  inferred: boolean;
  note: string | null;
  depth: number;
}

/**
 * Relations both ways, followed transitively (at most 10 steps) so a chain A → B → C reads whole.
 * Forward: rows owned by this record (it replaces …); reverse: rows naming this record (replaced by …).
 */
export async function findRelations(db: Database, id: number, noKey: string) {
  const forward = await db.query<RelationRow>(
    `with recursive f(standard_id, related_no_key, related_id, kind, related_no, inferred, note, depth) as (
       select r.standard_id, r.related_no_key, r.related_id, r.kind, r.related_no, r.inferred, r.note, 1
       from standard_relations r where r.standard_id = $1
       union all
       select r.standard_id, r.related_no_key, r.related_id, r.kind, r.related_no, r.inferred, r.note, f.depth + 1
       from f join standard_relations r on r.standard_id = f.related_id
       where f.depth < 10 and f.kind = 'replaces' and r.kind = 'replaces'
     )
     select f.kind, f.standard_id::int as standard_id, s.standard_no, f.related_no, f.related_no_key,
       f.related_id::int as related_id, f.inferred, f.note, f.depth
     from f join standards s on s.id = f.standard_id order by f.depth, f.related_no`,
    [id],
  );
  const reverse = await db.query<RelationRow>(
    `with recursive b(standard_id, related_no_key, kind, inferred, note, depth) as (
       select r.standard_id, r.related_no_key, r.kind, r.inferred, r.note, 1
       from standard_relations r where r.related_no_key = $1 or r.related_id = $2
       union all
       select r.standard_id, r.related_no_key, r.kind, r.inferred, r.note, b.depth + 1
       from b join standards s on s.id = b.standard_id
       join standard_relations r on r.related_no_key = s.no_key
       where b.depth < 10 and b.kind = 'replaces' and r.kind = 'replaces'
     )
     select b.kind, b.standard_id::int as standard_id, s.standard_no, s.standard_no as related_no, b.related_no_key,
       b.standard_id::int as related_id, b.inferred, b.note, b.depth
     from b join standards s on s.id = b.standard_id order by b.depth, s.no_key`,
    [noKey, id],
  );
  return { forward, reverse };
}

export async function findHistory(db: Database, id: number) {
  return db.query<{ old_status: string | null; new_status: string; changed_at: string; source: string | null }>(
    `select old_status, new_status, changed_at::text as changed_at, source from standard_status_history
     where standard_id = $1 order by changed_at, id`,
    [id],
  );
}

export async function stats(db: Database, today: string) {
  const [byLevel, byStatus, totals] = await Promise.all([
    db.query<{ key: string; n: number }>('select level as key, count(*)::int as n from standards group by level'),
    db.query<{ key: string; n: number }>('select status as key, count(*)::int as n from standards group by status'),
    db.query<{ total: number; newly: number; upcoming: number }>(
      `select count(*)::int as total,
         count(*) filter (where coalesce(publish_date, implement_date) > $1::date - interval '12 months'
           and coalesce(publish_date, implement_date) <= $1::date)::int as newly,
         count(*) filter (where status = 'upcoming' or implement_date > $1::date)::int as upcoming
       from standards`,
      [today],
    ),
  ]);
  return { byLevel, byStatus, totals: totals[0]! };
}

export async function listCcs(db: Database) {
  return db.query<{ code: string; name: string; level: number; parent: string | null }>(
    'select code, name, level, parent from ccs_codes order by code',
  );
}

export async function listIcs(db: Database) {
  return db.query<{ code: string; name_en: string; name_zh: string | null; level: number; parent: string | null }>(
    'select code, name_en, name_zh, level, parent from ics_codes order by code',
  );
}

/** Records in the catalogue (the console dashboard's figure). */
export async function countStandards(db: Database): Promise<number> {
  const [r] = await db.query<{ n: number }>('select count(*)::int as n from standards');
  return r!.n;
}

export async function standardExists(db: Database, id: number): Promise<boolean> {
  return (await db.query('select 1 from standards where id = $1', [id])).length > 0;
}

/** SQL condition for another module's query: the record `idColumn` names is in the catalogue. */
export const standardExistsSql = (idColumn: string) => `exists (select 1 from standards s where s.id = ${idColumn})`;

/** Numbers and names of records by id (ids not in the catalogue are absent). */
export async function standardNamesByIds(
  db: Database,
  ids: number[],
): Promise<Map<number, { standardNo: string; nameZh: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: number; standardNo: string; nameZh: string }>(
    'select id::int as id, standard_no as "standardNo", name_zh as "nameZh" from standards where id = any($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { standardNo: r.standardNo, nameZh: r.nameZh }]));
}

export interface StandardStatusRow {
  id: number;
  standard_no: string;
  name_zh: string;
  status: string;
  publish_date: string | null;
  implement_date: string | null;
  abolish_date: string | null;
  replaced_by_no: string | null;
  replaced_by_id: number | null;
  old_status: string | null;
  new_status: string | null;
  changed_at: string | null;
}

/**
 * Records by id with their status at a glance (a user's collections): the replacing standard, the newest
 * record stating it replaces this one (by id or, before the id was resolved, by number), and the latest
 * status change, the newest history row. Ids not in the catalogue are absent.
 */
export async function standardStatusRows(db: Database, ids: number[]): Promise<Map<number, StandardStatusRow>> {
  if (!ids.length) return new Map();
  const rows = await db.query<StandardStatusRow>(
    `select s.id::int as id, s.standard_no, s.name_zh, s.status, s.publish_date::text as publish_date,
            s.implement_date::text as implement_date, s.abolish_date::text as abolish_date,
            rb.standard_no as replaced_by_no, rb.id::int as replaced_by_id,
            h.old_status, h.new_status, h.changed_at::text as changed_at
       from standards s
       left join lateral (
         select n.id, n.standard_no from standard_relations r join standards n on n.id = r.standard_id
          where (r.related_id = s.id or r.related_no_key = s.no_key) and r.kind = 'replaces'
          order by n.publish_date desc nulls last, n.id desc limit 1) rb on true
       left join lateral (
         select old_status, new_status, changed_at from standard_status_history x
          where x.standard_id = s.id order by x.changed_at desc, x.id desc limit 1) h on true
      where s.id = any($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Zhongshan local standards: DB4420 numbers (region code 4420…). */
const ZS_LOCAL = "s.level = 'local' and s.region_code like '4420%'";

/** Zhongshan local standards per town: those whose drafting units name the town (`codes` and `names` pair up). */
export async function localStandardsPerTown(
  db: Database,
  codes: string[],
  names: string[],
): Promise<{ code: string; n: number }[]> {
  return db.query<{ code: string; n: number }>(
    `select t.code, count(s.id)::int as n from unnest($1::text[], $2::text[]) as t(code, name)
       left join standards s on ${ZS_LOCAL} and s.drafting_units like '%' || t.name || '%'
      group by t.code`,
    [codes, names],
  );
}

export async function countLocalStandards(db: Database): Promise<number> {
  const [r] = await db.query<{ n: number }>(`select count(*)::int as n from standards s where ${ZS_LOCAL}`);
  return r!.n;
}

/** A page of Zhongshan local standards (of one town's drafting units, or all), latest implemented first, and their total. */
export async function localStandardsPage(
  db: Database,
  town: string | null,
  f: { page: number; size: number },
): Promise<
  Page<{
    id: string | number;
    standard_no: string;
    name_zh: string;
    drafting_units: string | null;
    implement_date: Date | string | null;
  }>
> {
  return paged(
    db,
    {
      count: 'standards s',
      select: 'select s.id, s.standard_no, s.name_zh, s.drafting_units, s.implement_date from standards s',
      where: `${ZS_LOCAL} and ($1::text is null or s.drafting_units like '%' || $1 || '%')`,
      order: 's.implement_date desc nulls last, s.id desc',
    },
    [town],
    f,
  );
}

/** Catalogue records by canonical number key (the portal's standard systems link their numbers to them). */
export async function standardsByNoKeys(
  db: Database,
  keys: string[],
): Promise<Array<{ id: number; no_key: string; name_zh: string }>> {
  if (keys.length === 0) return [];
  return db.query<{ id: number; no_key: string; name_zh: string }>(
    'select id::int as id, no_key, name_zh from standards where no_key = any($1::text[])',
    [keys],
  );
}

/** A recorded status change with what its alert tells: the record, and the newest record replacing it. */
export interface StatusChangeRow {
  id: number;
  standard_id: number;
  old_status: string | null;
  new_status: string;
  changed_at: string;
  standard_no: string;
  name_zh: string;
  replaced_by: string | null;
  /** The replacing record's Chinese title, so a message can name it (issue 30). */
  replaced_by_name: string | null;
  /** The replacing record's id, so a mail links to its detail page. */
  replaced_by_id: number | null;
}

const STATUS_CHANGE_SELECT = `select h.id::int as id, h.standard_id::int as standard_id, h.old_status, h.new_status,
         h.changed_at::text as changed_at, s.standard_no, s.name_zh,
         rb.standard_no as replaced_by, rb.name_zh as replaced_by_name, rb.id::int as replaced_by_id
    from standard_status_history h join standards s on s.id = h.standard_id
    left join lateral (select n.id, n.standard_no, n.name_zh from standard_relations r join standards n on n.id = r.standard_id
           where (r.related_id = s.id or r.related_no_key = s.no_key) and r.kind in ('replaces', 'partially_replaces')
           order by n.publish_date desc nulls last, n.id desc limit 1) rb on true`;

/** One status change whose alerts are not sent yet (null when sent or unknown), in the caller's transaction. */
export async function undispatchedStatusChange(q: Query, historyId: number): Promise<StatusChangeRow | null> {
  const [row] = await q<StatusChangeRow>(`${STATUS_CHANGE_SELECT} where h.id = $1 and h.dispatched_at is null`, [historyId]);
  return row ?? null;
}

/** Up to `limit` status changes whose alerts are not sent yet, oldest first. */
export async function undispatchedStatusChanges(q: Query, limit: number): Promise<StatusChangeRow[]> {
  return q<StatusChangeRow>(`${STATUS_CHANGE_SELECT} where h.dispatched_at is null order by h.id limit $1`, [limit]);
}

/** Marks status changes as dispatched (their alerts are sent), so later runs skip them. */
export async function markStatusChangesDispatched(q: Query, ids: number[]): Promise<void> {
  await q('update standard_status_history set dispatched_at = now() where id = any($1::bigint[]) and dispatched_at is null', [
    ids,
  ]);
}

/** What alerts match a record against (watch lists, decisions/0085). */
export interface WatchableStandard {
  id: number;
  standard_no: string;
  no_base: string;
  name_zh: string;
  ccs_code: string | null;
  ics_code: string | null;
  /** Drafting units, the 归口 committee and the department, joined: a watched unit is looked for in it. */
  units: string;
  implement_date: string | null;
}
const WATCHABLE = `select id::int as id, standard_no, no_base, name_zh, ccs_code, ics_code,
       concat_ws(' ', drafting_units, committee, department) as units, implement_date::text as implement_date from standards`;

/** Records added after id `afterId` (the new-standards scan), lowest id first. */
export async function standardsAfterId(q: Query, afterId: number, limit: number): Promise<WatchableStandard[]> {
  return q<WatchableStandard>(`${WATCHABLE} where id > $1 order by id limit $2`, [afterId, limit]);
}
/** Records by id (a watch of one standard: its number and base). */
export async function watchableStandards(q: Query, ids: number[]): Promise<WatchableStandard[]> {
  return q<WatchableStandard>(`${WATCHABLE} where id = any($1::bigint[])`, [ids]);
}
/** Records that take effect on one of these days (即将实施). */
export async function standardsImplementingOn(q: Query, days: string[]): Promise<WatchableStandard[]> {
  return q<WatchableStandard>(`${WATCHABLE} where implement_date = any($1::date[]) order by id`, [days]);
}
/** The highest record id (where the new-standards scan starts on its first run). */
export async function maxStandardId(q: Query): Promise<number> {
  const [r] = await q<{ m: number | null }>('select max(id)::int as m from standards');
  return r?.m ?? 0;
}
/** Ids of the other editions of these bases (a new edition tells who watched an earlier one). */
export async function editionIds(q: Query, bases: string[]): Promise<Array<{ id: number; no_base: string }>> {
  if (!bases.length) return [];
  return q<{ id: number; no_base: string }>('select id::int as id, no_base from standards where no_base = any($1::text[])', [
    bases,
  ]);
}

/** One part of the sitemap's standards (docs/decisions/0078): ids in order with their last change, `limit` from `offset`. */
export async function standardSitemapRows(
  db: Database,
  offset: number,
  limit: number,
): Promise<{ id: number; lastmod: string }[]> {
  const rows = await db.query<{ id: number; lastmod: Date | string }>(
    'select id::int as id, updated_at as lastmod from standards order by id limit $1 offset $2',
    [limit, offset],
  );
  return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod).toISOString() }));
}
