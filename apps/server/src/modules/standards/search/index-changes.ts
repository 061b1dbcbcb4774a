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
