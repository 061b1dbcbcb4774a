import type { ContentItem } from '@zs/shared';
import type { Query } from '../../../db/tx.ts';
import type { AuthUser } from '../../../lib/principal.ts';
import { writeAudit } from '../../audit/index.ts';
import type { SectionDef } from '../sections.ts';
import { snapshotOf, type AdminItemRow, type StoredFields } from './repository.ts';
import { reviewRequired } from './review-setting.ts';

/**
 * 发布需审核 covers changes to what the public reads, not only first publication: an operator's edit or
 * restored revision of a published item waits as a request (content_publish_requests.changes) and the
 * published version stays live until an admin approves it (docs/decisions/0087).
 */
export async function editNeedsReview(q: Query, row: AdminItemRow, actor: AuthUser): Promise<boolean> {
  return row.status === 'published' && actor.role !== 'admin' && (await reviewRequired(q));
}

/** Opens the item's edit request or replaces the fields of the open one (one open request per item). */
export async function proposeEdit(
  q: Query,
  def: SectionDef,
  row: AdminItemRow,
  fields: StoredFields,
  actor: AuthUser,
  via: 'update' | 'restore',
  extra: Record<string, unknown> = {},
): Promise<void> {
  const [open] = await q<{ id: number }>(
    "select id from content_publish_requests where item_id = $1 and status = 'pending' for update",
    [row.id],
  );
  if (open)
    await q('update content_publish_requests set changes = $2::jsonb, requested_by = $3, requested_at = now() where id = $1', [
      open.id,
      JSON.stringify(fields),
      actor.id,
    ]);
  else
    await q('insert into content_publish_requests (item_id, requested_by, changes) values ($1, $2, $3::jsonb)', [
      row.id,
      actor.id,
      JSON.stringify(fields),
    ]);
  const live = snapshotOf(row);
  const changed = Object.fromEntries(
    (Object.keys(fields) as Array<keyof StoredFields>)
      .filter((k) => JSON.stringify(fields[k] ?? null) !== JSON.stringify(live[k] ?? null))
      .map((k) => [k, [live[k] ?? null, fields[k] ?? null]]),
  );
  await writeAudit(q, {
    actorId: actor.id,
    action: 'content.edit_request',
    targetType: 'portal_item',
    targetId: row.id,
    detail: { section: def.id, title: row.title, via, changes: changed, ...extra },
  });
}

/** The proposed fields of the item's open edit request, if any. */
export async function proposedFields(q: Query, itemId: number): Promise<StoredFields | null> {
  const [open] = await q<{ changes: StoredFields | null }>(
    "select changes from content_publish_requests where item_id = $1 and status = 'pending'",
    [itemId],
  );
  return open?.changes ?? null;
}

/** The console's view of an item with an open edit request: the proposal, so the editor goes on from it. */
export function withProposal(item: ContentItem, proposed: StoredFields | null): ContentItem {
  if (!proposed) return item;
  return {
    ...item,
    category: proposed.category,
    title: proposed.title,
    summary: proposed.summary,
    bodyHtml: proposed.bodyHtml,
    attrs: proposed.attrs,
    cover: proposed.cover,
    source: proposed.source,
    sourceUrl: proposed.sourceUrl,
    townCode: proposed.townCode,
    sort: proposed.sort,
    publishedAt: proposed.publishedAt ?? item.publishedAt,
  };
}

/** An admin's own save of the live item takes the place of an open edit request (the form showed the proposal). */
export async function supersedeEditRequest(q: Query, itemId: number, adminId: number): Promise<void> {
  await q(
    `update content_publish_requests set status = 'approved', reason = '管理员已直接保存', decided_by = $2, decided_at = now()
      where item_id = $1 and status = 'pending' and changes is not null`,
    [itemId, adminId],
  );
}
