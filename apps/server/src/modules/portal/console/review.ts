import { CONTENT_CONSOLE_SECTIONS, type ContentItem, type ContentReviewRow } from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/envelope.ts';
import type { AuthUser } from '../../../lib/principal.ts';
import { withTransaction } from '../../../db/tx.ts';
import { writeAudit } from '../../audit/index.ts';
import { putSetting } from '../../site/index.ts';
import { SECTIONS } from '../sections.ts';
import {
  adminItem,
  setStatus,
  snapshotOf,
  updateFields,
  usernamesFor,
  type StoredFields,
  type UsernameLookup,
} from './repository.ts';
import { publishInTx, record } from './service.ts';
import { REVIEW_SETTING, reviewRequired } from './review-setting.ts';

export { REVIEW_SETTING, reviewRequired, openRequest } from './review-setting.ts';

export async function setReviewRequired(db: Database, on: boolean, actorId: number): Promise<{ reviewRequired: boolean }> {
  return withTransaction(db, async (q) => {
    const before = await reviewRequired(q);
    await putSetting(q, REVIEW_SETTING, String(on));
    await writeAudit(q, {
      actorId,
      action: 'site.setting',
      targetType: 'site_setting',
      targetId: null,
      detail: { key: REVIEW_SETTING, changes: { value: [before, on] } },
    });
    return { reviewRequired: on };
  });
}

export async function requestState(
  db: Database,
  itemId: number,
  usernamesOf: UsernameLookup,
): Promise<Pick<ContentItem, 'pendingRequest' | 'returnedReason'>> {
  const rows = await db.query<{
    id: number;
    status: string;
    reason: string | null;
    requested_by: number | null;
    requested_at: Date | string;
    edit: boolean;
  }>(
    `select r.id, r.status, r.reason, r.requested_by, r.requested_at, r.changes is not null as edit
       from content_publish_requests r
      where r.item_id = $1 order by r.id desc limit 1`,
    [itemId],
  );
  const last = rows[0];
  const nameOf = await usernamesFor(db, usernamesOf, last?.status === 'pending' ? [last.requested_by] : []);
  return {
    pendingRequest:
      last?.status === 'pending'
        ? {
            id: last.id,
            kind: last.edit ? 'edit' : 'publish',
            requestedBy: nameOf(last.requested_by),
            requestedAt: new Date(last.requested_at).toISOString(),
          }
        : null,
    returnedReason: last?.status === 'returned' ? last.reason : null,
  };
}

const CONSOLE_NAME = Object.fromEntries(Object.entries(CONTENT_CONSOLE_SECTIONS).map(([name, id]) => [id, name]));

export async function pendingRequests(db: Database, usernamesOf: UsernameLookup): Promise<ContentReviewRow[]> {
  const rows = await db.query<{
    id: number;
    item_id: number;
    section: string;
    title: string;
    publish_at: Date | string | null;
    requested_by: number | null;
    requested_at: Date | string;
    edit: boolean;
  }>(
    `select r.id, r.item_id, i.section, i.title, r.publish_at, r.requested_by, r.requested_at, r.changes is not null as edit
       from content_publish_requests r join portal_items i on i.id = r.item_id
      where r.status = 'pending' order by r.requested_at, r.id limit 200`,
  );
  const nameOf = await usernamesFor(
    db,
    usernamesOf,
    rows.map((r) => r.requested_by),
  );
  return rows.map((r) => ({
    id: r.id,
    itemId: r.item_id,
    section: r.section,
    consoleSection: CONSOLE_NAME[r.section] ?? r.section,
    kind: r.edit ? 'edit' : 'publish',
    title: r.title,
    publishAt: r.publish_at ? new Date(r.publish_at).toISOString() : null,
    requestedBy: nameOf(r.requested_by),
    requestedAt: new Date(r.requested_at).toISOString(),
  }));
}

/**
 * An admin approves (the item is published or scheduled as asked; an edit of a live item is applied) or returns it
 * with a reason (a returned edit leaves the published version live).
 */
export async function decideRequest(
  db: Database,
  requestId: number | null,
  decision: 'approve' | 'return',
  reason: string | null,
  admin: AuthUser,
): Promise<{ status: string }> {
  return withTransaction(db, async (q) => {
    const [req] =
      requestId === null
        ? []
        : await q<{
            id: number;
            item_id: number;
            status: string;
            publish_at: Date | string | null;
            section: string;
            changes: StoredFields | null;
            requested_by: number | null;
          }>(
            `select r.id, r.item_id, r.status, r.publish_at, i.section, r.changes, r.requested_by
               from content_publish_requests r join portal_items i on i.id = r.item_id where r.id = $1 for update of r`,
            [requestId],
          );
    if (!req) throw notFound('发布申请不存在');
    if (req.status !== 'pending') throw badRequest('该发布申请已处理');
    const def = SECTIONS[req.section as keyof typeof SECTIONS];
    const row = (await adminItem(q, req.section, req.item_id, true))!;
    await q('update content_publish_requests set status = $2, reason = $3, decided_by = $4, decided_at = now() where id = $1', [
      req.id,
      decision === 'approve' ? 'approved' : 'returned',
      reason,
      admin.id,
    ]);
    // An edit of a live item: approving applies it, returning leaves the published version as it is.
    if (req.changes) {
      if (decision === 'approve') {
        await updateFields(q, row.id, req.changes, req.requested_by ?? admin.id);
        await record(q, def, row.id, 'approve_edit', admin.id, snapshotOf(row), { requestId: req.id });
      } else await record(q, def, row.id, 'return', admin.id, snapshotOf(row), { requestId: req.id, reason });
      return { status: row.status };
    }
    if (decision === 'approve') {
      const publishAt = req.publish_at ? new Date(req.publish_at).toISOString() : null;
      await writeAudit(q, {
        actorId: admin.id,
        action: 'content.approve',
        targetType: 'portal_item',
        targetId: row.id,
        detail: { section: def.id, title: row.title, requestId: req.id },
      });
      return { status: await publishInTx(q, def, row, admin, publishAt, true) };
    }
    await setStatus(q, row.id, 'draft', admin.id);
    await record(q, def, row.id, 'return', admin.id, snapshotOf(row), { requestId: req.id, reason });
    return { status: 'draft' };
  });
}
