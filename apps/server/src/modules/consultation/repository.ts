import type { CommentDecision, ConsultationFile, ConsultationKind, ContentStatus } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import type { Query } from '../../db/tx.ts';

/** SQL of the two tables this module owns (decisions/0081). Times are bound as ISO text from lib/clock. */

export interface DraftRow {
  id: number;
  project_name: string;
  plan_no: string;
  kind: ConsultationKind;
  drafting_units: string;
  responsible_unit: string;
  contact: string;
  draft_file: ConsultationFile | null;
  explanation_file: ConsultationFile | null;
  starts_at: Date | string;
  deadline: Date | string;
  status: ContentStatus;
  published_at: Date | string | null;
  publish_request_at: Date | string | null;
  returned_reason: string | null;
  table_published: boolean;
  updated_at: Date | string;
  comment_count: number;
  unprocessed: number;
}

export interface DraftFields {
  projectName: string;
  planNo: string;
  kind: ConsultationKind;
  draftingUnits: string;
  responsibleUnit: string;
  contact: string;
  draftFile: ConsultationFile | null;
  explanationFile: ConsultationFile | null;
  startsAt: string;
  deadline: string;
}

const DRAFT_COLUMNS = `d.id, d.project_name, d.plan_no, d.kind, d.drafting_units, d.responsible_unit, d.contact, d.draft_file,
  d.explanation_file, d.starts_at, d.deadline, d.status, d.published_at, d.publish_request_at, d.returned_reason,
  d.table_published, d.updated_at,
  (select count(*)::int from consultation_comments c where c.draft_id = d.id) as comment_count,
  (select count(*)::int from consultation_comments c where c.draft_id = d.id and c.decision is null) as unprocessed`;

/** Visible to visitors: published, or scheduled and its time has come (no job needed to flip it). */
export const VISIBLE = (nowParam: string) =>
  `(d.status = 'published' or (d.status = 'scheduled' and d.published_at <= ${nowParam}::timestamptz))`;

/**
 * The drafts visitors see now, as SQL for other modules to read from (the alerts module's job): id, project_name,
 * plan_no, drafting_units, responsible_unit, deadline. `nowParam` is a placeholder bound to the ISO time.
 */
export const visibleDraftsSql = (nowParam: string) =>
  `select d.id, d.project_name, d.plan_no, d.drafting_units, d.responsible_unit, d.deadline
     from consultation_drafts d where ${VISIBLE(nowParam)}`;

export async function insertDraft(q: Query, f: DraftFields, actorId: number): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into consultation_drafts (project_name, plan_no, kind, drafting_units, responsible_unit, contact, draft_file,
       explanation_file, starts_at, deadline, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::timestamptz, $10::timestamptz, $11, $11) returning id`,
    [...fieldValues(f), actorId],
  );
  return row!.id;
}

function fieldValues(f: DraftFields): unknown[] {
  return [
    f.projectName,
    f.planNo,
    f.kind,
    f.draftingUnits,
    f.responsibleUnit,
    f.contact,
    f.draftFile ? JSON.stringify(f.draftFile) : null,
    f.explanationFile ? JSON.stringify(f.explanationFile) : null,
    f.startsAt,
    f.deadline,
  ];
}

export async function updateDraftFields(q: Query, id: number, f: DraftFields, actorId: number): Promise<void> {
  await q(
    `update consultation_drafts set project_name = $2, plan_no = $3, kind = $4, drafting_units = $5, responsible_unit = $6,
       contact = $7, draft_file = $8::jsonb, explanation_file = $9::jsonb, starts_at = $10::timestamptz,
       deadline = $11::timestamptz, updated_by = $12, updated_at = now() where id = $1`,
    [id, ...fieldValues(f), actorId],
  );
}

export async function draftById(q: Query, id: number, lock = false): Promise<DraftRow | null> {
  const rows = await q<DraftRow>(
    `select ${DRAFT_COLUMNS} from consultation_drafts d where d.id = $1${lock ? ' for update of d' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function setDraftStatus(
  q: Query,
  id: number,
  s: { status: ContentStatus; publishedAt?: string | null; requestAt?: string | null; returnedReason?: string | null },
  actorId: number | null,
): Promise<void> {
  await q(
    `update consultation_drafts set status = $2,
       published_at = case when $3::boolean then $4::timestamptz else published_at end,
       publish_request_at = $5::timestamptz, returned_reason = $6, updated_by = $7, updated_at = now() where id = $1`,
    [id, s.status, s.publishedAt !== undefined, s.publishedAt ?? null, s.requestAt ?? null, s.returnedReason ?? null, actorId],
  );
}

export async function setTablePublished(q: Query, id: number, on: boolean): Promise<void> {
  await q('update consultation_drafts set table_published = $2, updated_at = now() where id = $1', [id, on]);
}

export interface DraftFilter {
  state?: 'open' | 'closed' | 'all';
  kind?: ConsultationKind;
  year?: number;
  keyword?: string;
  status?: ContentStatus;
  page: number;
  size: number;
}

/** A page of drafts: the public list (visible only) or the console's (any state). */
export async function listDrafts(db: Database, f: DraftFilter, now: string, publicOnly: boolean) {
  const params: unknown[] = [now];
  // $1 (now) is always named, so both engines know its type even in the console's list.
  const where = publicOnly ? [VISIBLE('$1')] : ['$1::timestamptz is not null'];
  if (f.state === 'open') where.push('d.starts_at <= $1::timestamptz and d.deadline > $1::timestamptz');
  if (f.state === 'closed') where.push('d.deadline <= $1::timestamptz');
  if (f.kind) where.push(`d.kind = $${params.push(f.kind)}`);
  if (f.year) where.push(`extract(year from d.starts_at at time zone 'Asia/Shanghai') = $${params.push(f.year)}`);
  if (f.status) where.push(`d.status = $${params.push(f.status)}`);
  if (f.keyword) {
    const p = params.push(`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(d.project_name ilike $${p} or d.plan_no ilike $${p} or d.drafting_units ilike $${p})`);
  }
  const cond = where.join(' and ');
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from consultation_drafts d where ${cond}`,
    params,
  )) as [{ total: number }];
  const order = publicOnly ? '(d.deadline > $1::timestamptz) desc, d.deadline desc, d.id desc' : 'd.updated_at desc, d.id desc';
  const rows = await db.query<DraftRow>(
    `select ${DRAFT_COLUMNS} from consultation_drafts d where ${cond} order by ${order}
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, f.size, (f.page - 1) * f.size],
  );
  return { total, page: f.page, size: f.size, rows };
}

export interface CommentRow {
  id: number;
  draft_id: number;
  project_name: string;
  user_id: number;
  enterprise_name: string | null;
  clause: string;
  content: string;
  suggestion: string;
  reason: string;
  attachment: { fileId: number; name: string } | null;
  decision: CommentDecision | null;
  decision_reason: string | null;
  assignee_id: number | null;
  processed_at: Date | string | null;
  deadline: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COMMENT_COLUMNS = `c.id, c.draft_id, d.project_name, c.user_id, c.enterprise_name, c.clause, c.content, c.suggestion,
  c.reason, c.attachment, c.decision, c.decision_reason, c.assignee_id, c.processed_at, d.deadline, c.created_at, c.updated_at`;
const COMMENT_FROM = 'consultation_comments c join consultation_drafts d on d.id = c.draft_id';

export interface NewComment {
  clause: string;
  content: string;
  suggestion: string;
  reason: string;
  attachment: { fileId: number; name: string } | null;
}

export async function insertComments(
  q: Query,
  draftId: number,
  userId: number,
  enterpriseName: string | null,
  comments: NewComment[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const c of comments) {
    const [row] = await q<{ id: number }>(
      `insert into consultation_comments (draft_id, submission_id, user_id, enterprise_name, clause, content, suggestion, reason, attachment)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) returning id`,
      [
        draftId,
        ids[0] ?? null,
        userId,
        enterpriseName,
        c.clause,
        c.content,
        c.suggestion,
        c.reason,
        c.attachment ? JSON.stringify(c.attachment) : null,
      ],
    );
    ids.push(row!.id);
  }
  // The first comment names its own submission too.
  await q('update consultation_comments set submission_id = $1 where id = $1', [ids[0]]);
  return ids;
}

export async function countUserComments(q: Query, draftId: number, userId: number): Promise<number> {
  const [r] = await q<{ n: number }>(
    'select count(*)::int as n from consultation_comments where draft_id = $1 and user_id = $2',
    [draftId, userId],
  );
  return r!.n;
}

export async function commentById(q: Query, id: number, lock = false): Promise<CommentRow | null> {
  const rows = await q<CommentRow>(
    `select ${COMMENT_COLUMNS} from ${COMMENT_FROM} where c.id = $1${lock ? ' for update of c' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function commentsOfDraft(q: Query, draftId: number, userId?: number): Promise<CommentRow[]> {
  return q<CommentRow>(
    `select ${COMMENT_COLUMNS} from ${COMMENT_FROM} where c.draft_id = $1 ${userId === undefined ? '' : 'and c.user_id = $2'}
      order by c.id`,
    userId === undefined ? [draftId] : [draftId, userId],
  );
}

export async function commentsOfUser(db: Database, userId: number, f: { page: number; size: number }) {
  const [{ total }] = (await db.query<{ total: number }>(
    'select count(*)::int as total from consultation_comments where user_id = $1',
    [userId],
  )) as [{ total: number }];
  const rows = await db.query<CommentRow>(
    `select ${COMMENT_COLUMNS} from ${COMMENT_FROM} where c.user_id = $1 order by c.id desc limit $2 offset $3`,
    [userId, f.size, (f.page - 1) * f.size],
  );
  return { total, page: f.page, size: f.size, rows };
}

export async function updateComment(q: Query, id: number, c: NewComment): Promise<void> {
  await q(
    `update consultation_comments set clause = $2, content = $3, suggestion = $4, reason = $5, attachment = $6::jsonb,
       updated_at = now() where id = $1`,
    [id, c.clause, c.content, c.suggestion, c.reason, c.attachment ? JSON.stringify(c.attachment) : null],
  );
}

export async function deleteComment(q: Query, id: number): Promise<void> {
  await q('delete from consultation_comments where id = $1', [id]);
}

export async function setDecision(
  q: Query,
  id: number,
  decision: CommentDecision,
  reason: string | null,
  actorId: number,
): Promise<void> {
  await q(
    `update consultation_comments set decision = $2, decision_reason = $3, processed_by = $4, processed_at = now()
      where id = $1`,
    [id, decision, reason, actorId],
  );
}

export async function setAssignee(q: Query, id: number, assigneeId: number | null): Promise<void> {
  await q('update consultation_comments set assignee_id = $2 where id = $1', [id, assigneeId]);
}

/** Published drafts whose comment period has ended with comments still undecided. */
export async function countOverdueDrafts(db: Database, now: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from consultation_drafts d
      where ${VISIBLE('$1')} and d.deadline <= $1::timestamptz
        and exists (select 1 from consultation_comments c where c.draft_id = d.id and c.decision is null)`,
    [now],
  );
  return r!.n;
}

/** Undecided comments on drafts whose period has ended (the dashboard's to-do figure). */
export async function countWaitingComments(db: Database, now: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from consultation_comments c join consultation_drafts d on d.id = c.draft_id
      where c.decision is null and d.deadline <= $1::timestamptz`,
    [now],
  );
  return r!.n;
}
