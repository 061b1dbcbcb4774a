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
import { paged } from '../../db/paged.ts';
import { iso } from '../../lib/iso.ts';

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
  const files = await db.query<{ id: number; name: string; size: number; mime: string }>(
    `select f.id, f.original_name as name, f.size, f.mime from application_files af join files f on f.id = af.file_id
      where af.application_id = $1 order by f.id`,
    [id],
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
