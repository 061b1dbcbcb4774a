import {
  APPLICATION_KIND_LABELS,
  APPLICATION_STATUS_LABELS,
  type ApplicationKind,
  type ApplicationStatus,
  type CertificationState,
} from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/envelope.ts';
import { applicationDetail, toSummary } from '../applications/index.ts';
import { reviewApplication, type ReviewDecision } from '../applications/index.ts';
import { withTransaction } from '../../db/tx.ts';
import { CERT_SELECT, toCertView, type CertRow } from '../certification/index.ts';
import { insertMessage } from '../messages/index.ts';
import { writeAudit } from '../audit/index.ts';

const offsetOf = (f: { page: number; size: number }) => (f.page - 1) * f.size;

// ---- certifications ----

export async function certificationQueue(
  db: Database,
  f: { status?: Exclude<CertificationState, 'none'>; page: number; size: number },
) {
  const params: unknown[] = [];
  const cond = f.status ? `c.status = $${params.push(f.status)}` : 'true';
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from enterprise_certifications c where ${cond}`,
    params,
  )) as [{ total: number }];
  // Oldest pending first: the queue is worked in arrival order.
  const rows = await db.query<CertRow & { username: string }>(
    `select q.*, u.username from (${CERT_SELECT} where ${cond}) q join users u on u.id = q.user_id
      order by q.submitted_at asc, q.id asc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, f.size, offsetOf(f)],
  );
  return {
    total,
    page: f.page,
    size: f.size,
    list: rows.map((r) => ({ ...toCertView(r), userId: r.user_id, username: r.username })),
  };
}

export async function certificationForOperator(db: Database, id: number) {
  const rows = await db.query<CertRow>(`${CERT_SELECT} where c.id = $1`, [id]);
  const r = rows[0];
  if (!r) throw notFound('认证申请不存在');
  const [user] = await db.query<{ username: string; mobile: string; status: string }>(
    'select username, mobile, status from users where id = $1',
    [r.user_id],
  );
  // Other accounts using the same credit code: a hint for the reviewer, not a rule.
  const [{ n }] = (await db.query<{ n: number }>(
    `select count(*)::int as n from enterprise_certifications
      where credit_code = $1 and user_id <> $2 and status in ('pending', 'approved')`,
    [r.credit_code, r.user_id],
  )) as [{ n: number }];
  const history = await db.query<{ id: number; status: string; reject_reason: string | null; submitted_at: Date | string }>(
    'select id, status, reject_reason, submitted_at from enterprise_certifications where user_id = $1 and id <> $2 order by id desc',
    [r.user_id, id],
  );
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
  const params: unknown[] = [];
  const where = ['true'];
  if (f.status) where.push(`a.status = $${params.push(f.status)}`);
  if (f.kind) where.push(`a.kind = $${params.push(f.kind)}`);
  const cond = where.join(' and ');
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from applications a where ${cond}`,
    params,
  )) as [{ total: number }];
  const rows = await db.query<Parameters<typeof toSummary>[0] & { username: string }>(
    `select a.id, a.user_id, a.kind, a.ref_id, a.ref_title, a.reference_no, a.form, a.status, a.reason, a.created_at, a.updated_at,
            u.username
       from applications a join users u on u.id = a.user_id
      where ${cond} order by a.created_at asc, a.id asc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, f.size, offsetOf(f)],
  );
  return {
    total,
    page: f.page,
    size: f.size,
    list: rows.map((r) => ({ ...toSummary(r), userId: r.user_id, username: r.username })),
  };
}

export async function applicationForOperator(db: Database, id: number) {
  const detail = await applicationDetail(db, id, null);
  if (!detail) throw notFound('申请不存在');
  const [user] = await db.query<{ username: string; mobile: string }>('select username, mobile from users where id = $1', [
    detail.userId,
  ]);
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
