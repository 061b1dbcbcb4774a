import { firstMessage, townName, categoryName, TOWN_CODES, type PortalSection } from '@zs/shared';
import type { Database } from '../../db/client.ts';
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
export async function listItems(db: Database, def: SectionDef, q: ListQuery): Promise<{ total: number; list: ItemSummary[] }> {
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
  const cond = where.join(' and ');
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from portal_items where ${cond}`,
    params,
  )) as [{ total: number }];
  const rows = await db.query<ItemRow>(
    `select ${SUMMARY_COLUMNS} from portal_items where ${cond} order by ${LIST_ORDER} limit ${bind(q.size)} offset ${bind((q.page - 1) * q.size)}`,
    params,
  );
  return { total, list: rows.map(toSummary) };
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
