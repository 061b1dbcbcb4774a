import type { Database } from '../../../db/client.ts';

/**
 * Whether any record's indexed content (title, number, in-force status, date, tokens) changed after catalogue
 * version `from`, up to `to` (migration 0082, docs/decisions/0117). False means a title index of version `from`
 * holds the catalogue of version `to` as well: the versions between moved for relations, synonyms or fields the
 * index does not read. Every write commits its log rows with its version bump, and bumps take turns on one row,
 * so once `to` is read as the version stored, every change up to it can be read here.
 */
export async function indexChangedBetween(db: Database, from: number, to: number): Promise<boolean> {
  if (to < from) return true;
  if (to === from) return false;
  const [row] = await db.query<{ changed: boolean }>(
    `select exists (select 1 from standard_index_changes where version > $1 and version <= $2) as changed`,
    [from, to],
    { prepare: true },
  );
  return row?.changed !== false;
}

/**
 * The ids of the records whose indexed content changed after version `from`, up to `to`, sorted; undefined when
 * the log says "every record" in that range (a bulk load, a restore, a transaction of more than 20,000 records) or
 * lists more than `max` records: the index is then built again rather than followed (decisions/0118).
 */
export async function changedIdsBetween(db: Database, from: number, to: number, max: number): Promise<Int32Array | undefined> {
  if (to < from) return undefined;
  if (to === from) return new Int32Array(0);
  const rows = await db.query<{ id: number | null }>(
    `select distinct id::int as id from standard_index_changes where version > $1 and version <= $2
     order by id nulls first limit $3`,
    [from, to, max + 1],
    { prepare: true },
  );
  if (rows.length > max || rows[0]?.id === null) return undefined;
  return Int32Array.from(rows, (r) => r.id!);
}
