import type { Database } from '../../db/client.ts';
import { paged, type Page } from '../../db/paged.ts';
import { tableExists, type Query } from '../../db/tx.ts';

/**
 * The users who collected an item at or before `before` (a timestamp), through the caller's transaction: the
 * people to tell when the item changes (a standard's status).
 */
export async function collectorsBefore(q: Query, itemType: string, itemId: number, before: string): Promise<number[]> {
  const rows = await q<{ user_id: number }>(
    'select user_id from collections where item_type = $1 and item_id = $2::int and created_at <= $3::timestamptz order by user_id',
    [itemType, itemId, before],
  );
  return rows.map((r) => r.user_id);
}

/**
 * SQL of the users who collected any standard whose id is in the bigint[] expression `ids` (alerts match a whole
 * event in one statement, decisions/0085): rows (user_id, standard_id).
 */
export const standardCollectorsSql = (ids: string, before?: string) =>
  `select user_id, item_id::bigint as standard_id from collections where item_type = 'standard' and item_id = any(${ids})` +
  (before ? ` and created_at <= ${before}` : '');

/** Every collection entry of the user, oldest first (the personal data export); none where the table is absent. */
export async function collectionsExportOf(
  db: Database,
  userId: number,
): Promise<Array<{ itemType: string; itemId: number; createdAt: Date | string }>> {
  const q: Query = (text, params) => db.query(text, params);
  if (!(await tableExists(q, 'collections'))) return [];
  return db.query<{ itemType: string; itemId: number; createdAt: Date | string }>(
    'select item_type as "itemType", item_id as "itemId", created_at as "createdAt" from collections where user_id = $1 order by created_at',
    [userId],
  );
}

/** Account deletion, inside the caller's transaction: the user's collections go (where the table exists). */
export async function deleteCollectionsOf(q: Query, userId: number): Promise<void> {
  if (await tableExists(q, 'collections')) await q('delete from collections where user_id = $1', [userId]);
}

/** Adds an entry; adding it twice is a no-op. */
export async function insertCollection(db: Database, userId: number, itemType: string, itemId: number): Promise<void> {
  await db.query(
    `insert into collections (user_id, item_type, item_id) values ($1, $2, $3)
     on conflict (user_id, item_type, item_id) do nothing`,
    [userId, itemType, itemId],
  );
}

/** Removes an entry; whether there was one. */
export async function deleteCollection(db: Database, userId: number, itemType: string, itemId: number): Promise<boolean> {
  const rows = await db.query('delete from collections where user_id = $1 and item_type = $2 and item_id = $3 returning 1', [
    userId,
    itemType,
    itemId,
  ]);
  return rows.length > 0;
}

/** Which of `ids` the user collected (as items of `itemType`). */
export async function collectedAmong(db: Database, userId: number, itemType: string, ids: number[]): Promise<number[]> {
  const rows = await db.query<{ item_id: number }>(
    'select item_id from collections where user_id = $1 and item_type = $2 and item_id = any($3::int[])',
    [userId, itemType, ids],
  );
  return rows.map((r) => r.item_id);
}

export interface CollectionRow {
  id: number;
  item_type: string;
  item_id: number;
  created_at: string;
}

const ENTRY_COLUMNS = 'c.id, c.item_type, c.item_id, c.created_at::text as created_at';

/** One page of the user's entries (of one type, or all), newest first, and their total. */
export async function collectionPage(
  db: Database,
  userId: number,
  itemType: string | undefined,
  f: { page: number; size: number },
): Promise<Page<CollectionRow>> {
  const params: unknown[] = [userId];
  let where = 'c.user_id = $1';
  if (itemType) {
    params.push(itemType);
    where += ' and c.item_type = $2';
  }
  return paged<CollectionRow>(
    db,
    {
      count: 'collections c',
      select: `select ${ENTRY_COLUMNS} from collections c`,
      where,
      order: 'c.created_at desc, c.id desc',
    },
    params,
    f,
  );
}

/** Every entry of one type of the user, newest first. */
export async function collectionsOfType(db: Database, userId: number, itemType: string): Promise<CollectionRow[]> {
  return db.query<CollectionRow>(
    `select ${ENTRY_COLUMNS} from collections c where c.user_id = $1 and c.item_type = $2 order by c.created_at desc, c.id desc`,
    [userId, itemType],
  );
}

/**
 * The ten most collected standards still in the catalogue, most collected first: `inCatalogue` is the
 * standards module's condition on a standard id column.
 */
export async function topCollectedStandardIds(
  db: Database,
  inCatalogue: (idColumn: string) => string,
): Promise<{ id: number; count: number }[]> {
  return db.query<{ id: number; count: number }>(
    `select c.item_id as id, count(*)::int as count from collections c
      where c.item_type = 'standard' and ${inCatalogue('c.item_id')}
      group by c.item_id order by count desc, c.item_id limit 10`,
  );
}

/** Removes every entry of these portal items (not standards); through `q` inside the caller's transaction. */
export async function deleteItemCollections(db: Database | Query, itemIds: number[]): Promise<void> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  await q(`delete from collections where item_type <> 'standard' and item_id = any($1::int[])`, [itemIds]);
}
