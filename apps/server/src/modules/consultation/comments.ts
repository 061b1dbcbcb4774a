import {
  COMMENT_DECISION_LABELS,
  COMMENTS_PER_USER_PER_DRAFT,
  ConsultationMessages as M,
  outcomeText,
  type CommentDecision,
  type MyComment,
} from '@zs/shared';
import type { z } from 'zod';
import type { CommentInput } from '@zs/shared/api/consultation';
import { stripControlChars } from '@zs/shared/control-chars';
import type { Database } from '../../db/client.ts';
import { withTransaction, type Query } from '../../db/tx.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { clock } from '../../lib/clock.ts';
import type { AuthUser } from '../../lib/principal.ts';
import { writeAudit } from '../audit/index.ts';
import { attachFile } from '../files/index.ts';
import { insertMessage } from '../messages/index.ts';
import {
  commentById,
  countUserComments,
  deleteComment,
  draftById,
  insertComments,
  setAssignee,
  setDecision,
  updateComment,
  type CommentRow,
  type NewComment,
} from './repository.ts';
import { myCommentView } from './views.ts';

type Input = z.output<typeof CommentInput>;

/** Stored as the user typed it (plain text, shown escaped everywhere), without control characters. */
const clean = (s: string) => stripControlChars(s, { keepLines: true }).trim();

async function stored(db: Database, userId: number, c: Input): Promise<NewComment> {
  let attachment: NewComment['attachment'] = null;
  if (c.attachmentId !== null) {
    const meta = await attachFile(db, userId, c.attachmentId).catch(() => {
      throw badRequest(M.attachment);
    });
    attachment = { fileId: meta.id, name: meta.name };
  }
  return {
    clause: clean(c.clause),
    content: clean(c.content),
    suggestion: clean(c.suggestion),
    reason: clean(c.reason),
    attachment,
  };
}

/** The period rule the server enforces (Asia/Shanghai instants from the console, compared on lib/clock). */
function assertOpen(d: { starts_at: Date | string; deadline: Date | string }, now: number) {
  if (now < new Date(d.starts_at).getTime()) throw badRequest(M.notStarted);
  if (now >= new Date(d.deadline).getTime()) throw badRequest(M.closed);
}

const visibleNow = (d: { status: string; published_at: Date | string | null }, now: number) =>
  d.status === 'published' || (d.status === 'scheduled' && !!d.published_at && new Date(d.published_at).getTime() <= now);

export async function submitComments(db: Database, draftId: number | null, user: AuthUser, input: Input[]): Promise<number[]> {
  const comments: NewComment[] = [];
  for (const c of input) comments.push(await stored(db, user.id, c));
  return withTransaction(db, async (q) => {
    const now = clock.now();
    const draft = draftId === null ? null : await draftById(q, draftId, true);
    if (!draft || !visibleNow(draft, now)) throw notFound(M.notFound);
    assertOpen(draft, now);
    if ((await countUserComments(q, draft.id, user.id)) + comments.length > COMMENTS_PER_USER_PER_DRAFT)
      throw badRequest(M.perDraft);
    // A certified enterprise's comments carry its name (the certification the token holder has now).
    return insertComments(q, draft.id, user.id, user.certified ? user.enterpriseName : null, comments);
  });
}

/** The user's own comment, locked; another user's answers exactly like a missing one. */
async function ownEditable(q: Query, id: number | null, user: AuthUser): Promise<CommentRow> {
  const row = id === null ? null : await commentById(q, id, true);
  if (!row || row.user_id !== user.id) throw notFound(M.commentNotFound);
  if (row.decision !== null) throw badRequest(M.processed);
  if (clock.now() >= new Date(row.deadline).getTime()) throw badRequest(M.closed);
  return row;
}

export async function editComment(db: Database, id: number | null, user: AuthUser, input: Input): Promise<MyComment> {
  const c = await stored(db, user.id, input);
  return withTransaction(db, async (q) => {
    const row = await ownEditable(q, id, user);
    await updateComment(q, row.id, c);
    return myCommentView((await commentById(q, row.id))!, clock.now());
  });
}

export async function withdrawComment(db: Database, id: number | null, user: AuthUser): Promise<{ id: number }> {
  return withTransaction(db, async (q) => {
    const row = await ownEditable(q, id, user);
    await deleteComment(q, row.id);
    return { id: row.id };
  });
}

async function lockedComment(q: Query, id: number | null): Promise<CommentRow> {
  const row = id === null ? null : await commentById(q, id, true);
  if (!row) throw notFound(M.commentNotFound);
  return row;
}

/** The office's 处理意见; the commenter is told the outcome in an in-site message committed with it. */
export async function decideComment(
  db: Database,
  id: number | null,
  decision: CommentDecision,
  reason: string,
  actor: AuthUser,
): Promise<CommentRow> {
  return withTransaction(db, async (q) => {
    const row = await lockedComment(q, id);
    const why = clean(reason) || null;
    await setDecision(q, row.id, decision, why, actor.id);
    await writeAudit(q, {
      actorId: actor.id,
      action: 'consultation.decide',
      targetType: 'consultation_comment',
      targetId: row.id,
      detail: { draftId: row.draft_id, decision: [row.decision, decision], reason: why },
    });
    await insertMessage(q, {
      userId: row.user_id,
      kind: 'system',
      title: `您对《${row.project_name}》的意见已处理：${COMMENT_DECISION_LABELS[decision]}`,
      body: `章条 ${row.clause}：${outcomeText(decision, why)}`,
      link: `/consultation-detail?id=${row.draft_id}`,
      refType: 'consultation_comment',
      refId: row.id,
    });
    return (await commentById(q, row.id))!;
  });
}

export async function assignComment(
  db: Database,
  id: number | null,
  assigneeId: number | null,
  isStaff: (id: number) => Promise<boolean>,
  actor: AuthUser,
): Promise<CommentRow> {
  if (assigneeId !== null && !(await isStaff(assigneeId))) throw badRequest(M.notStaff);
  return withTransaction(db, async (q) => {
    const row = await lockedComment(q, id);
    await setAssignee(q, row.id, assigneeId);
    await writeAudit(q, {
      actorId: actor.id,
      action: 'consultation.assign',
      targetType: 'consultation_comment',
      targetId: row.id,
      detail: { draftId: row.draft_id, assignee: [row.assignee_id, assigneeId] },
    });
    return (await commentById(q, row.id))!;
  });
}

export { visibleNow };
