import type { QuestionCategory, QuestionRating, QuestionState } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import type { Query } from '../../db/tx.ts';

/** SQL of the tables this module owns (decisions/0082). Times are bound as ISO text from lib/clock. */

export interface QuestionRow {
  id: number;
  user_id: number;
  category: QuestionCategory;
  title: string;
  content: string;
  is_public: boolean;
  attachment: { fileId: number; name: string } | null;
  state: QuestionState;
  deadline: Date | string;
  assignee_id: number | null;
  answer: string | null;
  answered_by: number | null;
  answered_at: Date | string | null;
  forward_unit: string | null;
  forward_note: string | null;
  rating: QuestionRating | null;
  created_at: Date | string;
}

const COLUMNS = `q.id, q.user_id, q.category, q.title, q.content, q.is_public, q.attachment, q.state, q.deadline, q.assignee_id,
  q.answer, q.answered_by, q.answered_at, q.forward_unit, q.forward_note, q.rating, q.created_at`;

export interface NewQuestion {
  userId: number;
  category: QuestionCategory;
  title: string;
  content: string;
  isPublic: boolean;
  attachment: { fileId: number; name: string } | null;
  createdAt: string;
  deadline: string;
}

export async function insertQuestion(q: Query, n: NewQuestion): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into interaction_questions (user_id, category, title, content, is_public, attachment, created_at, updated_at, deadline)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, $7::timestamptz, $8::timestamptz) returning id`,
    [
      n.userId,
      n.category,
      n.title,
      n.content,
      n.isPublic,
      n.attachment ? JSON.stringify(n.attachment) : null,
      n.createdAt,
      n.deadline,
    ],
  );
  return row!.id;
}

export async function questionById(q: Query, id: number, lock = false): Promise<QuestionRow | null> {
  const rows = await q<QuestionRow>(
    `select ${COLUMNS} from interaction_questions q where q.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface QuestionFilter {
  /** Public list: answered public questions only. */
  published?: boolean;
  userId?: number;
  state?: QuestionState;
  /** Open questions whose deadline has passed at this instant. */
  overdueAt?: string;
  category?: QuestionCategory;
  keyword?: string;
  page: number;
  size: number;
}

export async function listQuestions(db: Database, f: QuestionFilter) {
  const params: unknown[] = [];
  const where = ['true'];
  if (f.published) where.push(`q.state = 'answered' and q.is_public`);
  if (f.userId !== undefined) where.push(`q.user_id = $${params.push(f.userId)}`);
  if (f.state) where.push(`q.state = $${params.push(f.state)}`);
  if (f.overdueAt) where.push(`q.state in ('pending', 'processing') and q.deadline <= $${params.push(f.overdueAt)}::timestamptz`);
  if (f.category) where.push(`q.category = $${params.push(f.category)}`);
  if (f.keyword) {
    const p = params.push(likeOf(f.keyword));
    where.push(`(q.title ilike $${p} or q.content ilike $${p}${f.published ? ` or q.answer ilike $${p}` : ''})`);
  }
  const cond = where.join(' and ');
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from interaction_questions q where ${cond}`,
    params,
  )) as [{ total: number }];
  // The office's queue: open questions first, the nearest deadline on top; elsewhere newest first.
  const order = f.published
    ? 'q.answered_at desc, q.id desc'
    : f.userId !== undefined
      ? 'q.id desc'
      : `(q.state in ('pending', 'processing')) desc, q.deadline asc, q.id desc`;
  const rows = await db.query<QuestionRow>(
    `select ${COLUMNS} from interaction_questions q where ${cond} order by ${order}
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, f.size, (f.page - 1) * f.size],
  );
  return { total, page: f.page, size: f.size, rows };
}

export async function setAssignee(q: Query, id: number, assigneeId: number | null): Promise<void> {
  await q(
    `update interaction_questions set assignee_id = $2,
       state = case when state = 'pending' and $2::int is not null then 'processing' else state end, updated_at = now()
     where id = $1`,
    [id, assigneeId],
  );
}

export async function setAnswer(q: Query, id: number, answer: string, actorId: number, at: string): Promise<void> {
  await q(
    `update interaction_questions set state = 'answered', answer = $2, answered_by = $3, answered_at = $4::timestamptz,
       updated_at = now() where id = $1`,
    [id, answer, actorId, at],
  );
}

export async function setForward(q: Query, id: number, unit: string, note: string, at: string): Promise<void> {
  await q(
    `update interaction_questions set state = 'forwarded', forward_unit = $2, forward_note = $3, forwarded_at = $4::timestamptz,
       updated_at = now() where id = $1`,
    [id, unit, note, at],
  );
}

export async function setRating(q: Query, id: number, rating: QuestionRating, at: string): Promise<void> {
  await q('update interaction_questions set rating = $2, rated_at = $3::timestamptz, updated_at = now() where id = $1', [
    id,
    rating,
    at,
  ]);
}

export async function countOverdue(db: Database, now: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from interaction_questions where state in ('pending', 'processing') and deadline <= $1::timestamptz`,
    [now],
  );
  return row?.n ?? 0;
}

/** Open questions (their deadlines follow a calendar the office changes). */
export async function openQuestions(q: Query): Promise<Array<{ id: number; created_at: Date | string }>> {
  return q(`select id, created_at from interaction_questions where state in ('pending', 'processing') for update`);
}

export async function setDeadline(q: Query, id: number, deadline: string): Promise<void> {
  await q('update interaction_questions set deadline = $2::timestamptz where id = $1', [id, deadline]);
}

/** Test and demo aid (dev module only): moves a question's submission and deadline back by `days`. */
export async function ageQuestion(db: Database, id: number, days: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `update interaction_questions set created_at = created_at - make_interval(days => $2::int),
       deadline = deadline - make_interval(days => $2::int) where id = $1 returning id`,
    [id, days],
  );
  return rows.length > 0;
}

// ---- answer templates ----

export interface TemplateRow {
  id: number;
  title: string;
  body: string;
  updated_at: Date | string;
}

export const listTemplates = (db: Database) =>
  db.query<TemplateRow>('select id, title, body, updated_at from interaction_templates order by title, id');

export async function insertTemplate(db: Database, title: string, body: string, actorId: number): Promise<TemplateRow> {
  const [row] = await db.query<TemplateRow>(
    `insert into interaction_templates (title, body, updated_by) values ($1, $2, $3) returning id, title, body, updated_at`,
    [title, body, actorId],
  );
  return row!;
}

export async function updateTemplate(db: Database, id: number, title: string, body: string, actorId: number) {
  const [row] = await db.query<TemplateRow>(
    `update interaction_templates set title = $2, body = $3, updated_by = $4, updated_at = now() where id = $1
     returning id, title, body, updated_at`,
    [id, title, body, actorId],
  );
  return row ?? null;
}

export async function deleteTemplate(db: Database, id: number): Promise<boolean> {
  return (await db.query('delete from interaction_templates where id = $1 returning id', [id])).length > 0;
}

// ---- working-day calendar ----

export interface CalendarYearRow {
  year: number;
  updated_at: Date | string;
}

export async function calendarYears(q: Query, years: number[]): Promise<CalendarYearRow[]> {
  return q<CalendarYearRow>('select year, updated_at from interaction_calendar_years where year = any($1::int[])', [years]);
}

export async function calendarDays(q: Query, years: number[]): Promise<Array<{ day: string; kind: 'holiday' | 'workday' }>> {
  return q(
    `select to_char(day, 'YYYY-MM-DD') as day, kind from interaction_calendar_days where year = any($1::int[]) order by day`,
    [years],
  );
}

export async function replaceCalendarYear(
  q: Query,
  year: number,
  holidays: string[],
  workdays: string[],
  actorId: number,
): Promise<void> {
  await q(
    `insert into interaction_calendar_years (year, updated_by, updated_at) values ($1, $2, now())
     on conflict (year) do update set updated_by = excluded.updated_by, updated_at = now()`,
    [year, actorId],
  );
  await q('delete from interaction_calendar_days where year = $1', [year]);
  const days = [...holidays.map((d) => [d, 'holiday']), ...workdays.map((d) => [d, 'workday'])];
  if (days.length)
    await q(
      `insert into interaction_calendar_days (day, year, kind)
       select u.day::date, $1, u.kind from unnest($2::text[], $3::text[]) as u (day, kind)`,
      [year, days.map((d) => d[0]), days.map((d) => d[1])],
    );
}

/** The user's questions for the personal data export (account module). */
export async function questionsExportOf(db: Database, userId: number) {
  return db.query<{
    id: number;
    category: string;
    title: string;
    content: string;
    is_public: boolean;
    state: string;
    answer: string | null;
    rating: string | null;
    created_at: Date | string;
    answered_at: Date | string | null;
  }>(
    `select id, category, title, content, is_public, state, answer, rating, created_at, answered_at
       from interaction_questions where user_id = $1 order by id`,
    [userId],
  );
}
