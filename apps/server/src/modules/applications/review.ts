import type { ApplicationStatus } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { applicationDetail, type ApplicationDetail } from './repository.ts';
import { withTransaction } from '../../db/tx.ts';

export type ReviewDecision = 'accepted' | 'reviewing' | 'approved' | 'rejected';

/** Forward-only: from each status, the decisions an operator may take. */
const NEXT: Record<ApplicationStatus, readonly ReviewDecision[]> = {
  submitted: ['accepted', 'reviewing', 'approved', 'rejected'],
  accepted: ['reviewing', 'approved', 'rejected'],
  reviewing: ['approved', 'rejected'],
  approved: [],
  rejected: [],
  withdrawn: [],
};

const NOTES: Record<ReviewDecision, string> = {
  accepted: '已受理',
  reviewing: '进入审核',
  approved: '审核通过',
  rejected: '已驳回',
};

/**
 * An operator's decision on an application: appends the timeline event and returns the application.
 * Wired to /api/admin routes and user messages by the operator task.
 */
export async function reviewApplication(
  db: Database,
  id: number,
  actorId: number,
  decision: ReviewDecision,
  reason?: string | null,
): Promise<ApplicationDetail> {
  const note = reason?.trim() || null;
  if (decision === 'rejected' && !note) throw badRequest('驳回时请填写驳回原因');
  if (note && note.length > 500) throw badRequest('原因不能超过500个字符');
  await withTransaction(db, async (q) => {
    const [row] = await q<{ status: ApplicationStatus }>('select status from applications where id = $1 for update', [id]);
    if (!row) throw notFound('申请不存在');
    if (!NEXT[row.status].includes(decision)) throw badRequest('当前状态不能执行该操作');
    await q('update applications set status = $2, reason = $3, updated_at = now() where id = $1', [
      id,
      decision,
      decision === 'rejected' ? note : null,
    ]);
    await q('insert into application_events (application_id, status, note, actor_id) values ($1, $2, $3, $4)', [
      id,
      decision,
      note ?? NOTES[decision],
      actorId,
    ]);
  });
  return (await applicationDetail(db, id, null))!;
}
