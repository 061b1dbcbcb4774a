/** Categories of the portal sections (docs/decisions/0060); shared by the portal, console and applications. */
import { EDITABLE_CATEGORY_SECTIONS, PORTAL_CATEGORIES, type CategoryOption, type PortalSection } from '@zs/shared';
import type { Database, Query } from '../../db/client.ts';

/**
 * Categories of a section. Editable sections (香山之品, docs/decisions/0060) read the office's list
 * from `portal_categories` on every call, so an edit shows on the next page load of every instance;
 * the others keep their fixed lists. `all` includes hidden categories (existing items still name them).
 */
export async function sectionCategories(db: Database | Query, section: PortalSection, all = false): Promise<CategoryOption[]> {
  if (!isEditable(section)) return [...PORTAL_CATEGORIES[section]];
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  return q<CategoryOption>(
    `select code, name from portal_categories where section = $1 ${all ? '' : 'and not hidden'} order by sort_order, code`,
    [section],
  );
}

export function isEditable(section: string): boolean {
  return (EDITABLE_CATEGORY_SECTIONS as readonly string[]).includes(section);
}

/** Replaces the fixed category names of editable sections with the office's current names. */
export async function withCategoryNames<T extends { section: string; category: string | null; categoryName: string | null }>(
  db: Database,
  items: T[],
): Promise<T[]> {
  const sections = [...new Set(items.map((i) => i.section).filter(isEditable))] as PortalSection[];
  if (!sections.length) return items;
  const names = new Map<string, string>();
  for (const s of sections) for (const c of await sectionCategories(db, s, true)) names.set(`${s}:${c.code}`, c.name);
  return items.map((i) =>
    isEditable(i.section) ? { ...i, categoryName: i.category ? (names.get(`${i.section}:${i.category}`) ?? null) : null } : i,
  );
}
