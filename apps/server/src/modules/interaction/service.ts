import { InteractionMessages as M, QUESTION_RATING_LABELS, type QuestionCategory, type QuestionRating } from '@zs/shared';
import { stripControlChars } from '@zs/shared/control-chars';
import type { Database } from '../../db/client.ts';
import { withTransaction, type Query } from '../../db/tx.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { clock } from '../../lib/clock.ts';
import type { AuthUser } from '../../lib/principal.ts';
import { writeAudit } from '../audit/index.ts';
import { attachFile } from '../files/index.ts';
import { insertMessage } from '../messages/index.ts';
import { deadlineOf } from './calendar.ts';
import { insertQuestion, questionById, setAnswer, setAssignee, setForward, setRating, type QuestionRow } from './repository.ts';

/** Stored as typed (plain text, shown escaped everywhere), without control characters. */
const clean = (s: string) => stripControlChars(s, { keepLines: true }).trim();
const nowIso = () => new Date(clock.now()).toISOString();

export interface AskInput {
  category: QuestionCategory;
  title: string;
  content: string;
  isPublic: boolean;
  attachmentId: number | null;
}

export async function ask(db: Database, user: AuthUser, f: AskInput): Promise<QuestionRow> {
  let attachment: { fileId: number; name: string } | null = null;
  if (f.attachmentId !== null) {
    // The files module's check: an upload of this user's own (already type-sniffed and size-limited on upload).
    const meta = await attachFile(db, user.id, f.attachmentId).catch(() => {
      throw badRequest(M.attachment);
    });
    attachment = { fileId: meta.id, name: meta.name };
  }
  return withTransaction(db, async (q) => {
    const at = clock.now();
    const id = await insertQuestion(q, {
      userId: user.id,
      category: f.category,
      title: clean(f.title),
      content: clean(f.content),
      isPublic: f.isPublic,
      attachment,
      createdAt: new Date(at).toISOString(),
      deadline: await deadlineOf(q, at),
    });
    return (await questionById(q, id))!;
  });
}

async function locked(q: Query, id: number | null): Promise<QuestionRow> {
  const row = id === null ? null : await questionById(q, id, true);
  if (!row) throw notFound(M.notFound);
  return row;
}

/** The asker rates an answered question once; another user's question answers as missing. */
export async function rate(db: Database, id: number | null, user: AuthUser, rating: QuestionRating): Promise<QuestionRow> {
  return withTransaction(db, async (q) => {
    const row = await locked(q, id);
    if (row.user_id !== user.id) throw notFound(M.notFound);
    if (row.state !== 'answered') throw badRequest(M.notAnswered);
    if (row.rating !== null) throw badRequest(M.rated);
    await setRating(q, row.id, rating, nowIso());
    return (await questionById(q, row.id))!;
  });
}

export async function assign(
  db: Database,
  id: number | null,
  assigneeId: number | null,
  staff: Array<{ id: number }>,
  actor: AuthUser,
): Promise<QuestionRow> {
  if (assigneeId !== null && !staff.some((s) => s.id === assigneeId)) throw badRequest(M.notStaff);
  return withTransaction(db, async (q) => {
    const row = await locked(q, id);
    if (row.state === 'answered') throw badRequest(M.answered);
    await setAssignee(q, row.id, assigneeId);
    await writeAudit(q, {
      actorId: actor.id,
      action: 'question.assign',
      targetType: 'question',
      targetId: row.id,
      detail: { assigneeId },
    });
    return (await questionById(q, row.id))!;
  });
}

/** The office's answer; the asker is told in an in-site message committed with it. */
export async function answer(db: Database, id: number | null, text: string, actor: AuthUser): Promise<QuestionRow> {
  return withTransaction(db, async (q) => {
    const row = await locked(q, id);
    if (row.state === 'answered') throw badRequest(M.answered);
    await setAnswer(q, row.id, clean(text), actor.id, nowIso());
    await writeAudit(q, { actorId: actor.id, action: 'question.answer', targetType: 'question', targetId: row.id });
    await insertMessage(q, {
      userId: row.user_id,
      kind: 'system',
      title: `您的咨询“${row.title}”已答复`,
      body: `请在用户中心“我的咨询”查看答复，并评价（${Object.values(QUESTION_RATING_LABELS).join(' / ')}）。`,
      link: '/my-question',
      refType: 'question',
      refId: row.id,
    });
    return (await questionById(q, row.id))!;
  });
}

/** 转办: the question goes to another unit; the asker is told which one. */
export async function forward(
  db: Database,
  id: number | null,
  f: { unit: string; note: string },
  actor: AuthUser,
): Promise<QuestionRow> {
  return withTransaction(db, async (q) => {
    const row = await locked(q, id);
    if (row.state === 'answered') throw badRequest(M.answered);
    await setForward(q, row.id, clean(f.unit), clean(f.note), nowIso());
    await writeAudit(q, {
      actorId: actor.id,
      action: 'question.forward',
      targetType: 'question',
      targetId: row.id,
      detail: { unit: f.unit },
    });
    await insertMessage(q, {
      userId: row.user_id,
      kind: 'system',
      title: `您的咨询“${row.title}”已转办`,
      body: `已转交${clean(f.unit)}办理。${clean(f.note)}`.trim(),
      link: '/my-question',
      refType: 'question',
      refId: row.id,
    });
    return (await questionById(q, row.id))!;
  });
}
