import {
  QUESTION_CATEGORY_LABELS,
  QUESTION_STATE_LABELS,
  type ConsoleQuestion,
  type MyQuestion,
  type PublicQuestion,
} from '@zs/shared';
import type { QuestionRow } from './repository.ts';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** What a visitor sees of an answered public question: no asker, no attachment. */
export function publicView(r: QuestionRow): PublicQuestion {
  return {
    id: r.id,
    category: r.category,
    categoryName: QUESTION_CATEGORY_LABELS[r.category],
    title: r.title,
    content: r.content,
    answer: r.answer ?? '',
    askedAt: iso(r.created_at),
    answeredAt: iso(r.answered_at ?? r.created_at),
  };
}

export function myView(r: QuestionRow): MyQuestion {
  return {
    id: r.id,
    category: r.category,
    categoryName: QUESTION_CATEGORY_LABELS[r.category],
    title: r.title,
    content: r.content,
    isPublic: r.is_public,
    attachment: r.attachment,
    state: r.state,
    stateName: QUESTION_STATE_LABELS[r.state],
    answer: r.answer,
    answeredAt: isoOrNull(r.answered_at),
    forwardUnit: r.forward_unit,
    forwardNote: r.forward_note,
    rating: r.rating,
    deadline: iso(r.deadline),
    askedAt: iso(r.created_at),
  };
}

export function consoleView(r: QuestionRow, names: Map<number, string>, now: number): ConsoleQuestion {
  const open = r.state === 'pending' || r.state === 'processing';
  return {
    ...myView(r),
    username: names.get(r.user_id) ?? `#${r.user_id}`,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_id ? (names.get(r.assignee_id) ?? `#${r.assignee_id}`) : null,
    answeredBy: r.answered_by ? (names.get(r.answered_by) ?? `#${r.answered_by}`) : null,
    overdue: open && now >= new Date(r.deadline).getTime(),
  };
}

/** The user ids a console view names. */
export const namedIds = (rows: QuestionRow[]) =>
  rows.flatMap((r) => [r.user_id, ...(r.assignee_id ? [r.assignee_id] : []), ...(r.answered_by ? [r.answered_by] : [])]);
