import { randomUUID } from 'node:crypto';
import type { Query, Session } from '../../../db/client.ts';
import { COLS, STAGE_COLS, type Duplicate, type RelatedRecord } from './prepare.ts';

type Col = (typeof COLS)[number];

const insertCols = [...COLS.map((c) => c.name), 'search_tokens', 'source', 'licence'];
// A status the source did not state (derived from dates) never overwrites a stored one.
const selectCols = [
  ...COLS.map((c) =>
    c.name === 'status' ? `coalesce(case when i.status_given then i.status end, old.status, i.status)` : `i.${c.name}`,
  ),
  `string_to_array(i.tokens, ' ')`,
  `$1::text`,
  `$2::text`,
];
const updated = COLS.filter((c) => c.name !== 'no_key');
const setExpr = (c: Col) => (c.keep ? `coalesce(excluded.${c.name}, standards.${c.name})` : `excluded.${c.name}`);

/**
 * One batch of validated rows in a temporary table of the import's session (docs/decisions/0045): written
 * with COPY, then merged by set-based statements. Rows are unique by number within a batch.
 */
export class Stage {
  /** This batch's rows. */
  readonly table: string;
  /**
   * Every staged record of this run: its number, and the first and last line it stood on in its batch. A number
   * staged by two batches is a duplicate across batches, found once at the end (duplicates()).
   */
  private readonly keys: string;
  private readonly upsertSql: string;
  private size = 0;
  constructor(private readonly s: Session) {
    // PGlite's one connection may hold two imports' tables at once: the names are the run's own.
    const run = randomUUID().replace(/-/g, '').slice(0, 16);
    this.table = `import_stage_${run}`;
    this.keys = `import_keys_${run}`;
    this.upsertSql = upsertSql(this.table, this.keys);
  }

  async open(): Promise<void> {
    const cols = STAGE_COLS.map((c) => `${c.name} ${c.type}`);
    await this.s.query(`create temporary table ${this.table} (${cols.join(', ')})`);
    // No index: appending costs a tenth of keeping a unique index, probed per row, up to date (docs/decisions/0073).
    await this.s.query(
      `create temporary table ${this.keys} (no_key text not null, standard_no text not null, first_line int4 not null, line int4 not null)`,
    );
  }

  /**
   * Replaces the staged rows with a batch's COPY text (prepare.ts), `size` records unique by number. `on`: the
   * session's open transaction, when the batch is written in one (PGlite hands a transaction its own handle).
   */
  async load(copyText: string, size: number, on: Session = this.s): Promise<void> {
    await on.query(`truncate ${this.table}`);
    await on.copyIn(
      this.table,
      STAGE_COLS.map((c) => c.name),
      copyText,
    );
    this.size = size;
  }

  async close(): Promise<void> {
    await this.s.query(`drop table if exists ${this.table}, ${this.keys}`);
  }

  /**
   * Writes the staged batch in one statement (upsertSql) and answers its counts and the ids of the records
   * `withRelations` names.
   */
  async upsert(
    source: string | null,
    licence: string | null,
    withRelations: string[],
    on: Session = this.s,
  ): Promise<BatchResult> {
    type Row = {
      inserted: number;
      written: number;
      history: number;
      ids: Record<string, number> | null;
    };
    // Counts, not rows: returning every written row costs more than the counting (PGlite parses each in JS).
    const [r] = (await on.query<Row>(this.upsertSql, [source, licence, withRelations])) as [Row];
    const ids = new Map(Object.entries(r.ids ?? {}).map(([k, v]) => [k, Number(v)]));
    // Unchanged rows are not written; the relations of this batch need their ids too.
    const missing = withRelations.filter((k) => !ids.has(k));
    if (missing.length) {
      const more = await on.query<{ id: string | number; no_key: string }>(
        'select id, no_key from standards where no_key = any($1::text[])',
        [missing],
      );
      for (const m of more) ids.set(m.no_key, Number(m.id));
    }
    return {
      inserted: r.inserted,
      updated: r.written - r.inserted,
      unchanged: this.size - r.written,
      history: r.history,
      ids,
    };
  }

  /**
   * A batch a resumed run had already written (its checkpoint says so): only its numbers join the run's list, so
   * the duplicates across batches are found as in an uninterrupted run; the catalogue is not touched again.
   */
  async remember(copyText: string, size: number): Promise<void> {
    await this.load(copyText, size);
    await this.s.query(
      `insert into ${this.keys} (no_key, standard_no, first_line, line) select no_key, standard_no, first_line, line from ${this.table}`,
    );
  }

  /**
   * The numbers staged by more than one batch of this run: how many later stagings there were, and the first
   * `limit` of them by line, each with the last line of the staging before it (the row it replaced).
   */
  async duplicates(limit: number): Promise<{ count: number; details: Duplicate[] }> {
    const [r] = (await this.s.query<{ count: number; details: Duplicate[] | null }>(
      `with repeated as (
         select k.no_key, k.standard_no, k.first_line, lag(k.line) over (partition by k.no_key order by k.first_line) as previous
         from ${this.keys} k
         where k.no_key in (select no_key from ${this.keys} group by no_key having count(*) > 1)
       ),
       later as (select * from repeated where previous is not null)
       select (select count(*)::int4 from later) as count,
         (select json_agg(json_build_object('line', first_line, 'previousLine', previous, 'standardNo', standard_no) order by first_line)
          from (select * from later order by first_line limit $1) d) as details`,
      [limit],
    )) as [{ count: number; details: Duplicate[] | null }];
    return { count: r.count, details: r.details ?? [] };
  }
}

/**
 * The write of one staged batch, as one statement (one round trip, one scan of the batch; docs/decisions/0046):
 * the run's list of staged numbers appended, an upsert on the normalised number that skips unchanged rows, and a
 * status-history row for every inserted record and every status change, all from the same snapshot.
 */
function upsertSql(table: string, keys: string): string {
  // The staged table is read where needed, not through a CTE: a CTE of the batch's wide rows would be copied
  // into a tuplestore first, which cost more than the scans (80 local pages for 2,000 rows).
  const i = `${table} i`;
  return `
with
-- Duplicates across batches are found at the end of the run from this list (Stage.duplicates), so the importer
-- keeps no map of every number it has read.
remembered as (
  insert into ${keys} (no_key, standard_no, first_line, line) select no_key, standard_no, first_line, line from ${table}
),
old as (
  -- limit 1 keeps each lookup a probe of the unique index: a join planned as a hash join would read the
  -- whole catalogue for every batch.
  select s.id, s.no_key, s.status from ${i}
  cross join lateral (select id, no_key, status from standards where no_key = i.no_key limit 1) s
),
up as (
  insert into standards as standards (${insertCols.join(', ')})
  -- In order of the number key, as the batch was staged (prepare.ts sorts it): records of one series sit together
  -- on disk, so listing a prefix reads few pages (listing 'YY/T 27' in the 1,000,000-record bench: 91 pages
  -- instead of 818 in file order). Sorting the wide rows here cost the database more than the worker's sort.
  select ${selectCols.join(', ')} from ${i} left join old on old.no_key = i.no_key
  on conflict (no_key) do update set
    ${updated.map((c) => `${c.name} = ${setExpr(c)}`).join(',\n    ')},
    search_tokens = excluded.search_tokens,
    source = coalesce(excluded.source, standards.source),
    licence = coalesce(excluded.licence, standards.licence),
    updated_at = now()
  where (${updated.map((c) => `standards.${c.name}`).join(', ')}, standards.search_tokens, standards.source, standards.licence)
    is distinct from
    (${updated.map((c) => setExpr(c)).join(', ')}, excluded.search_tokens,
     coalesce(excluded.source, standards.source), coalesce(excluded.licence, standards.licence))
  returning standards.id, standards.no_key, standards.status, (standards.xmax = 0) as inserted
),
hist as (
  -- A new record's first status alerts nobody (alerts/status.ts): written as already dispatched.
  insert into standard_status_history (standard_id, old_status, new_status, source, dispatched_at)
  select up.id, old.status, up.status, $1::text, case when old.status is null then now() end
  from up left join old on old.no_key = up.no_key
  where old.status is distinct from up.status
  returning 1
)
select count(*) filter (where up.inserted)::int4 as inserted, count(*)::int4 as written,
  (select count(*) from hist)::int4 as history,
  json_object_agg(up.no_key, up.id) filter (where up.no_key = any($3::text[])) as ids
from up`;
}

export interface BatchResult {
  inserted: number;
  updated: number;
  unchanged: number;
  history: number;
  ids: Map<string, number>;
}

/** Relations stated in this batch (notes, 代替标准 column); related ids resolved at the end. */
export async function insertRelations(db: { query: Query }, batch: RelatedRecord[], ids: Map<string, number>): Promise<number> {
  const sid: number[] = [];
  const rkey: string[] = [];
  const rno: string[] = [];
  const kind: string[] = [];
  const note: string[] = [];
  const otherKeys: string[] = [];
  for (const r of batch) {
    for (const rel of r.relations) {
      if (rel.subject === 'self') {
        sid.push(ids.get(r.noKey)!);
        rkey.push(rel.key);
        rno.push(rel.no);
        kind.push(rel.kind);
        note.push(rel.note);
      } else otherKeys.push(rel.key);
    }
  }
  // "X abolished by Y": the row belongs to Y, which must already be in the catalogue.
  const others = otherKeys.length
    ? new Map(
        (
          await db.query<{ id: string | number; no_key: string }>(
            'select id, no_key from standards where no_key = any($1::text[])',
            [otherKeys],
          )
        ).map((r) => [r.no_key, Number(r.id)]),
      )
    : new Map<string, number>();
  for (const r of batch) {
    for (const rel of r.relations) {
      if (rel.subject !== 'other') continue;
      const owner = others.get(rel.key);
      if (owner === undefined) continue;
      sid.push(owner);
      rkey.push(r.noKey);
      rno.push(r.standardNo);
      kind.push(rel.kind);
      note.push(rel.note);
    }
  }
  if (!sid.length) return 0;
  const res = await db.query(
    `insert into standard_relations (standard_id, related_no_key, related_no, kind, note)
     select * from unnest($1::int8[], $2::text[], $3::text[], $4::text[], $5::text[])
     on conflict (standard_id, related_no_key, kind) do nothing returning 1`,
    [sid, rkey, rno, kind, note],
  );
  return res.length;
}

export async function resolveRelationIds(db: { query: Query }): Promise<void> {
  await db.query(
    `update standard_relations r set related_id = s.id from standards s
     where r.related_id is null and s.no_key = r.related_no_key`,
  );
}

/**
 * Editions of one number (same no_base, different years): the newer replaces the one before it, and
 * an older edition whose status the source did not state becomes 被代替. Marked inferred.
 */
export async function inferEditionRelations(
  db: { query: Query },
  prefixes: string[],
  source: string,
): Promise<{ relations: number; replaced: number }> {
  const rel = await db.query(
    `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind, inferred, note)
     select n.id, o.no_key, o.standard_no, o.id, 'replaces', true, '同一编号的较新版本（由编号推断）'
     from standards n join standards o on o.no_base = n.no_base and o.no_year < n.no_year
     where n.no_prefix = any($1::text[])
       and not exists (select 1 from standards m where m.no_base = n.no_base and m.no_year > o.no_year and m.no_year < n.no_year)
     on conflict (standard_id, related_no_key, kind) do nothing returning 1`,
    [prefixes],
  );
  const changed = await db.query(
    `with t as (
       select s.id, s.status from standards s
       where s.no_prefix = any($1::text[]) and s.status in ('current', 'upcoming')
         and exists (select 1 from standard_relations r where r.related_id = s.id and r.kind = 'replaces' and r.inferred)
     ),
     c as (
       update standards s set status = 'replaced', updated_at = now() from t where s.id = t.id returning s.id, t.status as old
     )
     insert into standard_status_history (standard_id, old_status, new_status, source)
     select c.id, c.old, 'replaced', $2::text || '（由较新版本推断）' from c returning 1`,
    [prefixes, source],
  );
  return { relations: rel.length, replaced: changed.length };
}
