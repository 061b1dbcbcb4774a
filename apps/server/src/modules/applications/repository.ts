import { countCreatedSince, createdPerDay } from '../../db/recent.ts';
import {
  APPLICATION_KIND_LABELS,
  APPLICATION_STATUS_LABELS,
  WITHDRAWABLE_STATUSES,
  type ApplicationKind,
  type ApplicationStatus,
} from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/envelope.ts';
import { cstDay } from '../../db/rate-limit.ts';
import { sqlState, UNIQUE_VIOLATION, type Query } from '../../db/tx.ts';
import { paged, type Page } from '../../db/paged.ts';
import { iso } from '../../lib/iso.ts';
import { fileMetasByIds } from '../files/index.ts';

const PREFIX: Record<ApplicationKind, string> = { brand_product: 'XS', service: 'FW', activity: 'HD', gi_product: 'DL' };

export interface NewApplication {
  userId: number;
  kind: ApplicationKind;
  refId: number | null;
  refTitle: string;
  form: Record<string, unknown>;
  dedupeKey: string;
  idempotencyKey?: string;
  fileIds?: number[];
  /** Shown when the user already has a live application for the same subject. */
  duplicateMessage: string;
}

/** Inserts the application, its files and the first timeline event (call inside a transaction). */
export async function insertApplication(q: Query, a: NewApplication): Promise<{ id: number; referenceNo: string }> {
  const [{ seq }] = (await q<{ seq: string }>("select nextval('application_ref_seq')::text as seq")) as [{ seq: string }];
  const referenceNo = `${PREFIX[a.kind]}${cstDay(clock.now()).slice(0, 4)}-${seq.padStart(6, '0')}`;
  let rows: Array<{ id: number }>;
  try {
    rows = await q<{ id: number }>(
      `insert into applications (user_id, kind, ref_id, ref_title, reference_no, form, dedupe_key, idempotency_key)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) returning id`,
      [a.userId, a.kind, a.refId, a.refTitle, referenceNo, JSON.stringify(a.form), a.dedupeKey, a.idempotencyKey ?? null],
    );
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw badRequest(a.duplicateMessage);
    throw err;
  }
  const id = rows[0]!.id;
  for (const fileId of a.fileIds ?? []) {
    await q('insert into application_files (application_id, file_id) values ($1, $2) on conflict do nothing', [id, fileId]);
  }
  await q("insert into application_events (application_id, status, note, actor_id) values ($1, 'submitted', $2, $3)", [
    id,
    '提交申请',
    a.userId,
  ]);
  return { id, referenceNo };
}

export async function findByIdempotencyKey(db: Database, userId: number, key: string) {
  const rows = await db.query<{ id: number; reference_no: string }>(
    'select id, reference_no from applications where user_id = $1 and idempotency_key = $2',
    [userId, key],
  );
  return rows[0] ? { id: rows[0].id, referenceNo: rows[0].reference_no } : null;
}

interface Row {
  id: number;
  user_id: number;
  kind: ApplicationKind;
  ref_id: number | null;
  ref_title: string | null;
  reference_no: string;
  form: Record<string, unknown>;
  status: ApplicationStatus;
  reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toSummary(r: Row) {
  return {
    id: r.id,
    kind: r.kind,
    kindName: APPLICATION_KIND_LABELS[r.kind],
    referenceNo: r.reference_no,
    refId: r.ref_id,
    refTitle: r.ref_title,
    status: r.status,
    statusName: APPLICATION_STATUS_LABELS[r.status],
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}
export type ApplicationSummary = ReturnType<typeof toSummary>;

const COLUMNS = 'id, user_id, kind, ref_id, ref_title, reference_no, form, status, reason, created_at, updated_at';

export async function listOwn(db: Database, userId: number, f: { kind?: string; status?: string; page: number; size: number }) {
  const params: unknown[] = [userId];
  const where = ['user_id = $1'];
  if (f.kind) where.push(`kind = $${params.push(f.kind)}`);
  if (f.status) where.push(`status = $${params.push(f.status)}`);
  const sql = {
    count: 'applications',
    select: `select ${COLUMNS} from applications`,
    where: where.join(' and '),
    order: 'created_at desc, id desc',
  };
  return paged(db, sql, params, f, toSummary);
}

/** One application with its timeline and files; `userId` restricts it to its owner (null: operators). */
export async function applicationDetail(db: Database, id: number, userId: number | null) {
  const rows = await db.query<Row>(`select ${COLUMNS} from applications where id = $1 and ($2::int is null or user_id = $2)`, [
    id,
    userId,
  ]);
  const r = rows[0];
  if (!r) return null;
  const events = await db.query<{ status: ApplicationStatus; note: string | null; created_at: Date | string }>(
    'select status, note, created_at from application_events where application_id = $1 order by id',
    [id],
  );
  const fileIds = await db.query<{ file_id: number }>('select file_id from application_files where application_id = $1', [id]);
  const files = await fileMetasByIds(
    db,
    fileIds.map((f) => f.file_id),
  );
  return {
    ...toSummary(r),
    userId: r.user_id,
    form: r.form,
    reason: r.reason,
    withdrawable: WITHDRAWABLE_STATUSES.includes(r.status),
    timeline: events.map((e) => ({
      status: e.status,
      statusName: APPLICATION_STATUS_LABELS[e.status],
      note: e.note,
      createdAt: iso(e.created_at),
    })),
    attachments: files,
  };
}
export type ApplicationDetail = NonNullable<Awaited<ReturnType<typeof applicationDetail>>>;

/** Applications waiting for the office (submitted, accepted, reviewing); with `staleDays`, only those untouched that long. */
export async function countOpenApplications(db: Database, staleDays?: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from applications where status in ('submitted', 'accepted', 'reviewing')
     ${staleDays === undefined ? '' : 'and updated_at < now() - make_interval(days => $1)'}`,
    staleDays === undefined ? [] : [staleDays],
  );
  return r!.n;
}

/** Applications submitted in the last `days` days. */
export async function countApplicationsSince(db: Database, days: number): Promise<number> {
  return countCreatedSince(db, 'from applications', days);
}

/** Applications submitted per day (Asia/Shanghai) over the last `days` days; days without any are left out. */
export async function applicationsPerDay(db: Database, days: number): Promise<{ day: string; count: number }[]> {
  return createdPerDay(db, 'from applications', days);
}

/** The operator's application queue: one page, oldest first (worked in arrival order), and the total. */
export async function applicationQueuePage(
  db: Database,
  f: { status?: ApplicationStatus; kind?: ApplicationKind; page: number; size: number },
): Promise<Page<Row>> {
  const params: unknown[] = [];
  const where = ['true'];
  if (f.status) where.push(`a.status = $${params.push(f.status)}`);
  if (f.kind) where.push(`a.kind = $${params.push(f.kind)}`);
  const sql = {
    count: 'applications a',
    select: `select a.id, a.user_id, a.kind, a.ref_id, a.ref_title, a.reference_no, a.form, a.status, a.reason, a.created_at, a.updated_at
       from applications a`,
    where: where.join(' and '),
    order: 'a.created_at asc, a.id asc',
  };
  return paged<Row>(db, sql, params, f);
}

/** A user's latest 200 applications and sign-ups, newest first (the operator's user detail). */
export async function applicationsOfUser(
  db: Database,
  userId: number,
): Promise<
  Array<{ id: number; kind: ApplicationKind; status: ApplicationStatus; ref_title: string | null; created_at: string }>
> {
  return db.query<{ id: number; kind: ApplicationKind; status: ApplicationStatus; ref_title: string | null; created_at: string }>(
    'select id, kind, status, ref_title, created_at from applications where user_id = $1 order by created_at desc, id desc limit 200',
    [userId],
  );
}

export interface ApplicationExport {
  id: number;
  kind: ApplicationKind;
  referenceNo: string;
  refId: number | null;
  refTitle: string | null;
  form: Record<string, unknown>;
  status: ApplicationStatus;
  reason: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  timeline: Array<{ status: string; note: string | null; createdAt: string }>;
}

/** Every application of the user with its timeline, oldest first (the personal data export). */
export async function applicationsExportOf(db: Database, userId: number): Promise<ApplicationExport[]> {
  return db.query<ApplicationExport>(
    `select id, kind, reference_no as "referenceNo", ref_id as "refId", ref_title as "refTitle", form, status, reason,
            created_at as "createdAt", updated_at as "updatedAt",
            (select coalesce(json_agg(json_build_object('status', e.status, 'note', e.note, 'createdAt', e.created_at) order by e.id), '[]'::json)
               from application_events e where e.application_id = a.id) as timeline
       from applications a where user_id = $1 order by id`,
    [userId],
  );
}

/**
 * Account deletion, inside the caller's transaction: live applications are withdrawn (nobody could be contacted
 * about them; the seats of sign-ups are freed) and every application loses its personal contact fields.
 * Returns how many were withdrawn.
 */
export async function closeApplicationsOf(q: Query, userId: number): Promise<number> {
  const live = await q<{ id: number }>(
    `update applications set status = 'withdrawn', updated_at = now()
      where user_id = $1 and status in ('submitted', 'accepted', 'reviewing') returning id`,
    [userId],
  );
  for (const a of live) {
    await q(
      `insert into application_events (application_id, status, note, actor_id) values ($1, 'withdrawn', '账号注销，申请自动撤回', null)`,
      [a.id],
    );
  }
  await q(
    `update applications set form = form - 'contactName' - 'contactMobile' - 'contactEmail' - 'email' - 'mobile'
      where user_id = $1`,
    [userId],
  );
  return live.length;
}

/** SQL: whether an application keeps the file `<fileId>` as an attachment. */
export const applicationFileInUse = (fileId: string) =>
  `exists (select 1 from application_files af where af.file_id = ${fileId})`;

/** Live sign-ups of an activity (not withdrawn or rejected), through `db` or the caller's transaction. */
export async function liveSignupCount(db: Database | Query, activityId: number): Promise<number> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  const [row] = await q<{ taken: number }>(
    "select count(*)::int as taken from applications where kind = 'activity' and ref_id = $1 and status not in ('withdrawn', 'rejected')",
    [activityId],
  );
  return row?.taken ?? 0;
}

/** The live sign-ups (submitted, accepted, under review or approved) of the given activities. */
export async function liveActivitySignups(
  db: Database,
  activityIds: number[],
): Promise<Array<{ user_id: number; activity_id: number }>> {
  if (activityIds.length === 0) return [];
  return db.query<{ user_id: number; activity_id: number }>(
    `select user_id, ref_id as activity_id from applications
      where kind = 'activity' and status in ('submitted', 'accepted', 'reviewing', 'approved') and ref_id = any($1::int[])
      order by id`,
    [activityIds],
  );
}
