import crypto from 'node:crypto';
import type { Database, Query } from '../../db/client.ts';
import type { Mailer } from './types.ts';

/** How long a verification link works. */
export const VERIFY_TTL_HOURS = 48;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Records `email` as the user's unverified address and mails it a verification link (issue 27: nothing else is
 * sent to an address before its owner clicks). Only the token's hash is stored. Returns whether a mail was sent
 * (false when email is off: the address waits, unverified, until it is set again with email on).
 */
export async function requestVerification(
  db: Database,
  mailer: Mailer,
  siteUrl: string,
  userId: number,
  email: string,
): Promise<boolean> {
  // The address already verified, saved again: nothing to prove, nothing to mail.
  const [same] = await db.query<{ verified: boolean }>(
    'select verified_at is not null as verified from email_addresses where user_id = $1 and lower(email) = lower($2)',
    [userId, email],
  );
  if (same?.verified) return false;
  const token = crypto.randomBytes(24).toString('base64url');
  await db.query(
    `insert into email_addresses (user_id, email, verified_at, token_hash, token_expires_at)
     values ($1, $2, null, $3, now() + make_interval(hours => $4))
     on conflict (user_id) do update set email = excluded.email, verified_at = null,
       token_hash = excluded.token_hash, token_expires_at = excluded.token_expires_at, created_at = now()`,
    [userId, email, sha256(token), VERIFY_TTL_HOURS],
  );
  if (!mailer.enabled) return false;
  // A page of the web app (/email-verify), which confirms through the API and says so in Chinese.
  const link = `${siteUrl}/email-verify?token=${token}`;
  await mailer.send({
    to: email,
    subject: '请验证您的邮箱地址',
    text:
      `您好：\n\n您在标准服务平台设置了此邮箱地址。请在 ${VERIFY_TTL_HOURS} 小时内打开以下链接完成验证：\n\n${link}\n\n` +
      '验证之前，平台不会向此地址发送任何其他邮件。如非本人操作，请忽略本邮件。\n',
    html:
      `<p>您好：</p><p>您在标准服务平台设置了此邮箱地址。请在 ${VERIFY_TTL_HOURS} 小时内点击以下链接完成验证：</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      '<p>验证之前，平台不会向此地址发送任何其他邮件。如非本人操作，请忽略本邮件。</p>',
  });
  return true;
}

/** Verifies the address whose link carries `token` (no login: the link itself is the proof); null if unknown or expired. */
export async function verifyEmailToken(db: Database, token: string): Promise<{ userId: number; email: string } | null> {
  const [row] = await db.query<{ user_id: number; email: string }>(
    `update email_addresses set verified_at = now(), token_hash = null, token_expires_at = null
      where token_hash = $1 and token_expires_at > now() returning user_id, email`,
    [sha256(token)],
  );
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** The address a user set through the set-email call and whether it is verified (null if none). */
export async function addressOf(q: Query, userId: number): Promise<{ email: string; verified: boolean } | null> {
  const [row] = await q<{ email: string; verified: boolean }>(
    'select email, verified_at is not null as verified from email_addresses where user_id = $1',
    [userId],
  );
  return row ?? null;
}

/** The verified address of each of these users that has one. */
/** SQL condition: the user of the id column `col` has a verified address (alerts queue mails only for them). */
export const verifiedAddressSql = (col: string) =>
  `exists (select 1 from email_addresses ea where ea.user_id = ${col} and ea.verified_at is not null)`;

export async function verifiedAddresses(q: Query, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await q<{ user_id: number; email: string }>(
    'select user_id, email from email_addresses where user_id = any($1::int[]) and verified_at is not null',
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.email]));
}
