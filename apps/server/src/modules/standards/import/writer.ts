import { randomUUID } from 'node:crypto';
import type { Query, Session } from '../../../db/client.ts';
import { copyLine, type CopyValue } from '../../../lib/copy-text.ts';
import type { StandardInput } from './validate.ts';

type Col = { name: string; field: keyof StandardInput; type: string; keep?: boolean };

/** Column order of the unnest() input. `keep`: an empty incoming value keeps the stored one. */
export const COLS: Col[] = [
  { name: 'standard_no', field: 'standardNo', type: 'text' },
  { name: 'no_key', field: 'noKey', type: 'text' },
  { name: 'no_base', field: 'noBase', type: 'text' },
  { name: 'no_prefix', field: 'noPrefix', type: 'text' },
  { name: 'no_year', field: 'noYear', type: 'int2' },
  { name: 'no_order', field: 'noOrder', type: 'text' },
  { name: 'name_zh', field: 'nameZh', type: 'text' },
  { name: 'name_en', field: 'nameEn', type: 'text', keep: true },
  { name: 'level', field: 'level', type: 'text' },
  { name: 'nature', field: 'nature', type: 'text', keep: true },
  { name: 'status', field: 'status', type: 'text' },
  { name: 'publish_date', field: 'publishDate', type: 'date', keep: true },
  { name: 'implement_date', field: 'implementDate', type: 'date', keep: true },
  { name: 'abolish_date', field: 'abolishDate', type: 'date', keep: true },
  { name: 'ccs_code', field: 'ccsCode', type: 'text', keep: true },
  { name: 'ics_code', field: 'icsCode', type: 'text', keep: true },
  { name: 'department', field: 'department', type: 'text', keep: true },
  { name: 'committee', field: 'committee', type: 'text', keep: true },
  { name: 'issuer', field: 'issuer', type: 'text', keep: true },
  { name: 'drafting_units', field: 'draftingUnits', type: 'text', keep: true },
  { name: 'drafters', field: 'drafters', type: 'text', keep: true },
  { name: 'adopted_no', field: 'adoptedNo', type: 'text', keep: true },
  { name: 'adoption_degree', field: 'adoptionDegree', type: 'text', keep: true },
  { name: 'scope', field: 'scope', type: 'text', keep: true },
  { name: 'notes', field: 'notes', type: 'text', keep: true },
  { name: 'region', field: 'region', type: 'text', keep: true },
  { name: 'region_code', field: 'regionCode', type: 'text', keep: true },
  { name: 'category', field: 'category', type: 'text', keep: true },
  { name: 'official_url', field: 'officialUrl', type: 'text', keep: true },
  { name: 'source_ref', field: 'sourceRef', type: 'text', keep: true },
];

const inputCols = [...COLS.map((c) => c.name), 'tokens', 'status_given'];
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
  /** Every number this run has written so far, with the last line it stood on (duplicates across batches). */
  private readonly keys: string;
  private readonly upsertSql: string;
  private size = 0;
  constructor(private readonly s: Session) {
    // PGlite's one connection may hold two imports' tables at once: the names are the run's own.
    const run = randomUUID().replace(/-/g, '').slice(0, 16);
    this.table = `import_stage_${run}`;
    this.keys = `import_keys_${run}`;
    this.upsertSql = upsertSql(this.table);
  }

  async open(): Promise<void> {
    const cols = [...COLS.map((c) => `${c.name} ${c.type}`), 'tokens text', 'status_given bool', 'line int4'];
    await this.s.query(`create temporary table ${this.table} (${cols.join(', ')})`);
    await this.s.query(`create temporary table ${this.keys} (no_key text primary key, line int4 not null)`);
  }

  async load(batch: { rec: StandardInput; last: number }[]): Promise<void> {
    let text = '';
    for (const { rec, last } of batch) {
      const values: CopyValue[] = COLS.map((c) => rec[c.field] as CopyValue);
      values.push(rec.searchTokens.join(' '), rec.statusGiven, last);
      text += copyLine(values);
    }
    await this.s.query(`truncate ${this.table}`);
    await this.s.copyIn(this.table, [...inputCols, 'line'], text);
    this.size = batch.length;
  }

  async close(): Promise<void> {
    await this.s.query(`drop table if exists ${this.table}, ${this.keys}`);
  }

  /**
   * An upsert on the normalised number that skips unchanged rows, and a status-history row for every
   * inserted record and every status change, all from the same snapshot.
   */
  async upsert(source: string | null, licence: string | null, withRelations: string[]): Promise<BatchResult> {
    const rows = await this.s.query<{ id: string | number; no_key: string; inserted: boolean; history: string | number }>(
      this.upsertSql,
      [source, licence],
    );
    const inserted = rows.filter((r) => r.inserted).length;
    const ids = new Map(rows.map((r) => [r.no_key, Number(r.id)]));
    // Unchanged rows are not returned; the relations of this batch need their ids too.
    const missing = withRelations.filter((k) => !ids.has(k));
    if (missing.length) {
      const more = await this.s.query<{ id: string | number; no_key: string }>(
        'select id, no_key from standards where no_key = any($1::text[])',
        [missing],
      );
      for (const r of more) ids.set(r.no_key, Number(r.id));
    }
    return {
      inserted,
      updated: rows.length - inserted,
      unchanged: this.size - rows.length,
      history: rows.length ? Number(rows[0]!.history) : 0,
      ids,
    };
  }

  /**
   * Records the batch's numbers (with the last line each stood on) and answers the numbers an earlier batch
   * of the run already had, with that batch's line: duplicates across batches, found in the database so the
   * importer keeps no map of every number it has read.
   */
  async rememberKeys(): Promise<Map<string, number>> {
    const prev = await this.s.query<{ no_key: string; line: number }>(
      `with prev as (
         select i.no_key, k.line from ${this.table} i
         -- limit 1: an index probe per staged row, never a join over the whole run's numbers
         cross join lateral (select line from ${this.keys} k where k.no_key = i.no_key limit 1) k
       ),
       ins as (
         insert into ${this.keys} (no_key, line) select no_key, line from ${this.table}
         on conflict (no_key) do update set line = excluded.line
       )
       select no_key, line from prev`,
    );
    return new Map(prev.map((r) => [r.no_key, r.line]));
  }
}

/**
 * The upsert of one staged batch: an upsert on the normalised number that skips unchanged rows, and a
 * status-history row for every inserted record and every status change, all from the same snapshot.
 */
function upsertSql(table: string): string {
  return `
with i as (select * from ${table}),
old as (
  -- limit 1 keeps each lookup a probe of the unique index: a join planned as a hash join would read the
  -- whole catalogue for every batch.
  select s.id, s.no_key, s.status from i
  cross join lateral (select id, no_key, status from standards where no_key = i.no_key limit 1) s
),
up as (
  insert into standards as standards (${insertCols.join(', ')})
  -- In order of the number key: records of one series sit together on disk, so listing a prefix reads few pages
  -- (listing 'YY/T 27' in the 1,000,000-record bench: 91 pages instead of 818 in file order).
  select ${selectCols.join(', ')} from i left join old on old.no_key = i.no_key order by i.no_key
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
  insert into standard_status_history (standard_id, old_status, new_status, source)
  select up.id, old.status, up.status, $1::text from up left join old on old.no_key = up.no_key
  where old.status is distinct from up.status
  returning 1
)
select up.id, up.no_key, up.inserted, (select count(*) from hist) as history from up`;
}

export interface BatchResult {
  inserted: number;
  updated: number;
  unchanged: number;
  history: number;
  ids: Map<string, number>;
}

/** Relations stated in this batch (notes, 代替标准 column); related ids resolved at the end. */
export async function insertRelations(db: { query: Query }, batch: StandardInput[], ids: Map<string, number>): Promise<number> {
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
