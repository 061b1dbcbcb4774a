import type { Database, Query } from '../../db/client.ts';
import { paged, type Page } from '../../db/paged.ts';

/** Requests waiting for review; with `olderThanDays`, only those submitted at least that long ago. */
export async function countPendingCertifications(db: Database, olderThanDays?: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from enterprise_certifications where status = 'pending'
     ${olderThanDays === undefined ? '' : 'and submitted_at < now() - make_interval(days => $1)'}`,
    olderThanDays === undefined ? [] : [olderThanDays],
  );
  return r!.n;
}

/** Enterprise accounts with an approved certification (the data map's figure). */
export async function countCertifiedEnterprises(db: Database): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    "select count(distinct user_id)::int as n from enterprise_certifications where status = 'approved'",
  );
  return r?.n ?? 0;
}

/** One row per certified enterprise account: its latest approved certification. */
const LATEST_APPROVED = `select distinct on (user_id) id, company_name, reviewed_at from enterprise_certifications
                     where status = 'approved' order by user_id, reviewed_at desc nulls last, id desc`;

/** A page of certified enterprises (latest approval first) and their total. */
export async function certifiedEnterprisesPage(
  db: Database,
  f: { page: number; size: number },
): Promise<Page<{ id: number; company_name: string; reviewed_at: Date | null }>> {
  return paged<{ id: number; company_name: string; reviewed_at: Date | null }>(
    db,
    {
      count: `(${LATEST_APPROVED}) c`,
      select: `select id, company_name, reviewed_at from (${LATEST_APPROVED}) c`,
      where: 'true',
      order: 'reviewed_at desc nulls last, id desc',
    },
    [],
    f,
  );
}

/**
 * SQL: a lateral join giving `<alias>.company_name` and `<alias>.credit_code` of the latest approved certification
 * (latest reviewed first, as the download watermark in fulltext picks it). One definition of "the current
 * enterprise" of a user (docs/product.md §6.1) for every query.
 */
export const approvedCompanyJoin = (userId: string, alias: string) =>
  `left join lateral (select company_name, credit_code from enterprise_certifications
                       where user_id = ${userId} and status = 'approved'
                       order by reviewed_at desc nulls last, id desc limit 1) ${alias} on true`;

/** The company of each user's latest approved certification (as approvedCompanyJoin picks it), one query for a page. */
export async function approvedCompaniesOf(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.query<{ user_id: number; company_name: string }>(
    `select distinct on (user_id) user_id, company_name from enterprise_certifications
      where user_id = any($1::int[]) and status = 'approved'
      order by user_id, reviewed_at desc nulls last, id desc`,
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((r) => [r.user_id, r.company_name]));
}

/** The status of each user's latest submission (latest submitted first), one query for a page. */
export async function latestCertificationStatusesOf(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.query<{ user_id: number; status: string }>(
    `select distinct on (user_id) user_id, status from enterprise_certifications
      where user_id = any($1::int[])
      order by user_id, submitted_at desc, id desc`,
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((r) => [r.user_id, r.status]));
}

/** Every submission of a user, newest first (the operator's user detail). */
export async function certificationsOfUser(
  db: Database,
  userId: number,
): Promise<Array<{ id: number; company_name: string; status: string; submitted_at: string }>> {
  return db.query<{ id: number; company_name: string; status: string; submitted_at: string }>(
    'select id, company_name, status, submitted_at from enterprise_certifications where user_id = $1 order by submitted_at desc, id desc',
    [userId],
  );
}

/** Other accounts pending or approved with the same credit code: a hint for the reviewer. */
export async function countSameCreditCodeElsewhere(db: Database, creditCode: string, userId: number): Promise<number> {
  const [{ n }] = (await db.query<{ n: number }>(
    `select count(*)::int as n from enterprise_certifications
      where credit_code = $1 and user_id <> $2 and status in ('pending', 'approved')`,
    [creditCode, userId],
  )) as [{ n: number }];
  return n;
}

/** The user's other submissions, newest first. */
export async function earlierSubmissionsOf(
  db: Database,
  userId: number,
  exceptId: number,
): Promise<Array<{ id: number; status: string; reject_reason: string | null; submitted_at: Date | string }>> {
  return db.query<{ id: number; status: string; reject_reason: string | null; submitted_at: Date | string }>(
    'select id, status, reject_reason, submitted_at from enterprise_certifications where user_id = $1 and id <> $2 order by id desc',
    [userId, exceptId],
  );
}

export interface CertificationExport {
  id: number;
  companyName: string;
  creditCode: string;
  legalRep: string;
  contactName: string;
  contactMobile: string;
  licenceFileId: number | null;
  status: string;
  rejectReason: string | null;
  submittedAt: Date | string;
  reviewedAt: Date | string | null;
}

/** Every submission of the user, oldest first (the personal data export). */
export async function certificationsExportOf(db: Database, userId: number): Promise<CertificationExport[]> {
  return db.query<CertificationExport>(
    `select id, company_name as "companyName", credit_code as "creditCode", legal_rep as "legalRep", contact_name as "contactName",
            contact_mobile as "contactMobile", licence_file_id as "licenceFileId", status, reject_reason as "rejectReason",
            submitted_at as "submittedAt", reviewed_at as "reviewedAt"
       from enterprise_certifications where user_id = $1 order by id`,
    [userId],
  );
}

/**
 * Account deletion, inside the caller's transaction: the records stay (retention duty) without the contact
 * person, and a pending request is rejected.
 */
export async function anonymiseCertificationsOf(q: Query, userId: number): Promise<void> {
  await q(`update enterprise_certifications set contact_name = '（已注销）', contact_mobile = '' where user_id = $1`, [userId]);
  await q(
    `update enterprise_certifications set status = 'rejected', reject_reason = '账号已注销', reviewed_at = now()
            where user_id = $1 and status = 'pending'`,
    [userId],
  );
}

/** SQL: whether a certification keeps the file `<fileId>` as its licence. */
export const licenceFileInUse = (fileId: string) =>
  `exists (select 1 from enterprise_certifications c where c.licence_file_id = ${fileId})`;
