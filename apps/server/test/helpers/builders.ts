import crypto from 'node:crypto';
import CryptoJS from 'crypto-js';
import type { FastifyInstance } from 'fastify';
import { answerOf, post } from './answer.ts';
import type { Database } from '../../src/db/client.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { issueToken, type Role } from '../../src/modules/auth/tokens.ts';

export interface BuiltUser {
  id: number;
  username: string;
  mobile: string;
  password: string;
}

const dbOf = (x: Database | FastifyInstance): Database => ('exec' in x ? (x as Database) : (x as FastifyInstance).db);

let seq = 0;
/** A valid, unique username (letters and digits) and mainland mobile for each call. */
export function uniqueIdentity() {
  seq += 1;
  return {
    username: `u${crypto.randomBytes(5).toString('hex')}${seq}`,
    mobile: `13${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
  };
}

/** Inserts an active user with a hashed password; returns the plain password for logging in. */
export async function createUser(
  target: Database | FastifyInstance,
  overrides: Partial<{
    username: string;
    mobile: string;
    email: string | null;
    password: string;
    role: Role;
    status: string;
  }> = {},
): Promise<BuiltUser> {
  const db = dbOf(target);
  const id0 = uniqueIdentity();
  const username = overrides.username ?? id0.username;
  const mobile = overrides.mobile ?? id0.mobile;
  const password = overrides.password ?? `Pw#${crypto.randomBytes(4).toString('hex')}9a`;
  const rows = await db.query<{ id: number }>(
    'insert into users (username, mobile, email, password_hash, role, status) values ($1, $2, $3, $4, $5, $6) returning id',
    [
      username,
      mobile,
      overrides.email ?? null,
      await hashPassword(password),
      overrides.role ?? 'user',
      overrides.status ?? 'active',
    ],
  );
  return { id: rows[0]!.id, username, mobile, password };
}

/** A raw token for the user, issued through the token service (24 h unless ttlHours is given). */
export function loginToken(target: Database | FastifyInstance, userId: number, ttlHours = 24): Promise<string> {
  return issueToken(dbOf(target), userId, ttlHours);
}

/** Gives the user an approved enterprise certification. */
export async function certify(target: Database | FastifyInstance, userId: number, companyName: string): Promise<void> {
  await dbOf(target).query(
    `insert into enterprise_certifications
       (user_id, company_name, credit_code, legal_rep, contact_name, contact_mobile, status, reviewed_at)
     values ($1, $2, '91442000MA4UXXXX0X', '示例法人', '示例联系人', '13800000000', 'approved', now())`,
    [userId, companyName],
  );
}

export async function setRole(target: Database | FastifyInstance, userId: number, role: Role): Promise<void> {
  await dbOf(target).query('update users set role = $2 where id = $1', [userId, role]);
}

// ---- account-flow helpers for inject-based tests (need DEV_OUTBOX, which testConfig sets) ----

/** A fresh image captcha and its answer (read through the dev endpoint, which does not consume it). */
export async function solvedCaptcha(app: FastifyInstance, ip = '127.0.0.1'): Promise<{ key: string; captcha: string }> {
  const c = answerOf<{ key: string }>(await app.inject({ method: 'GET', url: '/api/sys/auth/captcha', remoteAddress: ip }));
  const a = answerOf<{ answer: string }>(await app.inject({ method: 'GET', url: `/api/dev/captcha?key=${c.data.key}` }));
  return { key: c.data.key, captcha: a.data.answer };
}

/** The newest code the dev outbox holds for a number. */
export async function lastSmsCode(app: FastifyInstance, mobile: string): Promise<string | undefined> {
  const r = answerOf<Array<{ code: string }>>(await app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${mobile}` }));
  return r.data[0]?.code;
}

/** Requests an SMS code through `url` (with a solved captcha) and returns it from the outbox. */
export async function smsCode(
  app: FastifyInstance,
  url: string,
  mobile: string,
  opts: { token?: string; ip?: string } = {},
): Promise<string> {
  const cap = await solvedCaptcha(app, opts.ip);
  const r = await post(app, url, { mobile, ...cap, userType: 2 }, opts);
  if (r.code !== 0) throw new Error(`sending the code failed: ${r.code} ${r.msg}`);
  return (await lastSmsCode(app, mobile))!;
}

/** What the web app does to password fields: crypto-js AES-ECB/PKCS7, base64 (docs/product.md §11). */
export function encrypt(app: FastifyInstance, plain: string): string {
  return CryptoJS.AES.encrypt(plain, CryptoJS.enc.Utf8.parse(app.passwordAesKey), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}
