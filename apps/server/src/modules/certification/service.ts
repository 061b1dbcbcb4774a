import {
  CERTIFICATION_STATE_LABELS,
  CertificationMessages,
  ReviewMessages,
  REVIEW_REASON_MAX,
  type CertificationForm,
  type CertificationState,
} from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { paged, type Page } from '../../db/paged.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import { sqlState, UNIQUE_VIOLATION, withTransaction } from '../../db/tx.ts';
import { attachFile, fileJoin, MAX_FILE_BYTES } from '../files/index.ts';
import { insertMessage } from '../messages/index.ts';
import { iso } from '../../lib/iso.ts';
import { clock } from '../../lib/clock.ts';
import type { AuthUser } from '../../lib/principal.ts';

/** A business licence is a photo or a scan: PNG, JPEG or PDF (type sniffed from content at upload). */
const LICENCE_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

export const CertMessages = {
  pending: '您的企业认证正在审核中，请等待审核结果，审核期间不能重复提交',
  approved: '您的企业已通过认证，无需重复提交',
  notFound: '认证申请不存在',
  notPending: '该认证申请已审核，不能重复审核',
} as const;

export interface CertRow {
  id: number;
  user_id: number;
  company_name: string;
  credit_code: string;
  legal_rep: string;
  contact_name: string;
  contact_mobile: string;
  licence_file_id: number | null;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  submitted_at: Date | string;
  reviewed_at: Date | string | null;
  reviewer_id: number | null;
  licence_name: string | null;
  licence_size: number | null;
  licence_mime: string | null;
}

export const CERT_SELECT = `select c.id, c.user_id, c.company_name, c.credit_code, c.legal_rep, c.contact_name, c.contact_mobile,
    c.licence_file_id, c.status, c.reject_reason, c.submitted_at, c.reviewed_at, c.reviewer_id,
    f.original_name as licence_name, f.size as licence_size, f.mime as licence_mime
  from enterprise_certifications c ${fileJoin('f', 'c.licence_file_id')}`;

export function toCertView(r: CertRow) {
  return {
    id: r.id,
    status: r.status as CertificationState,
    statusName: CERTIFICATION_STATE_LABELS[r.status],
    companyName: r.company_name,
    creditCode: r.credit_code,
    legalRep: r.legal_rep,
    contactName: r.contact_name,
    contactMobile: r.contact_mobile,
    rejectReason: r.reject_reason,
    submittedAt: iso(r.submitted_at)!,
    reviewedAt: iso(r.reviewed_at),
    licenceFile:
      r.licence_file_id === null
        ? null
        : {
            id: r.licence_file_id,
            name: r.licence_name ?? '',
            size: r.licence_size ?? 0,
            mime: r.licence_mime ?? '',
            url: `/api/user/files/${r.licence_file_id}`,
          },
  };
}

/** The newest certification of a user (the one that counts), or null. */
async function latestOf(db: Database, userId: number): Promise<CertRow | null> {
  const rows = await db.query<CertRow>(`${CERT_SELECT} where c.user_id = $1 order by c.submitted_at desc, c.id desc limit 1`, [
    userId,
  ]);
  return rows[0] ?? null;
}

/** GET /api/user/certification: none, or the latest submission with its state and (when rejected) the reason. */
export async function currentCertification(db: Database, userId: number) {
  const row = await latestOf(db, userId);
  if (!row) {
    return { status: 'none' as const, statusName: CERTIFICATION_STATE_LABELS.none, canSubmit: true, certification: null };
  }
  return {
    status: row.status,
    statusName: CERTIFICATION_STATE_LABELS[row.status],
    canSubmit: row.status === 'rejected',
    certification: toCertView(row),
  };
}

/** Submission or resubmission after a rejection; refused while one is pending or approved. */
export async function submitCertification(db: Database, userId: number, form: CertificationForm) {
  const latest = await latestOf(db, userId);
  if (latest?.status === 'pending') throw badRequest(CertMessages.pending);
  if (latest?.status === 'approved') throw badRequest(CertMessages.approved);
  const file = await attachFile(db, userId, form.licenceFileId);
  if (!LICENCE_TYPES.has(file.mime) || file.size > MAX_FILE_BYTES) throw badRequest(CertificationMessages.licenceType);
  try {
    const rows = await db.query<{ id: number }>(
      `insert into enterprise_certifications
         (user_id, company_name, credit_code, legal_rep, contact_name, contact_mobile, licence_file_id)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [userId, form.companyName, form.creditCode, form.legalRep, form.contactName, form.contactMobile, file.id],
    );
    return { id: rows[0]!.id, status: 'pending' as const };
  } catch (err) {
    // Two submits at once: the partial unique index lets one through.
    if (sqlState(err) === UNIQUE_VIOLATION) throw badRequest(CertMessages.pending);
    throw err;
  }
}

export type CertDecision = 'approve' | 'reject';

/**
 * An operator's decision: the status change, the user's message and the audit row commit together,
 * and the row lock makes a second (concurrent) decision fail instead of sending a second message.
 */
export async function reviewCertification(db: Database, id: number, actorId: number, decision: CertDecision, reason?: string) {
  const note = reason?.trim() || null;
  if (decision === 'reject' && !note) throw badRequest(ReviewMessages.reasonRequired);
  if (note && note.length > REVIEW_REASON_MAX) throw badRequest(ReviewMessages.reasonTooLong);
  await withTransaction(db, async (q) => {
    const [row] = await q<{ user_id: number; status: string; company_name: string }>(
      'select user_id, status, company_name from enterprise_certifications where id = $1 for update',
      [id],
    );
    if (!row) throw notFound(CertMessages.notFound);
    if (row.status !== 'pending') throw badRequest(CertMessages.notPending);
    const status = decision === 'approve' ? 'approved' : 'rejected';
    await q(
      `update enterprise_certifications set status = $2, reject_reason = $3, reviewed_at = now(), reviewer_id = $4 where id = $1`,
      [id, status, decision === 'reject' ? note : null, actorId],
    );
    await insertMessage(q, {
      userId: row.user_id,
      kind: 'certification',
      title: decision === 'approve' ? '企业认证已通过' : '企业认证未通过',
      body:
        decision === 'approve'
          ? `您提交的企业认证（${row.company_name}）已审核通过，现在可以在线阅读标准全文并下载资料。${note ? `审核意见：${note}` : ''}`
          : `您提交的企业认证（${row.company_name}）未通过审核。原因：${note}。请修改后重新提交。`,
      link: '/enterprise-auth',
      refType: 'certification',
      refId: id,
    });
    await writeAudit(q, {
      actorId,
      action: `certification.${decision}`,
      targetType: 'certification',
      targetId: id,
      detail: { userId: row.user_id, companyName: row.company_name, reason: note },
    });
  });
  const rows = await db.query<CertRow>(`${CERT_SELECT} where c.id = $1`, [id]);
  return toCertView(rows[0]!);
}

/**
 * The operator's answer after an approval: warns when other accounts are already certified (or
 * waiting) with the same unified social credit code. Not refused: a group may run several accounts.
 */
export async function approvalNote(db: Database, id: number): Promise<string> {
  const [row] = await db.query<{ n: number }>(
    `select count(distinct o.user_id)::int as n from enterprise_certifications c
       join enterprise_certifications o on o.credit_code = c.credit_code and o.user_id <> c.user_id
      where c.id = $1 and o.status in ('pending', 'approved')`,
    [id],
  );
  const n = row?.n ?? 0;
  return n > 0 ? `已通过认证。注意：另有 ${n} 个账号使用同一统一社会信用代码提交或通过了认证，请核实` : '已通过认证';
}

const cstTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The stamp line of a download: company · credit code · username · CST time. Shared by the full-text downloads
 * (standards) and the training file downloads (portal).
 */
export async function watermarkIdentity(db: Database, user: AuthUser): Promise<string> {
  const [cert] = await db.query<{ credit_code: string; company_name: string }>(
    `select credit_code, company_name from enterprise_certifications
      where user_id = $1 and status = 'approved' order by reviewed_at desc nulls last, id desc limit 1`,
    [user.id],
  );
  const company = user.enterpriseName ?? cert?.company_name ?? '';
  return [company, cert?.credit_code, user.username, `${cstTime(clock.now())} 下载`].filter(Boolean).join(' · ');
}

/** One certification request with its licence file, or null. */
export async function certificationById(db: Database, id: number): Promise<CertRow | null> {
  const rows = await db.query<CertRow>(`${CERT_SELECT} where c.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The operator's review queue: one page, oldest submission first (worked in arrival order), and the total. */
export async function certificationQueuePage(
  db: Database,
  f: { status?: Exclude<CertificationState, 'none'>; page: number; size: number },
): Promise<Page<CertRow>> {
  const params: unknown[] = [];
  const cond = f.status ? `c.status = $${params.push(f.status)}` : 'true';
  return paged<CertRow>(
    db,
    { count: 'enterprise_certifications c', select: CERT_SELECT, where: cond, order: 'c.submitted_at asc, c.id asc' },
    params,
    f,
  );
}
