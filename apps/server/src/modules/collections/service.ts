import type { Database } from '../../db/client.ts';
import { publishedTitles, SECTIONS } from '../portal/index.ts';
import { standardExistsSql, standardNamesByIds, standardStatusRows, type StandardStatusRow } from '../standards/index.ts';
import { STANDARD_ITEM, checkItemType, requireItem } from './items.ts';
import {
  collectedAmong,
  collectionPage,
  collectionsOfType,
  deleteCollection,
  insertCollection,
  topCollectedStandardIds,
  type CollectionRow,
} from './repository.ts';

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
    const removed = await deleteCollection(db, userId, itemType, itemId);
    if (removed) return { collected: false };
    collect = true;
  }
  if (collect) {
    await requireItem(db, itemType, itemId);
    await insertCollection(db, userId, itemType, itemId);
    return { collected: true };
  }
  if (!(await deleteCollection(db, userId, itemType, itemId))) await requireItem(db, itemType, itemId);
  return { collected: false };
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
  for (const id of await collectedAmong(db, userId, itemType, ids)) out[String(id)] = true;
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

const sectionName = (id: string) => SECTIONS[id as keyof typeof SECTIONS]?.name ?? id;

function toStandard(s: StandardStatusRow): CollectedStandard {
  return {
    standardNo: s.standard_no,
    nameZh: s.name_zh,
    status: s.status,
    publishDate: s.publish_date,
    implementDate: s.implement_date,
    abolishDate: s.abolish_date,
    replacedBy: s.replaced_by_no && s.replaced_by_id ? { standardNo: s.replaced_by_no, id: s.replaced_by_id } : null,
    lastChange: s.new_status ? { oldStatus: s.old_status, newStatus: s.new_status, changedAt: s.changed_at ?? '' } : null,
  };
}

/**
 * Entries with what they point to, two lookups for the whole page: the standard (with its replacing standard
 * and latest status change) from the standards module, a portal item (published only) from the portal module.
 */
async function entriesOf(db: Database, rows: CollectionRow[]): Promise<CollectionEntry[]> {
  const isStd = (r: CollectionRow) => r.item_type === STANDARD_ITEM;
  const standards = await standardStatusRows(
    db,
    rows.filter(isStd).map((r) => r.item_id),
  );
  const items = await publishedTitles(
    db,
    rows.filter((r) => !isStd(r)).map((r) => r.item_id),
  );
  return rows.map((r) => {
    const std = isStd(r) ? standards.get(r.item_id) : undefined;
    const item = isStd(r) ? undefined : items.get(r.item_id);
    return {
      id: r.id,
      itemType: r.item_type,
      itemId: r.item_id,
      createdAt: r.created_at,
      available: isStd(r) ? std !== undefined : item !== undefined,
      standard: std ? toStandard(std) : null,
      item: item ? { title: item.title, section: r.item_type, sectionName: sectionName(item.section) } : null,
    };
  });
}

export async function listCollections(
  db: Database,
  userId: number,
  p: { itemType?: string; page: number; size: number },
): Promise<{ total: number; list: CollectionEntry[]; page: number; size: number }> {
  if (p.itemType) checkItemType(p.itemType);
  const page = await collectionPage(db, userId, p.itemType, p);
  return { ...page, list: await entriesOf(db, page.list) };
}

/** Every collected standard (for the Excel export), newest first. */
export async function allCollectedStandards(db: Database, userId: number): Promise<CollectedStandard[]> {
  const rows = await collectionsOfType(db, userId, STANDARD_ITEM);
  return (await entriesOf(db, rows)).flatMap((e) => (e.standard ? [e.standard] : []));
}

/** The ten most collected standards (the console dashboard), most collected first. */
export async function topCollectedStandards(
  db: Database,
): Promise<{ id: number; standardNo: string; nameZh: string; count: number }[]> {
  const top = await topCollectedStandardIds(db, standardExistsSql);
  const names = await standardNamesByIds(
    db,
    top.map((t) => t.id),
  );
  return top.flatMap((t) => {
    const n = names.get(t.id);
    return n ? [{ id: t.id, standardNo: n.standardNo, nameZh: n.nameZh, count: t.count }] : [];
  });
}
