import {
  APPLICATION_KIND_LABELS,
  APPLICATION_STATUS_LABELS,
  type ApplicationKind,
  type ApplicationStatus,
  type CertificationState,
} from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/envelope.ts';
import { applicationDetail, applicationQueuePage, toSummary } from '../applications/index.ts';
import { reviewApplication, type ReviewDecision } from '../applications/index.ts';
import { withTransaction } from '../../db/tx.ts';
import {
  certificationById,
  certificationQueuePage,
  countSameCreditCodeElsewhere,
  earlierSubmissionsOf,
  toCertView,
} from '../certification/index.ts';
import { findById, usernamesOf } from '../auth/index.ts';
import { insertMessage } from '../messages/index.ts';
import { writeAudit } from '../audit/index.ts';

// ---- certifications ----

export async function certificationQueue(
  db: Database,
  f: { status?: Exclude<CertificationState, 'none'>; page: number; size: number },
) {
  // Oldest pending first: the queue is worked in arrival order.
  const page = await certificationQueuePage(db, f);
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.user_id),
  );
  return {
    ...page,
    list: page.list.map((r) => ({ ...toCertView(r), userId: r.user_id, username: names.get(r.user_id) ?? '' })),
  };
}

export async function certificationForOperator(db: Database, id: number) {
  const r = await certificationById(db, id);
  if (!r) throw notFound('认证申请不存在');
  const user = await findById(db, r.user_id);
  // Other accounts using the same credit code: a hint for the reviewer, not a rule.
  const n = await countSameCreditCodeElsewhere(db, r.credit_code, r.user_id);
  const history = await earlierSubmissionsOf(db, r.user_id, id);
  return {
    ...toCertView(r),
    userId: r.user_id,
    username: user?.username ?? '',
    userMobile: user?.mobile ?? '',
    userStatus: user?.status ?? 'deleted',
    sameCreditCodeElsewhere: n,
    earlierSubmissions: history.map((h) => ({
      id: h.id,
      status: h.status,
      rejectReason: h.reject_reason,
      submittedAt: new Date(h.submitted_at).toISOString(),
    })),
  };
}

// ---- applications ----

export async function applicationQueue(
  db: Database,
  f: { status?: ApplicationStatus; kind?: ApplicationKind; page: number; size: number },
) {
  const page = await applicationQueuePage(db, f);
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.user_id),
  );
  return {
    ...page,
    list: page.list.map((r) => ({ ...toSummary(r), userId: r.user_id, username: names.get(r.user_id) ?? '' })),
  };
}

export async function applicationForOperator(db: Database, id: number) {
  const detail = await applicationDetail(db, id, null);
  if (!detail) throw notFound('申请不存在');
  const user = await findById(db, detail.userId);
  return { ...detail, username: user?.username ?? '', userMobile: user?.mobile ?? '' };
}

export const APPLICATION_DECISIONS = {
  accept: 'accepted',
  review: 'reviewing',
  approve: 'approved',
  reject: 'rejected',
} as const;
export type ApplicationDecision = keyof typeof APPLICATION_DECISIONS;

const OUTCOME: Record<ReviewDecision, string> = {
  accepted: '已受理',
  reviewing: '已进入审核',
  approved: '已审核通过',
  rejected: '未通过审核',
};

/**
 * reviewApplication locks the row and moves it forward only, so a repeated or concurrent identical
 * decision fails there and never reaches the message. The message and audit row follow in one
 * transaction of their own (reviewApplication owns its transaction).
 */
export async function decideApplication(
  db: Database,
  id: number,
  actorId: number,
  decision: ApplicationDecision,
  reason?: string,
) {
  const status = APPLICATION_DECISIONS[decision];
  const app = await reviewApplication(db, id, actorId, status, reason);
  const note = reason?.trim() || null;
  const kindName = APPLICATION_KIND_LABELS[app.kind];
  const subject = app.refTitle ? `「${app.refTitle}」` : '';
  await withTransaction(db, async (q) => {
    await insertMessage(q, {
      userId: app.userId,
      kind: 'review',
      title: `您的${kindName}${OUTCOME[status]}`,
      body:
        `您提交的${kindName}${subject}（编号 ${app.referenceNo}）${OUTCOME[status]}，当前状态：${APPLICATION_STATUS_LABELS[status]}。` +
        (status === 'rejected' ? `原因：${note}。` : note ? `审核意见：${note}。` : ''),
      link: `/geographical-detail?id=${app.id}`,
      refType: 'application',
      refId: app.id,
    });
    await writeAudit(q, {
      actorId,
      action: `application.${status}`,
      targetType: 'application',
      targetId: app.id,
      detail: { userId: app.userId, referenceNo: app.referenceNo, kind: app.kind, reason: note },
    });
  });
  return app;
}
