import { TOWN_CODES } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { getItem, listItems, toSummary, type ItemSummary, type Neighbour } from './repository.ts';
import { iso } from '../../lib/iso.ts';
import { sectionBySlug, type SectionDef } from './sections.ts';
import { sectionCategories, withCategoryNames } from './categories.ts';

export function sectionOrThrow(slug: string): SectionDef {
  const def = sectionBySlug(slug);
  if (!def) throw notFound('栏目不存在');
  return def;
}

export interface ListParams {
  keyword?: string;
  category?: string;
  town?: string;
  page: number;
  size: number;
  [filter: string]: string | number | undefined;
}

/** Validates the section's filters (unknown category, town or filter value → code 400) and lists. */
export async function listSection(db: Database, def: SectionDef, p: ListParams) {
  if (p.category && !(await sectionCategories(db, def.id, true)).some((c) => c.code === p.category))
    throw badRequest('分类不存在');
  if (p.town && !TOWN_CODES.includes(p.town)) throw badRequest('镇街不存在');
  const filters: Array<{ sql: string; value: string }> = [];
  for (const f of def.filters) {
    const value = p[f.param];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || (f.values && !f.values.includes(value))) throw badRequest(`${f.label}不正确`);
    filters.push({ sql: f.sql, value });
  }
  const page = await listItems(db, def, {
    keyword: p.keyword || undefined,
    category: p.category,
    town: p.town,
    filters,
    page: p.page,
    size: p.size,
  });
  return { ...page, list: await withCategoryNames(db, page.list) };
}

export interface ItemDetail extends ItemSummary {
  sectionName: string;
  bodyHtml: string;
  prev: Neighbour | null;
  next: Neighbour | null;
  collectable: boolean;
  /** Activities only. */
  signedUp?: number;
  seatsLeft?: number;
}

/**
 * The live sign-ups of an activity (not withdrawn or rejected, as counted by the sign-up itself): the applications
 * module's liveSignupCount, handed in by modules/index.ts (applications reads the portal, so the portal does not
 * import it).
 */
export type ActivitySignups = (db: Database, activityId: number) => Promise<number>;

export async function sectionItem(
  db: Database,
  def: SectionDef,
  id: number | null,
  activitySignups: ActivitySignups,
): Promise<ItemDetail> {
  const row = id === null ? null : await getItem(db, def, id);
  if (!row) throw notFound('内容不存在或已下线');
  const [summary] = await withCategoryNames(db, [toSummary({ ...row, published_at: iso(row.published_at) })]);
  return {
    ...summary!,
    sectionName: def.name,
    bodyHtml: row.body_html ?? '',
    prev: row.prev,
    next: row.next,
    collectable: def.collectable,
    ...(def.id === 'activity' ? await seats(db, row.id, row.attrs.seatLimit, activitySignups) : {}),
  };
}

/** Live sign-ups (not withdrawn or rejected, as counted by the sign-up itself) and the seats still free. */
async function seats(db: Database, activityId: number, seatLimit: unknown, activitySignups: ActivitySignups) {
  const signedUp = await activitySignups(db, activityId);
  const limit = typeof seatLimit === 'number' ? seatLimit : 0;
  return { signedUp, seatsLeft: Math.max(limit - signedUp, 0) };
}
