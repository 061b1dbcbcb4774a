import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { aesDecrypt } from '../../lib/aes.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { writeAudit } from '../audit/index.ts';
import { withTransaction, type Query } from '../../db/tx.ts';
import { assertNotLocked, clearFailures, recordFailure } from '../auth/index.ts';
import { AuthMessages } from '../auth/index.ts';
import { findById } from '../auth/index.ts';
import { currentCertification } from '../certification/index.ts';

/** Whether a table exists (collections belong to another module and may be absent in older databases). */
import { tableExists } from '../../db/tx.ts';
import { iso } from '../../lib/iso.ts';

export { tableExists };

export async function profileOf(db: Database, userId: number) {
  const user = await findById(db, userId);
  if (!user) throw notFound('用户不存在');
  const [row] = await db.query<{ created_at: Date | string; last_login_at: Date | string | null }>(
    'select created_at, last_login_at from users where id = $1',
    [userId],
  );
  const cert = await currentCertification(db, userId);
  return {
    id: user.id,
    username: user.username,
    mobile: user.mobile,
    email: user.email,
    role: user.role,
    createdAt: iso(row!.created_at)!,
    lastLoginAt: iso(row!.last_login_at),
    certification: {
      status: cert.status,
      statusName: cert.statusName,
      companyName: cert.certification?.companyName ?? null,
      rejectReason: cert.certification?.rejectReason ?? null,
    },
  };
}

/**
 * Everything the platform keeps about the user (PIPL art. 45), as one JSON document. Column lists
 * are explicit so that password hashes, token hashes and storage paths can never slip in.
 */
export async function exportOf(db: Database, userId: number) {
  const q: Query = (text, params) => db.query(text, params);
  const profile = await profileOf(db, userId);
  const collections = (await tableExists(q, 'collections'))
    ? await db.query(
        'select item_type as "itemType", item_id as "itemId", created_at as "createdAt" from collections where user_id = $1 order by created_at',
        [userId],
      )
    : [];
  const applications = await db.query(
    `select id, kind, reference_no as "referenceNo", ref_id as "refId", ref_title as "refTitle", form, status, reason,
            created_at as "createdAt", updated_at as "updatedAt",
            (select coalesce(json_agg(json_build_object('status', e.status, 'note', e.note, 'createdAt', e.created_at) order by e.id), '[]'::json)
               from application_events e where e.application_id = a.id) as timeline
       from applications a where user_id = $1 order by id`,
    [userId],
  );
  const messages = await db.query(
    `select id, kind, title, body, link, read_at as "readAt", created_at as "createdAt" from messages where user_id = $1 order by id`,
    [userId],
  );
  const certifications = await db.query(
    `select id, company_name as "companyName", credit_code as "creditCode", legal_rep as "legalRep", contact_name as "contactName",
            contact_mobile as "contactMobile", licence_file_id as "licenceFileId", status, reject_reason as "rejectReason",
            submitted_at as "submittedAt", reviewed_at as "reviewedAt"
       from enterprise_certifications where user_id = $1 order by id`,
    [userId],
  );
  const files = await db.query(
    `select id, purpose, original_name as name, mime, size, created_at as "createdAt" from files where owner_id = $1 order by id`,
    [userId],
  );
  const sessions = await db.query(
    `select created_at as "loginAt", expires_at as "expiresAt", revoked_at as "revokedAt", ip, user_agent as "userAgent"
       from auth_tokens where user_id = $1 order by id`,
    [userId],
  );
  const failedLogins = await db.query(`select failed_at as "failedAt", ip from login_failures where user_id = $1 order by id`, [
    userId,
  ]);
  const downloads = await db.query(
    `select kind, ref, created_at as "createdAt" from download_log where user_id = $1 order by id`,
    [userId],
  );
  return {
    exportedAt: new Date().toISOString(),
    platform: '中山市标准信息公共服务平台',
    profile,
    collections,
    applications,
    messages,
    certifications,
    files,
    loginHistory: { sessions, failedLogins },
    downloads,
  };
}

/** Decrypts the AES-encrypted password field like webLogin does (docs/product.md §11). */
function passwordOf(app: FastifyInstance, body: unknown): string {
  const raw = (body as { password?: unknown } | null | undefined)?.password;
  if (raw === undefined || raw === null || raw === '') throw badRequest('请输入当前密码');
  const plain = aesDecrypt(raw, app.passwordAesKey);
  if (plain === null) throw badRequest(AuthMessages.decrypt);
  return plain;
}

/**
 * Account deletion (PIPL art. 47). The user row stays (applications and certifications reference
 * it) but carries no personal data any more: username and mobile are replaced by unique
 * placeholders (so both can be registered again), email and password hash are cleared, every
 * session ends. Messages, collections, login history, download history and unattached uploads are
 * deleted. Applications and certification records stay for the operator's retention duty, with
 * their personal contact fields removed. docs/decisions/0006-user-centre.md lists it all.
 */
export async function deleteAccount(app: FastifyInstance, userId: number, body: unknown, ip: string) {
  const password = passwordOf(app, body);
  const user = await findById(app.db, userId);
  if (!user || user.status !== 'active') throw notFound('用户不存在');
  await assertNotLocked(app, userId);
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordFailure(app, userId, ip);
    throw badRequest('当前密码错误');
  }
  const placeholder = `deleted_${userId}_${crypto.randomBytes(4).toString('hex')}`;
  const removedFiles = await withTransaction(app.db, async (q) => {
    await q(
      `update users set username = $2, mobile = $2, email = null, password_hash = '!deleted', status = 'deleted',
              role = 'user', last_login_at = null, updated_at = now() where id = $1`,
      [userId, placeholder],
    );
    await q('delete from auth_tokens where user_id = $1', [userId]);
    await q('delete from login_failures where user_id = $1', [userId]);
    await q('delete from messages where user_id = $1', [userId]);
    if (await tableExists(q, 'collections')) await q('delete from collections where user_id = $1', [userId]);
    await q('delete from download_log where user_id = $1', [userId]);
    await q('delete from download_quota where user_id = $1', [userId]);
    // Live applications end with the account (nobody could be contacted about them); the seats of sign-ups are freed.
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
    await q(`update enterprise_certifications set contact_name = '（已注销）', contact_mobile = '' where user_id = $1`, [userId]);
    await q(
      `update enterprise_certifications set status = 'rejected', reject_reason = '账号已注销', reviewed_at = now()
              where user_id = $1 and status = 'pending'`,
      [userId],
    );
    // Uploads that no retained record references are personal data without a purpose: delete them.
    const files = await q<{ id: number; storage_path: string }>(
      `delete from files f where f.owner_id = $1 and f.purpose in ('attachment', 'certification')
          and not exists (select 1 from application_files af where af.file_id = f.id)
          and not exists (select 1 from enterprise_certifications c where c.licence_file_id = f.id)
        returning f.id, f.storage_path`,
      [userId],
    );
    await writeAudit(q, {
      actorId: userId,
      action: 'account.delete',
      targetType: 'user',
      targetId: userId,
      detail: { withdrawnApplications: live.length, deletedFiles: files.length },
    });
    return files;
  });
  await clearFailures(app, userId);
  for (const f of removedFiles) {
    await fs.promises.rm(path.resolve(app.config.filesDir, f.storage_path), { force: true }).catch(() => {});
  }
  return null;
}
