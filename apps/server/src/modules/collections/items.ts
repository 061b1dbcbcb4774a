import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { publishedItemExists, SECTIONS, sectionBySlug } from '../portal/index.ts';
import { standardExists } from '../standards/index.ts';

/** 'standard' or the slug of a portal section that allows collecting. */
export const STANDARD_ITEM = 'standard';
export const COLLECTABLE_SLUGS = Object.values(SECTIONS)
  .filter((s) => s.collectable)
  .map((s) => s.slug);

export const CollectionMessages = {
  badType: '收藏类型不正确',
  notCollectable: '该栏目不支持收藏',
  notFound: '收藏的内容不存在或已下线',
} as const;

/** Throws 400 for an unknown or non-collectable type; returns the portal section id (null for standards). */
export function checkItemType(itemType: string): string | null {
  if (itemType === STANDARD_ITEM) return null;
  const def = sectionBySlug(itemType);
  if (!def) throw badRequest(CollectionMessages.badType);
  if (!def.collectable) throw badRequest(CollectionMessages.notCollectable);
  return def.id;
}

/** Whether the item exists and is visible to the public (published portal items only). */
export async function itemExists(db: Database, itemType: string, itemId: number): Promise<boolean> {
  const section = checkItemType(itemType);
  return section === null ? standardExists(db, itemId) : publishedItemExists(db, itemId, section);
}

export async function requireItem(db: Database, itemType: string, itemId: number): Promise<void> {
  if (!(await itemExists(db, itemType, itemId))) throw notFound(CollectionMessages.notFound);
}
