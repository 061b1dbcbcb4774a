import type { FastifyInstance } from 'fastify';
import { AccountForms } from '@zs/shared/api/auth';
import type { Decryption } from '@zs/shared/ordered-form';
import { aesDecrypt } from '../../lib/aes.ts';
import { badRequest, forbidden } from '../../lib/envelope.ts';
import { limitHit } from '../../db/rate-limit.ts';
import { burnVerify, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { parseForm, type Body } from '../../lib/body.ts';
import { assertCaptcha } from './captcha.ts';
import { assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
import { AuthMessages } from './messages.ts';
import {
  findById,
  findByLogin,
  findByMobile,
  insertUser,
  touchLogin,
  uniqueViolation,
  updateUser,
  usernameExists,
} from './repository.ts';
import { consumeSmsCode } from './sms-codes.ts';
import { requestVerification } from '../mail/index.ts';
import { issueToken, revokeAllTokens } from './tokens.ts';

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

/** Login attempts per client address per minute (password and SMS login together). */
export const LOGIN_PER_IP_PER_MIN = 30;

async function grant(app: FastifyInstance, userId: number, meta: ClientMeta) {
  await touchLogin(app.db, userId);
  return { accessToken: await issueToken(app.db, userId, app.config.tokenTtlHours, meta) };
}

function limitLogins(app: FastifyInstance, ip: string) {
  return limitHit(app.ephemeral, `login:ip:${ip}`, LOGIN_PER_IP_PER_MIN, 60, AuthMessages.loginTooFast);
}

/** Opens the fields the web app sends AES-encrypted (docs/product.md §7). */
const decryption = (app: FastifyInstance): Decryption => ({
  decrypt: (cipher) => aesDecrypt(cipher, app.passwordAesKey),
  failed: AuthMessages.decrypt,
});

function decryptOr400(value: unknown, app: FastifyInstance): string {
  const plain = aesDecrypt(value, app.passwordAesKey);
  if (plain === null) throw badRequest(AuthMessages.decrypt);
  return plain;
}

/** Registration (docs/product.md §5 field order); the password arrives as typed, the SMS code proves the number. */
export async function register(app: FastifyInstance, b: Body, meta: ClientMeta) {
  const { username, password, mobile, email, code } = parseForm(AccountForms.register, b);

  // Uniqueness before the code is consumed, so a taken name does not burn the SMS.
  if (await usernameExists(app.db, username)) throw badRequest(AuthMessages.usernameTaken);
  if (await findByMobile(app.db, mobile)) throw badRequest(AuthMessages.mobileRegistered);
  await consumeSmsCode(app, mobile, 'register', code);

  const passwordHash = await hashPassword(password);
  let id: number;
  try {
    id = await insertUser(app.db, { username, mobile, email: email || null, passwordHash });
  } catch (err) {
    const which = uniqueViolation(err);
    if (!which) throw err;
    throw badRequest(which.includes('mobile') ? AuthMessages.mobileRegistered : AuthMessages.usernameTaken);
  }
  return grant(app, id, meta);
}

/** Password login with username or mobile; both fields AES-encrypted (docs/product.md §11). */
export async function webLogin(app: FastifyInstance, b: Body, meta: ClientMeta) {
  // Checked on the wire only: the credentials are opened after the captcha (AccountForms.webLogin).
  const { username: encName, password: encPassword, captcha, key } = parseForm(AccountForms.webLogin, b);
  await limitLogins(app, meta.ip);
  await assertCaptcha(app.ephemeral, key, captcha);

  const login = decryptOr400(encName, app).trim();
  const password = decryptOr400(encPassword, app);
  const user = login.length > 0 && login.length <= 50 ? await findByLogin(app.db, login) : null;
  if (!user) {
    await burnVerify(password);
    throw badRequest(AuthMessages.badCredentials);
  }
  await assertNotLocked(app, user.id);
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordFailure(app, user.id, meta.ip);
    throw badRequest(AuthMessages.badCredentials);
  }
  if (user.status !== 'active') throw forbidden(AuthMessages.disabled);
  await clearFailures(app, user.id);
  return grant(app, user.id, meta);
}

/** Mobile login: the login form as is; the SMS code (sent by send/code) is the proof. */
export async function webMobile(app: FastifyInstance, b: Body, meta: ClientMeta) {
  const { mobile, code } = parseForm(AccountForms.webMobile, b);
  await limitLogins(app, meta.ip);
  const user = await findByMobile(app.db, mobile);
  if (!user || user.status === 'deleted') throw badRequest(AuthMessages.mobileNotRegistered);
  await consumeSmsCode(app, mobile, 'login', code);
  if (user.status !== 'active') throw forbidden(AuthMessages.disabled);
  return grant(app, user.id, meta);
}

/** Password reset by SMS (reset form order: mobile, password, code, againPassword). */
export async function webSetPwd(app: FastifyInstance, b: Body, meta: ClientMeta) {
  const { mobile, password, code } = parseForm(AccountForms.webSetPwd, b, decryption(app));
  await limitLogins(app, meta.ip);
  const user = await findByMobile(app.db, mobile);
  if (!user || user.status === 'deleted') throw badRequest(AuthMessages.mobileNotRegistered);
  await consumeSmsCode(app, mobile, 'login', code);
  await updateUser(app.db, user.id, { passwordHash: await hashPassword(password) });
  await revokeAllTokens(app.db, user.id);
  await clearFailures(app, user.id);
  return null;
}

/** Password change while logged in; the other sessions end, this one stays. */
export async function changePassword(app: FastifyInstance, userId: number, tokenId: number, b: Body, meta: ClientMeta) {
  const { oldPassword, password } = parseForm(AccountForms.changePassword, b, decryption(app));
  const user = await existingUser(app, userId);
  await assertNotLocked(app, userId);
  if (!(await verifyPassword(user.password_hash, oldPassword))) {
    await recordFailure(app, userId, meta.ip);
    throw badRequest(AuthMessages.oldPasswordWrong);
  }
  await updateUser(app.db, userId, { passwordHash: await hashPassword(password) });
  await revokeAllTokens(app.db, userId, tokenId);
  await clearFailures(app, userId);
  return null;
}

async function existingUser(app: FastifyInstance, userId: number) {
  const user = await findById(app.db, userId);
  if (!user) throw badRequest(AuthMessages.badCredentials);
  return user;
}

/** New mobile number: verifies the code sent to it by userInfoBz/send/sengSmsCode. */
export async function setMobile(app: FastifyInstance, userId: number, current: string, b: Body) {
  const { mobile, code } = parseForm(AccountForms.webSetMobile, b);
  if (mobile === current) throw badRequest(AuthMessages.mobileSame);
  const other = await findByMobile(app.db, mobile);
  if (other && other.id !== userId) throw badRequest(AuthMessages.mobileTaken);
  await consumeSmsCode(app, mobile, 'change-mobile', code);
  try {
    await updateUser(app.db, userId, { mobile });
  } catch (err) {
    if (uniqueViolation(err)) throw badRequest(AuthMessages.mobileTaken);
    throw err;
  }
  return null;
}

/** Email is optional at registration but required when set on its own. */
export async function setEmail(app: FastifyInstance, userId: number, b: Body) {
  const { email } = parseForm(AccountForms.webSetEmail, b);
  await updateUser(app.db, userId, { email });
  // Stored unverified; a link mailed to it verifies it before anything else is sent there (issue 27, docs/alerts.md).
  try {
    await requestVerification(app.db, app.mailer, app.config.mail.siteUrl, userId, email);
  } catch (err) {
    app.log.warn({ err, userId }, 'verification mail not sent');
    throw badRequest('邮箱已保存，但验证邮件发送失败，请稍后重新提交');
  }
  return null;
}
