import type { Database } from '../../db/client.ts';
import { SECTIONS } from '../portal/index.ts';
import { STANDARD_ITEM, checkItemType, requireItem } from './items.ts';

/**
 * Adds (collect true), removes (false) or toggles (absent). Adding twice or removing twice is a
 * no-op, so retries and double clicks are safe. Removing needs no live item (a standard deleted
 * since it was collected can still be removed); adding does.
 */
export async function setCollected(
  db: Database,
  userId: number,
  itemType: string,
  itemId: number,
  collect: boolean | undefined,
): Promise<{ collected: boolean }> {
  checkItemType(itemType);
  if (collect === undefined) {
    const removed = await remove(db, userId, itemType, itemId);
    if (removed) return { collected: false };
    collect = true;
  }
  if (collect) {
    await requireItem(db, itemType, itemId);
    await db.query(
      `insert into collections (user_id, item_type, item_id) values ($1, $2, $3)
       on conflict (user_id, item_type, item_id) do nothing`,
      [userId, itemType, itemId],
    );
    return { collected: true };
  }
  if (!(await remove(db, userId, itemType, itemId))) await requireItem(db, itemType, itemId);
  return { collected: false };
}

async function remove(db: Database, userId: number, itemType: string, itemId: number): Promise<boolean> {
  const rows = await db.query('delete from collections where user_id = $1 and item_type = $2 and item_id = $3 returning 1', [
    userId,
    itemType,
    itemId,
  ]);
  return rows.length > 0;
}

/** Collected flags for the ids of one list page: { "12": true, "13": false }. */
export async function collectedMap(
  db: Database,
  userId: number,
  itemType: string,
  ids: number[],
): Promise<Record<string, boolean>> {
  checkItemType(itemType);
  const out: Record<string, boolean> = Object.fromEntries(ids.map((id) => [String(id), false]));
  if (!ids.length) return out;
  const rows = await db.query<{ item_id: number }>(
    'select item_id from collections where user_id = $1 and item_type = $2 and item_id = any($3::int[])',
    [userId, itemType, ids],
  );
  for (const r of rows) out[String(r.item_id)] = true;
  return out;
}

export interface CollectedStandard {
  standardNo: string;
  nameZh: string;
  status: string;
  publishDate: string | null;
  implementDate: string | null;
  abolishDate: string | null;
  replacedBy: { standardNo: string; id: number } | null;
  lastChange: { oldStatus: string | null; newStatus: string; changedAt: string } | null;
}

export interface CollectionEntry {
  id: number;
  itemType: string;
  itemId: number;
  createdAt: string;
  /** false when the item was deleted or unpublished after it was collected */
  available: boolean;
  standard: CollectedStandard | null;
  item: { title: string; section: string; sectionName: string } | null;
}

interface Row {
  id: number;
  item_type: string;
  item_id: number;
  created_at: string;
  standard_no: string | null;
  name_zh: string | null;
  status: string | null;
  publish_date: string | null;
  implement_date: string | null;
  abolish_date: string | null;
  replaced_by_no: string | null;
  replaced_by_id: number | null;
  old_status: string | null;
  new_status: string | null;
  changed_at: string | null;
  title: string | null;
  section: string | null;
}

// The replacing standard: the newest record stating it replaces this one (by id or, before the
// id was resolved, by number); the latest status change: the newest history row.
const SELECT = `
  select c.id, c.item_type, c.item_id, c.created_at::text as created_at,
         s.standard_no, s.name_zh, s.status, s.publish_date::text as publish_date,
         s.implement_date::text as implement_date, s.abolish_date::text as abolish_date,
         rb.standard_no as replaced_by_no, rb.id::int as replaced_by_id,
         h.old_status, h.new_status, h.changed_at::text as changed_at,
         p.title, p.section
    from collections c
    left join standards s on c.item_type = '${STANDARD_ITEM}' and s.id = c.item_id
    left join lateral (
      select n.id, n.standard_no from standard_relations r join standards n on n.id = r.standard_id
       where s.id is not null and (r.related_id = s.id or r.related_no_key = s.no_key) and r.kind = 'replaces'
       order by n.publish_date desc nulls last, n.id desc limit 1) rb on true
    left join lateral (
      select old_status, new_status, changed_at from standard_status_history x
       where s.id is not null and x.standard_id = s.id order by x.changed_at desc, x.id desc limit 1) h on true
    left join portal_items p on c.item_type <> '${STANDARD_ITEM}' and p.id = c.item_id and p.status = 'published'`;

const sectionName = (id: string) => SECTIONS[id as keyof typeof SECTIONS]?.name ?? id;

function toEntry(r: Row): CollectionEntry {
  const isStd = r.item_type === STANDARD_ITEM;
  return {
    id: r.id,
    itemType: r.item_type,
    itemId: r.item_id,
    createdAt: r.created_at,
    available: isStd ? r.standard_no !== null : r.title !== null,
    standard:
      isStd && r.standard_no !== null
        ? {
            standardNo: r.standard_no,
            nameZh: r.name_zh ?? '',
            status: r.status ?? '',
            publishDate: r.publish_date,
            implementDate: r.implement_date,
            abolishDate: r.abolish_date,
            replacedBy: r.replaced_by_no && r.replaced_by_id ? { standardNo: r.replaced_by_no, id: r.replaced_by_id } : null,
            lastChange: r.new_status ? { oldStatus: r.old_status, newStatus: r.new_status, changedAt: r.changed_at ?? '' } : null,
          }
        : null,
    item: !isStd && r.title !== null ? { title: r.title, section: r.item_type, sectionName: sectionName(r.section ?? '') } : null,
  };
}

export async function listCollections(
  db: Database,
  userId: number,
  p: { itemType?: string; page: number; size: number },
): Promise<{ total: number; list: CollectionEntry[]; page: number; size: number }> {
  if (p.itemType) checkItemType(p.itemType);
  const params: unknown[] = [userId];
  let where = 'c.user_id = $1';
  if (p.itemType) {
    params.push(p.itemType);
    where += ' and c.item_type = $2';
  }
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from collections c where ${where}`, params);
  const rows = await db.query<Row>(
    `${SELECT} where ${where} order by c.created_at desc, c.id desc limit ${p.size} offset ${(p.page - 1) * p.size}`,
    params,
  );
  return { total: count?.n ?? 0, list: rows.map(toEntry), page: p.page, size: p.size };
}

/** Every collected standard (for the Excel export), newest first. */
export async function allCollectedStandards(db: Database, userId: number): Promise<CollectedStandard[]> {
  const rows = await db.query<Row>(`${SELECT} where c.user_id = $1 and c.item_type = $2 order by c.created_at desc, c.id desc`, [
    userId,
    STANDARD_ITEM,
  ]);
  return rows.map(toEntry).flatMap((e) => (e.standard ? [e.standard] : []));
}
