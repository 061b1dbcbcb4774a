import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { aesDecrypt } from '../../lib/aes.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { writeAudit } from '../audit/index.ts';
import { withTransaction } from '../../db/tx.ts';
import { assertNotLocked, clearFailures, recordFailure } from '../auth/index.ts';
import { AuthMessages } from '../auth/index.ts';
import { eraseUser, failedLoginsExportOf, findById, sessionsExportOf, userDatesOf } from '../auth/index.ts';
import {
  anonymiseCertificationsOf,
  certificationsExportOf,
  currentCertification,
  licenceFileInUse,
} from '../certification/index.ts';
import { applicationFileInUse, applicationsExportOf, closeApplicationsOf } from '../applications/index.ts';
import { collectionsExportOf, deleteCollectionsOf } from '../collections/index.ts';
import { deleteProductStandardsOf } from '../product-standards/index.ts';
import { deleteDownloadHistoryOf, deleteUnreferencedUploads, downloadsExportOf, filesExportOf } from '../files/index.ts';
import { deleteMessagesOf, messagesExportOf } from '../messages/index.ts';
import { questionsExportOf } from '../interaction/index.ts';
import { iso } from '../../lib/iso.ts';

export async function profileOf(db: Database, userId: number) {
  const user = await findById(db, userId);
  if (!user) throw notFound('用户不存在');
  const row = await userDatesOf(db, userId);
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
  const profile = await profileOf(db, userId);
  const collections = await collectionsExportOf(db, userId);
  const applications = await applicationsExportOf(db, userId);
  const messages = await messagesExportOf(db, userId);
  const certifications = await certificationsExportOf(db, userId);
  const files = await filesExportOf(db, userId);
  const sessions = await sessionsExportOf(db, userId);
  const failedLogins = await failedLoginsExportOf(db, userId);
  const downloads = await downloadsExportOf(db, userId);
  const questions = await questionsExportOf(db, userId);
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
    questions,
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
    await eraseUser(q, userId, placeholder);
    await deleteMessagesOf(q, userId);
    await deleteCollectionsOf(q, userId);
    await deleteProductStandardsOf(q, userId);
    await deleteDownloadHistoryOf(q, userId);
    // Live applications end with the account (nobody could be contacted about them); the seats of sign-ups are freed.
    const withdrawn = await closeApplicationsOf(q, userId);
    await anonymiseCertificationsOf(q, userId);
    // Uploads that no retained record references are personal data without a purpose: delete them.
    const files = await deleteUnreferencedUploads(q, userId, [applicationFileInUse, licenceFileInUse]);
    await writeAudit(q, {
      actorId: userId,
      action: 'account.delete',
      targetType: 'user',
      targetId: userId,
      detail: { withdrawnApplications: withdrawn, deletedFiles: files.length },
    });
    return files;
  });
  await clearFailures(app, userId);
  for (const f of removedFiles) {
    await fs.promises.rm(path.resolve(app.config.filesDir, f.storage_path), { force: true }).catch(() => {});
  }
  return null;
}
