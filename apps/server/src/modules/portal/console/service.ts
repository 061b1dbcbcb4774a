import { firstMessage, TOWN_CODES, type ContentItem, type ContentItemData, type ContentStatus } from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/envelope.ts';
import { clock } from '../../../lib/clock.ts';
import { plainText } from '../../../lib/sanitize.ts';
import type { AuthUser } from '../../../lib/principal.ts';
import { withTransaction, type Query } from '../../../db/tx.ts';
import { writeAudit } from '../../audit/index.ts';
import { fileIdsWithPurpose } from '../../files/index.ts';
import { sectionCategories } from '../categories.ts';
import { type SectionDef } from '../sections.ts';
import {
  addRevision,
  adminItem,
  insertDraft,
  revisionSnapshot,
  setStatus,
  snapshotOf,
  toItem,
  updateFields,
  updaterName,
  type AdminItemRow,
  type Snapshot,
  type StoredFields,
  type UsernameLookup,
} from './repository.ts';
import { CONSOLE_FILE_PURPOSE } from './files.ts';
import { openRequest, reviewRequired } from './review-setting.ts';
import { sanitizeRichText } from './rich-text.ts';
import { editNeedsReview, proposeEdit, supersedeEditRequest, withProposal } from './edit-review.ts';

type ItemInput = ContentItemData;

/** File ids that section attrs point to (news attachments, training documents). */
function referencedFiles(def: SectionDef, attrs: Record<string, unknown>): number[] {
  return def.fileFields.flatMap((f) =>
    ((attrs[f] as Array<{ fileId?: number }> | undefined) ?? []).map((d) => d.fileId).filter((id): id is number => !!id),
  );
}

/**
 * Validates an edit against the section (category, town, attrs schema), sanitises the body and makes
 * sure attachments are console uploads: a user's private file can never become a public download.
 */
export async function storedFields(db: Database, def: SectionDef, input: ItemInput): Promise<StoredFields> {
  if (input.category && !(await sectionCategories(db, def.id, true)).some((c) => c.code === input.category))
    throw badRequest('分类不存在');
  if (input.townCode && !TOWN_CODES.includes(input.townCode)) throw badRequest('镇街不存在');
  const parsed = def.attrs.safeParse(input.attrs);
  if (!parsed.success) throw badRequest(firstMessage(parsed.error));
  const title = plainText(input.title).trim();
  if (!title) throw badRequest('请输入标题（1-200个字符）');
  const ids = referencedFiles(def, parsed.data);
  if (ids.length) {
    const ok = await fileIdsWithPurpose(db, ids, CONSOLE_FILE_PURPOSE);
    const missing = ids.find((id) => !ok.includes(id));
    if (missing !== undefined) throw badRequest(`附件不存在或不是后台上传的文件（编号 ${missing}）`);
  }
  return {
    category: input.category,
    title,
    summary: input.summary ? plainText(input.summary) : null,
    bodyHtml: sanitizeRichText(input.bodyHtml),
    attrs: parsed.data,
    cover: input.cover,
    source: input.source ? plainText(input.source) : null,
    sourceUrl: input.sourceUrl,
    publishedAt: input.publishedAt ? new Date(input.publishedAt).toISOString() : null,
    townCode: input.townCode,
    sort: input.sort,
  };
}

const CLIP = 2000;
const clip = (v: unknown) => (typeof v === 'string' && v.length > CLIP ? `${v.slice(0, CLIP)}…` : v);

/** Changed fields as { field: [before, after] } for the audit log (long HTML clipped). */
export function changes(before: Partial<Snapshot> | null, after: Snapshot): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of Object.keys(after) as Array<keyof Snapshot>) {
    const a = JSON.stringify(before?.[k] ?? null);
    const b = JSON.stringify(after[k] ?? null);
    if (a !== b) out[k] = [clip(before?.[k] ?? null), clip(after[k] ?? null)];
  }
  return out;
}

/** Loads the item inside the transaction (locked), or 404. */
export async function lockedItem(q: Query, def: SectionDef, id: number | null): Promise<AdminItemRow> {
  const row = id === null ? null : await adminItem(q, def.id, id, true);
  if (!row) throw notFound('内容不存在');
  return row;
}

/** After a change: the new state as a revision and an audit row with before → after. */
export async function record(
  q: Query,
  def: SectionDef,
  id: number,
  action: string,
  actorId: number | null,
  before: Snapshot | null,
  extra: Record<string, unknown> = {},
): Promise<AdminItemRow> {
  const row = (await adminItem(q, def.id, id))!;
  const after = snapshotOf(row);
  await addRevision(q, id, action, after, actorId);
  await writeAudit(q, {
    actorId,
    action: `content.${action}`,
    targetType: 'portal_item',
    targetId: id,
    detail: { section: def.id, title: row.title, changes: changes(before, after), ...extra },
  });
  return row;
}

/** The item as the console shows it after a change (its last editor named through `q`). */
async function itemView(q: Query, usernamesOf: UsernameLookup, row: AdminItemRow): Promise<ContentItem> {
  return toItem(row, await updaterName(q, usernamesOf, row));
}

/** An edit that waits for review: the live row is untouched, the console sees the proposal and its request. */
async function proposed(
  q: Query,
  def: SectionDef,
  live: AdminItemRow,
  fields: StoredFields,
  actor: AuthUser,
  usernamesOf: UsernameLookup,
  via: 'update' | 'restore',
  extra: Record<string, unknown> = {},
): Promise<ContentItem> {
  await proposeEdit(q, def, live, fields, actor, via, extra);
  const [open] = await q<{ id: number; requested_at: Date | string }>(
    "select id, requested_at from content_publish_requests where item_id = $1 and status = 'pending'",
    [live.id],
  );
  const item = toItem(live, await updaterName(q, usernamesOf, live), {
    pendingRequest: {
      id: open!.id,
      kind: 'edit',
      requestedBy: actor.username,
      requestedAt: new Date(open!.requested_at).toISOString(),
    },
    returnedReason: null,
  });
  return withProposal(item, fields);
}

export async function createItem(
  db: Database,
  def: SectionDef,
  input: ItemInput,
  actor: AuthUser,
  usernamesOf: UsernameLookup,
): Promise<ContentItem> {
  const fields = await storedFields(db, def, input);
  return withTransaction(db, async (q) => {
    const id = await insertDraft(q, def.id, fields, actor.id);
    return itemView(q, usernamesOf, await record(q, def, id, 'create', actor.id, null));
  });
}

export async function updateItem(
  db: Database,
  def: SectionDef,
  id: number | null,
  input: ItemInput,
  actor: AuthUser,
  usernamesOf: UsernameLookup,
): Promise<ContentItem> {
  const fields = await storedFields(db, def, input);
  return withTransaction(db, async (q) => {
    const before = await lockedItem(q, def, id);
    if (await editNeedsReview(q, before, actor)) return proposed(q, def, before, fields, actor, usernamesOf, 'update');
    if (before.status === 'published') await supersedeEditRequest(q, before.id, actor.id);
    await updateFields(q, before.id, fields, actor.id);
    return itemView(q, usernamesOf, await record(q, def, before.id, 'update', actor.id, snapshotOf(before)));
  });
}

/**
 * 发布: at once, or scheduled when the time asked for is in the future. With 发布需审核 on, an
 * operator's 发布 opens a request instead and the item waits as `pending` for an admin.
 */
export async function publishInTx(
  q: Query,
  def: SectionDef,
  row: AdminItemRow,
  actor: AuthUser,
  publishAt: string | null,
  viaReview = false,
): Promise<'published' | 'scheduled' | 'pending'> {
  if (!viaReview && actor.role !== 'admin' && (await reviewRequired(q))) {
    await setStatus(q, row.id, 'pending', actor.id);
    await openRequest(q, row.id, actor.id, publishAt);
    await record(q, def, row.id, 'publish_request', actor.id, snapshotOf(row), { publishAt });
    return 'pending';
  }
  const at = publishAt ? new Date(publishAt) : null;
  const scheduled = at !== null && at.getTime() > clock.now();
  const status: ContentStatus = scheduled ? 'scheduled' : 'published';
  await setStatus(q, row.id, status, actor.id, at ? at.toISOString() : null);
  await record(q, def, row.id, scheduled ? 'schedule' : 'publish', actor.id, snapshotOf(row), { publishAt });
  return status as 'published' | 'scheduled';
}

export async function unpublishInTx(q: Query, def: SectionDef, row: AdminItemRow, actor: AuthUser): Promise<void> {
  await setStatus(q, row.id, 'unpublished', actor.id);
  // An open publish request has nothing left to decide.
  await q(
    "update content_publish_requests set status = 'returned', reason = '内容已下线', decided_by = $2, decided_at = now() where item_id = $1 and status = 'pending'",
    [row.id, actor.id],
  );
  await record(q, def, row.id, 'unpublish', actor.id, snapshotOf(row));
}

const UNPUBLISHABLE: ContentStatus[] = ['published', 'scheduled', 'pending'];

export async function changeStatus(
  db: Database,
  def: SectionDef,
  id: number | null,
  action: 'publish' | 'unpublish',
  actor: AuthUser,
  publishAt: string | null = null,
): Promise<ContentStatus> {
  return withTransaction(db, async (q) => {
    const row = await lockedItem(q, def, id);
    if (action === 'unpublish') {
      if (!UNPUBLISHABLE.includes(row.status)) throw badRequest('该内容未发布，无需下线');
      await unpublishInTx(q, def, row, actor);
      return 'unpublished';
    }
    if (row.status === 'pending') throw badRequest('该内容正在等待审核');
    if (row.status === 'published' && !publishAt) throw badRequest('该内容已发布');
    return publishInTx(q, def, row, actor, publishAt);
  });
}

/** 批量发布/下线: each item in its own transaction; items already in the asked state are skipped. */
export async function bulkChange(db: Database, def: SectionDef, ids: number[], action: 'publish' | 'unpublish', actor: AuthUser) {
  let changed = 0;
  let pending = 0;
  let skipped = 0;
  for (const id of [...new Set(ids)]) {
    const result = await withTransaction(db, async (q) => {
      const row = await adminItem(q, def.id, id, true);
      if (!row) return 'skip';
      if (action === 'unpublish') {
        if (!UNPUBLISHABLE.includes(row.status)) return 'skip';
        await unpublishInTx(q, def, row, actor);
        return 'changed';
      }
      if (row.status === 'published' || row.status === 'pending') return 'skip';
      return (await publishInTx(q, def, row, actor, null)) === 'pending' ? 'pending' : 'changed';
    });
    if (result === 'changed') changed += 1;
    else if (result === 'pending') pending += 1;
    else skipped += 1;
  }
  return { changed, pending, skipped };
}

/** Restores a revision's content (not its state): a published item stays published with the old text. */
export async function restoreRevision(
  db: Database,
  def: SectionDef,
  id: number | null,
  revisionId: number | null,
  actor: AuthUser,
  usernamesOf: UsernameLookup,
): Promise<ContentItem> {
  return withTransaction(db, async (q) => {
    const before = await lockedItem(q, def, id);
    const snap = revisionId === null ? null : await revisionSnapshot(q, before.id, revisionId);
    if (!snap) throw notFound('历史版本不存在');
    const { status: _status, ...restored } = { ...snap, bodyHtml: sanitizeRichText(snap.bodyHtml) };
    if (await editNeedsReview(q, before, actor))
      return proposed(q, def, before, restored, actor, usernamesOf, 'restore', { revisionId });
    if (before.status === 'published') await supersedeEditRequest(q, before.id, actor.id);
    await updateFields(q, before.id, restored, actor.id);
    return itemView(q, usernamesOf, await record(q, def, before.id, 'restore', actor.id, snapshotOf(before), { revisionId }));
  });
}

/**
 * Scheduled items whose time has come become published (run by the content job every 30 s and on
 * demand). Returns how many were published.
 */
export async function publishDue(db: Database, now = clock.now()): Promise<number> {
  return withTransaction(db, async (q) => {
    const due = await q<{ id: number; section: string }>(
      "select id, section from portal_items where status = 'scheduled' and published_at <= $1::timestamptz for update skip locked",
      [new Date(now).toISOString()],
    );
    for (const item of due) {
      const before = (await adminItem(q, item.section, item.id))!;
      await setStatus(q, item.id, 'published', null);
      const def = { id: item.section } as SectionDef;
      await record(q, def, item.id, 'publish_due', null, snapshotOf(before));
    }
    return due.length;
  });
}
