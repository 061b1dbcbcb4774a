import {
  categoryName,
  CONTENT_STATUS_LABELS,
  type ContentItem,
  type ContentItemData,
  type ContentRow,
  type ContentStatus,
} from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { paged } from '../../../db/paged.ts';
import type { Query } from '../../../db/tx.ts';
import { likePattern } from '../repository.ts';
import { withCategoryNames } from '../categories.ts';
import type { ItemRow } from '../repository.ts';
import type { SectionDef } from '../sections.ts';
import { iso } from '../../../lib/iso.ts';

/** Raw rows of portal_items as the console sees them (any state): the portal's row plus the editing columns. */
export interface AdminItemRow extends Omit<ItemRow, 'section' | 'body_html'> {
  section: string;
  body_html: string | null;
  status: ContentStatus;
  sort: number;
  created_at: Date | string;
  updated_at: Date | string;
  updated_by: number | null;
}

/**
 * Usernames by user id: the auth module's usernamesOf, handed in by modules/index.ts (importing auth here would
 * make the chain of module imports too long).
 */
export type UsernameLookup = (db: Database | Query, ids: number[]) => Promise<Map<number, string>>;

/**
 * Looks up the usernames of `ids` at once and answers each id's (null for a null id or a user who is gone, as a
 * left join of users would).
 */
export async function usernamesFor(
  db: Database | Query,
  usernamesOf: UsernameLookup,
  ids: Array<number | null>,
): Promise<(id: number | null) => string | null> {
  const names = await usernamesOf(db, [...new Set(ids.filter((id): id is number => id !== null))]);
  return (id) => (id === null ? null : (names.get(id) ?? null));
}

/** The username of whoever last changed the item (null when nobody is recorded or the account is gone). */
export async function updaterName(db: Database | Query, usernamesOf: UsernameLookup, r: AdminItemRow): Promise<string | null> {
  return (await usernamesFor(db, usernamesOf, [r.updated_by]))(r.updated_by);
}

const COLUMNS = `i.id, i.section, i.category, i.title, i.summary, i.body_html, i.attrs, i.cover, i.source, i.source_url,
  i.published_at, i.town_code, i.status, i.sort, i.demo, i.created_at, i.updated_at, i.updated_by`;
const FROM = 'portal_items i';

/** `updatedBy`: the username of the item's last editor (updaterName). */
export function toRow(r: AdminItemRow, updatedBy: string | null): ContentRow {
  return {
    id: r.id,
    section: r.section,
    category: r.category,
    categoryName: categoryName(r.section as never, r.category),
    title: r.title,
    status: r.status,
    statusName: CONTENT_STATUS_LABELS[r.status],
    publishedAt: iso(r.published_at),
    updatedAt: iso(r.updated_at),
    updatedBy,
    sort: r.sort,
    demo: r.demo,
  };
}

export function toItem(
  r: AdminItemRow,
  updatedBy: string | null,
  extra: Pick<ContentItem, 'pendingRequest' | 'returnedReason'> = { pendingRequest: null, returnedReason: null },
): ContentItem {
  return {
    ...toRow(r, updatedBy),
    summary: r.summary,
    bodyHtml: r.body_html ?? '',
    cover: r.cover,
    source: r.source,
    sourceUrl: r.source_url,
    townCode: r.town_code,
    attrs: r.attrs ?? {},
    createdAt: iso(r.created_at),
    ...extra,
  };
}

const ORDER: Record<string, string> = {
  updatedAt: 'i.updated_at',
  publishedAt: 'i.published_at',
  title: 'i.title',
  sort: 'i.sort',
};

export interface AdminListFilter {
  keyword?: string;
  status?: ContentStatus;
  category?: string;
  sortBy: keyof typeof ORDER | string;
  order: 'asc' | 'desc';
  page: number;
  size: number;
}

export async function listAdminItems(db: Database, def: SectionDef, f: AdminListFilter, usernamesOf: UsernameLookup) {
  const params: unknown[] = [def.id];
  const where = ['i.section = $1'];
  const bind = (v: unknown) => `$${params.push(v)}`;
  if (f.keyword) {
    const p = bind(likePattern(f.keyword));
    const fields = ['i.title', "coalesce(i.summary, '')", ...def.searchable.map((e) => `coalesce(i.${e}, '')`)];
    where.push(`(${fields.map((x) => `${x} ilike ${p}`).join(' or ')})`);
  }
  if (f.status) where.push(`i.status = ${bind(f.status)}`);
  if (f.category) where.push(`i.category = ${bind(f.category)}`);
  const dir = f.order === 'asc' ? 'asc' : 'desc';
  const page = await paged<AdminItemRow>(
    db,
    {
      count: FROM,
      select: `select ${COLUMNS} from ${FROM}`,
      where: where.join(' and '),
      order: `${ORDER[f.sortBy] ?? ORDER.updatedAt} ${dir}, i.id ${dir}`,
    },
    params,
    f,
  );
  const nameOf = await usernamesFor(
    db,
    usernamesOf,
    page.list.map((r) => r.updated_by),
  );
  const list = page.list.map((r) => toRow(r, nameOf(r.updated_by)));
  return { ...page, list: await withCategoryNames(db, list) };
}

export async function adminItem(q: Query, section: string, id: number, lock = false): Promise<AdminItemRow | null> {
  const rows = await q<AdminItemRow>(
    `select ${COLUMNS} from ${FROM} where i.id = $1 and i.section = $2${lock ? ' for update of i' : ''}`,
    [id, section],
  );
  return rows[0] ?? null;
}

/** The fields an edit may change, as stored (sanitised, validated). */
export type StoredFields = ContentItemData;

/** $2…$12 of the insert and the update, in column order. */
const fieldParams = (f: StoredFields) => [
  f.category,
  f.title,
  f.summary,
  f.bodyHtml,
  JSON.stringify(f.attrs),
  f.cover,
  f.source,
  f.sourceUrl,
  f.publishedAt,
  f.townCode,
  f.sort,
];

export async function insertDraft(q: Query, section: string, f: StoredFields, actorId: number): Promise<number> {
  const rows = await q<{ id: number }>(
    `insert into portal_items (section, category, title, summary, body_html, attrs, cover, source, source_url, published_at,
       town_code, sort, status, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, coalesce($10::timestamptz, now()), $11, $12, 'draft', $13, $13)
     returning id`,
    [section, ...fieldParams(f), actorId],
  );
  return rows[0]!.id;
}

export async function updateFields(q: Query, id: number, f: StoredFields, actorId: number): Promise<void> {
  await q(
    `update portal_items set category = $2, title = $3, summary = $4, body_html = $5, attrs = $6::jsonb, cover = $7,
       source = $8, source_url = $9, published_at = coalesce($10::timestamptz, published_at), town_code = $11, sort = $12,
       updated_by = $13, updated_at = now()
     where id = $1`,
    [id, ...fieldParams(f), actorId],
  );
}

export async function setStatus(
  q: Query,
  id: number,
  status: ContentStatus,
  actorId: number | null,
  publishedAt?: string | null,
): Promise<void> {
  await q(
    `update portal_items set status = $2, published_at = coalesce($3::timestamptz, published_at), updated_at = now(),
       updated_by = coalesce($4, updated_by) where id = $1`,
    [id, status, publishedAt ?? null, actorId],
  );
}

/** The editable state of an item, as a revision keeps it. */
export function snapshotOf(r: AdminItemRow) {
  return {
    category: r.category,
    title: r.title,
    summary: r.summary,
    bodyHtml: r.body_html ?? '',
    attrs: r.attrs ?? {},
    cover: r.cover,
    source: r.source,
    sourceUrl: r.source_url,
    publishedAt: iso(r.published_at),
    townCode: r.town_code,
    sort: r.sort,
    status: r.status,
  };
}
export type Snapshot = ReturnType<typeof snapshotOf>;

export async function addRevision(q: Query, itemId: number, action: string, snap: Snapshot, actorId: number | null) {
  await q('insert into portal_item_revisions (item_id, action, snapshot, actor_id) values ($1, $2, $3::jsonb, $4)', [
    itemId,
    action,
    JSON.stringify(snap),
    actorId,
  ]);
}

export async function listRevisions(db: Database, itemId: number, usernamesOf: UsernameLookup) {
  const rows = await db.query<{
    id: number;
    action: string;
    snapshot: Snapshot;
    actor_id: number | null;
    created_at: Date | string;
  }>(
    `select r.id, r.action, r.snapshot, r.actor_id, r.created_at
       from portal_item_revisions r
      where r.item_id = $1 order by r.id desc limit 100`,
    [itemId],
  );
  const nameOf = await usernamesFor(
    db,
    usernamesOf,
    rows.map((r) => r.actor_id),
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    title: r.snapshot.title,
    status: r.snapshot.status,
    actorName: nameOf(r.actor_id),
    createdAt: iso(r.created_at),
  }));
}

export async function revisionSnapshot(q: Query, itemId: number, revisionId: number): Promise<Snapshot | null> {
  const rows = await q<{ snapshot: Snapshot }>('select snapshot from portal_item_revisions where id = $1 and item_id = $2', [
    revisionId,
    itemId,
  ]);
  return rows[0]?.snapshot ?? null;
}
