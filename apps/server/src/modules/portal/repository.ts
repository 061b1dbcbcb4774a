import { firstMessage, townName, categoryName, SECTION_PAGES, TOWN_CODES, type PortalSection } from '@zs/shared';
import type { Database, Query } from '../../db/client.ts';
import { paged, type Page } from '../../db/paged.ts';
import { badRequest } from '../../lib/envelope.ts';
import { plainText, sanitizeHtml } from '../../lib/sanitize.ts';
import { SECTIONS, type SectionDef } from './sections.ts';
import { iso } from '../../lib/iso.ts';

export interface ItemInput {
  section: PortalSection;
  category?: string | null;
  title: string;
  summary?: string | null;
  bodyHtml?: string | null;
  attrs?: Record<string, unknown>;
  cover?: string | null;
  source?: string | null;
  sourceUrl?: string | null;
  publishedAt?: string | Date;
  townCode?: string | null;
  status?: 'published' | 'draft';
  demo?: boolean;
  sort?: number;
}

/**
 * The one write path for portal items (seeds now, operator edits later): the category must belong to
 * the section, attrs must pass the section's schema, the body is sanitised and titles are plain text.
 */
export async function insertItem(db: Database, input: ItemInput): Promise<number> {
  const def = SECTIONS[input.section];
  if (!def) throw badRequest('栏目不存在');
  if (input.category && !def.categories.some((c) => c.code === input.category)) throw badRequest('分类不存在');
  if (input.townCode && !TOWN_CODES.includes(input.townCode)) throw badRequest('镇街不存在');
  const parsed = def.attrs.safeParse(input.attrs ?? {});
  if (!parsed.success) throw badRequest(firstMessage(parsed.error));
  const title = plainText(input.title).trim();
  if (!title || title.length > 200) throw badRequest('标题须为1-200个字符');
  if (input.sourceUrl && !/^https?:\/\//i.test(input.sourceUrl)) throw badRequest('来源链接须以 http:// 或 https:// 开头');
  const rows = await db.query<{ id: number }>(
    `insert into portal_items (section, category, title, summary, body_html, attrs, cover, source, source_url,
       published_at, town_code, status, demo, sort)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, coalesce($10::timestamptz, now()), $11, $12, $13, $14)
     returning id`,
    [
      input.section,
      input.category ?? null,
      title,
      input.summary ? plainText(input.summary) : null,
      input.bodyHtml ? sanitizeHtml(input.bodyHtml) : null,
      JSON.stringify(parsed.data),
      input.cover ?? null,
      input.source ? plainText(input.source) : null,
      input.sourceUrl ?? null,
      input.publishedAt instanceof Date ? input.publishedAt.toISOString() : (input.publishedAt ?? null),
      input.townCode ?? null,
      input.status ?? 'published',
      input.demo ?? false,
      input.sort ?? 0,
    ],
  );
  return rows[0]!.id;
}

export interface ItemRow {
  id: number;
  section: PortalSection;
  category: string | null;
  title: string;
  summary: string | null;
  body_html?: string | null;
  attrs: Record<string, unknown>;
  cover: string | null;
  source: string | null;
  source_url: string | null;
  published_at: Date | string;
  town_code: string | null;
  demo: boolean;
}

export interface ItemSummary {
  id: number;
  section: PortalSection;
  category: string | null;
  categoryName: string | null;
  title: string;
  summary: string | null;
  cover: string | null;
  source: string | null;
  sourceUrl: string | null;
  publishedAt: string;
  townCode: string | null;
  townName: string | null;
  demo: boolean;
  attrs: Record<string, unknown>;
}

export function toSummary(r: ItemRow): ItemSummary {
  return {
    id: r.id,
    section: r.section,
    category: r.category,
    categoryName: categoryName(r.section, r.category),
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    source: r.source,
    sourceUrl: r.source_url,
    publishedAt: iso(r.published_at),
    townCode: r.town_code,
    townName: townName(r.town_code),
    demo: r.demo,
    attrs: r.attrs ?? {},
  };
}

const SUMMARY_COLUMNS = 'id, section, category, title, summary, attrs, cover, source, source_url, published_at, town_code, demo';
export const LIST_ORDER = 'sort desc, published_at desc, id desc';

/** `%`, `_` and `\` typed by the user match themselves, not as wildcards. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListQuery {
  keyword?: string;
  category?: string;
  town?: string;
  filters: Array<{ sql: string; value: string }>;
  page: number;
  size: number;
}

/** A page of published items of one section, newest first (operators pin items with `sort`). */
export async function listItems(db: Database, def: SectionDef, q: ListQuery): Promise<Page<ItemSummary>> {
  const params: unknown[] = [def.id];
  const where = ['section = $1', "status = 'published'"];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.keyword) {
    const p = bind(likePattern(q.keyword));
    const fields = ['title', "coalesce(summary, '')", ...def.searchable.map((e) => `coalesce(${e}, '')`)];
    where.push(`(${fields.map((f) => `${f} ilike ${p}`).join(' or ')})`);
  }
  if (q.category) where.push(`category = ${bind(q.category)}`);
  if (q.town) where.push(`town_code = ${bind(q.town)}`);
  for (const f of q.filters) where.push(f.sql.replace('$?', bind(f.value)));
  const sql = {
    count: 'portal_items',
    select: `select ${SUMMARY_COLUMNS} from portal_items`,
    where: where.join(' and '),
    order: LIST_ORDER,
  };
  return paged(db, sql, params, q, toSummary);
}

export interface Neighbour {
  id: number;
  title: string;
}

export async function getItem(
  db: Database,
  def: SectionDef,
  id: number,
): Promise<(ItemRow & { prev: Neighbour | null; next: Neighbour | null }) | null> {
  const rows = await db.query<ItemRow>(
    `select ${SUMMARY_COLUMNS}, body_html from portal_items where id = $1 and section = $2 and status = 'published'`,
    [id, def.id],
  );
  const row = rows[0];
  if (!row) return null;
  // Neighbours in list order; the row comparison runs in SQL so timestamps keep their precision.
  const me = '(select sort, published_at, id from portal_items where id = $1)';
  const [prev] = await db.query<Neighbour>(
    `select id, title from portal_items where section = $2 and status = 'published' and (sort, published_at, id) > ${me}
      order by sort, published_at, id limit 1`,
    [id, def.id],
  );
  const [next] = await db.query<Neighbour>(
    `select id, title from portal_items where section = $2 and status = 'published' and (sort, published_at, id) < ${me}
      order by ${LIST_ORDER} limit 1`,
    [id, def.id],
  );
  return { ...row, prev: prev ?? null, next: next ?? null };
}

/** Published items of a section regardless of paging (small sections: the standard-system tree). */
export async function allItems(db: Database, section: PortalSection): Promise<ItemRow[]> {
  return db.query<ItemRow>(
    `select ${SUMMARY_COLUMNS} from portal_items where section = $1 and status = 'published' order by sort desc, id`,
    [section],
  );
}

/** Whether a published item of the section has this id. */
export async function publishedItemExists(db: Database, id: number, section: string): Promise<boolean> {
  const rows = await db.query(`select 1 from portal_items where id = $1 and section = $2 and status = 'published'`, [
    id,
    section,
  ]);
  return rows.length > 0;
}

/** Titles and sections of published items by id, whatever their section (ids not published are absent). */
export async function publishedTitles(db: Database, ids: number[]): Promise<Map<number, { title: string; section: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: number; title: string; section: string }>(
    `select id, title, section from portal_items where id = any($1::int[]) and status = 'published'`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { title: r.title, section: r.section }]));
}

/** Per section: the latest publication date not in the future, and how many items are published. */
export async function publishedFreshness(db: Database): Promise<{ section: PortalSection; last: string | null; n: number }[]> {
  return db.query<{ section: PortalSection; last: string | null; n: number }>(
    // A publication date in the future (an activity dated on its day) is not an update yet: without the
    // filter the inspection page showed negative ages and a section could look fresh for weeks.
    `select section, max(published_at) filter (where published_at <= now()) as last, count(*)::int as n
       from portal_items where status = 'published' group by section`,
  );
}

/** Published items without a publication date (at most 100, by id). */
export async function publishedWithoutDate(db: Database): Promise<{ section: string; id: number; title: string }[]> {
  return db.query<{ section: string; id: number; title: string }>(
    `select section, id, title from portal_items where status = 'published' and published_at is null order by id limit 100`,
  );
}

/** Every published item's title, summary and body as one text (the inspection page's word check). */
export async function publishedTexts(
  db: Database,
): Promise<{ section: PortalSection; id: number; title: string; text: string }[]> {
  return db.query<{ section: PortalSection; id: number; title: string; text: string }>(
    `select section, id, title, coalesce(title, '') || ' ' || coalesce(summary, '') || ' ' || coalesce(body_html, '') as text
       from portal_items where status = 'published'`,
  );
}

export interface LinkedItem {
  id: number;
  section: PortalSection;
  title: string;
  body_html: string | null;
  cover: string | null;
  attrs: Record<string, unknown>;
}

/** Published items with what may link elsewhere (body, cover, attachments), by section and id. */
export async function publishedLinkedItems(db: Database): Promise<LinkedItem[]> {
  return db.query<LinkedItem>(
    `select id, section, title, body_html, cover, attrs from portal_items where status = 'published' order by section, id`,
  );
}

/** Published items per section and town, for the sections given (items without a town left out). */
export async function publishedPerTown(
  db: Database,
  sections: string[],
): Promise<{ section: PortalSection; town_code: string; n: number }[]> {
  return db.query<{ section: PortalSection; town_code: string; n: number }>(
    `select section, town_code, count(*)::int as n from portal_items
      where status = 'published' and town_code is not null and section = any($1::text[]) group by section, town_code`,
    [sections],
  );
}

export async function countPublished(db: Database, section: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from portal_items where status = 'published' and section = $1`,
    [section],
  );
  return r!.n;
}

/** A page of a section's published items (of one town, or all) in list order, and their total. */
export async function publishedTownPage(
  db: Database,
  section: string,
  town: string | null,
  f: { page: number; size: number },
): Promise<
  Page<{
    id: number;
    title: string;
    category: string | null;
    attrs: Record<string, unknown>;
    published_at: Date;
    town_code: string | null;
  }>
> {
  return paged(
    db,
    {
      count: 'portal_items',
      select: 'select id, title, category, attrs, published_at, town_code from portal_items',
      where: "section = $1 and status = 'published' and ($2::text is null or town_code = $2)",
      order: 'sort desc, published_at desc, id desc',
    },
    [section, town],
    f,
  );
}

/** Labelled 示例 items still on the site. */
export async function countDemoItems(db: Database): Promise<number> {
  const [r] = await db.query<{ n: number }>('select count(*)::int as n from portal_items where demo');
  return r!.n;
}

/** Labelled 示例 items per section, any status (the health page's list, issue 30). */
export async function countDemoItemsBySection(db: Database): Promise<{ section: string; n: number }[]> {
  return db.query<{ section: string; n: number }>(
    'select section, count(*)::int as n from portal_items where demo group by section order by section',
  );
}

/** Ids of the labelled 示例 items; through `q` inside the caller's transaction. */
export async function demoItemIds(db: Database | Query): Promise<number[]> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  return (await q<{ id: number }>('select id from portal_items where demo')).map((r) => r.id);
}

/** Deletes every labelled 示例 item (real items, demo = false, stay); through `q` inside the caller's transaction. */
export async function deleteDemoItems(db: Database | Query): Promise<void> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  await q('delete from portal_items where demo');
}

/** Moves the publication time of every published item of a section `days` back (the dev endpoint); returns how many. */
export async function ageSection(db: Database, section: string, days: number): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `update portal_items set published_at = published_at - make_interval(days => $2) where section = $1 and status = 'published' returning id`,
    [section, days],
  );
  return rows.length;
}

/**
 * A published item of the section by id, with its title and attrs (typed by the caller: the section's schema), or
 * null; `lock` locks its row for the caller's transaction.
 */
export async function publishedItemRef<A>(
  db: Database | Query,
  section: string,
  id: number,
  lock = false,
): Promise<{ id: number; title: string; attrs: A } | null> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  const [row] = await q<{ id: number; title: string; attrs: A }>(
    `select id, title, attrs from portal_items where id = $1 and section = $2 and status = 'published'${lock ? ' for update' : ''}`,
    [id, section],
  );
  return row ?? null;
}

/**
 * Published activities whose start (attrs.startAt, free-form ISO text) falls on a date from `from` to `to`
 * (YYYY-MM-DD, both included): a date-prefix window that casts nothing in SQL, so a malformed value breaks nothing.
 */
export async function activitiesStartingBetween(
  db: Database,
  from: string,
  to: string,
): Promise<Array<{ id: number; title: string; start_at: string; place: string | null }>> {
  return db.query<{ id: number; title: string; start_at: string; place: string | null }>(
    `select id, title, attrs->>'startAt' as start_at, attrs->>'place' as place from portal_items
      where section = 'activity' and status = 'published' and left(attrs->>'startAt', 10) between $1 and $2`,
    [from, to],
  );
}

/** How many items of these sections are published, and their latest change: the sitemap's cache key (decisions/0078). */
export async function publishedStamp(
  db: Database,
  sections: readonly PortalSection[],
): Promise<{ n: number; last: string | null }> {
  const [r] = await db.query<{ n: number; last: Date | string | null }>(
    `select count(*)::int as n, max(updated_at) as last from portal_items where status = 'published' and section = any($1::text[])`,
    [sections],
  );
  return { n: r!.n, last: r!.last ? new Date(r!.last).toISOString() : null };
}

/** One part of the sitemap's items of these sections: id order, `limit` from `offset`, with their last change. */
export async function publishedSitemapRows(
  db: Database,
  sections: readonly PortalSection[],
  offset: number,
  limit: number,
): Promise<{ id: number; section: PortalSection; lastmod: string }[]> {
  const rows = await db.query<{ id: number; section: PortalSection; lastmod: Date | string }>(
    `select id, section, updated_at as lastmod from portal_items where status = 'published' and section = any($1::text[])
      order by id limit $2 offset $3`,
    [sections, limit, offset],
  );
  return rows.map((r) => ({ id: r.id, section: r.section, lastmod: new Date(r.lastmod).toISOString() }));
}

/**
 * The public section pages (SECTION_PAGES) with nothing published, in navigation order: what 隐藏空栏目 leaves out
 * of the navigation and /home (modules/site, decisions/0088). One small query on every public page view while the
 * choice is on.
 */
export async function emptySectionPages(db: Database): Promise<Array<{ path: string; label: string }>> {
  const rows = await db.query<{ section: string; category: string | null }>(
    `select distinct section, category from portal_items where status = 'published'`,
  );
  return SECTION_PAGES.filter(
    (p) => !rows.some((r) => r.section === p.section && (p.category === undefined || r.category === p.category)),
  ).map(({ path, label }) => ({ path, label }));
}
