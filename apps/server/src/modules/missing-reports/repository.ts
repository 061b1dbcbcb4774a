import type { MissingReportRow } from '@zs/shared';
import type { Database, Query } from '../../db/client.ts';
import { paged, type Page } from '../../db/paged.ts';

export interface NewReport {
  standardNo: string;
  title: string;
  seenAt: string;
  contact: string | null;
  region: string;
  userId: number | null;
  clientIp: string;
}

export async function insertReport(db: Database, r: NewReport): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into standard_missing_reports (standard_no, title, seen_at, contact, region, user_id, client_ip)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [r.standardNo, r.title, r.seenAt, r.contact, r.region, r.userId, r.clientIp],
  );
  return row!.id;
}

/** One page of the queue for a status, the oldest first, and its total. */
export async function listReports(
  db: Database,
  status: string,
  f: { page: number; size: number },
): Promise<Page<MissingReportRow>> {
  return paged<MissingReportRow>(
    db,
    {
      count: 'standard_missing_reports',
      select: `select id, standard_no as "standardNo", title, seen_at as "seenAt", contact, region, status,
            standard_id::int as "standardId", created_at::text as "createdAt"
       from standard_missing_reports`,
      where: 'status = $1',
      order: 'created_at, id',
    },
    [status],
    f,
  );
}

/** Decides a pending report (no row: it is not pending, or does not exist). */
export async function decideReport(
  q: Query,
  d: { id: number; status: string; standardId: number | null; handledBy: number; rejectReason: string | null },
): Promise<{ id: number; user_id: number | null; standard_no: string } | null> {
  const rows = await q<{ id: number; user_id: number | null; standard_no: string }>(
    `update standard_missing_reports set status = $2, standard_id = $3, handled_by = $4, handled_at = now(), reject_reason = $5
      where id = $1 and status = 'pending' returning id, user_id, standard_no`,
    [d.id, d.status, d.standardId, d.handledBy, d.rejectReason],
  );
  return rows[0] ?? null;
}

export async function reportExists(q: Query, id: number): Promise<boolean> {
  return (await q('select 1 from standard_missing_reports where id = $1', [id])).length > 0;
}

/** Reports waiting for the office; with `olderThanDays`, only those sent at least that long ago. */
export async function countPendingReports(db: Database, olderThanDays?: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from standard_missing_reports where status = 'pending'
     ${olderThanDays === undefined ? '' : 'and created_at < now() - make_interval(days => $1)'}`,
    olderThanDays === undefined ? [] : [olderThanDays],
  );
  return r!.n;
}
