import type { FastifyInstance } from 'fastify';
import { createUser, encrypt, loginToken, setRole, solvedCaptcha, type BuiltUser } from './builders.ts';
import { post, type Reply } from './answer.ts';
import type { Role } from './usercentre.ts';

/** A fresh active user (with `role` unless it is the plain user) and a token issued for it: logged in. */
export async function userWithToken(app: FastifyInstance, role?: Role): Promise<BuiltUser & { token: string }> {
  const u = await createUser(app);
  if (role && role !== 'user') await setRole(app, u.id, role);
  return { ...u, token: await loginToken(app, u.id) };
}

export interface WebLoginOptions {
  /** The client address the captcha is issued to and the login comes from (default 127.0.0.1). */
  ip?: string;
  /** The instance that issues the captcha (default `app`; another instance of the same deployment in two-instance tests). */
  captchaFrom?: FastifyInstance;
  /** How both fields are encrypted (default: as the web does it, with `app`'s key). */
  cipher?: (plain: string) => string;
  /** The body's userType: the web sends 2; `null` leaves the field out. */
  userType?: 2 | null;
}

/**
 * A password login through POST /api/sys/auth/webLogin the way the web does it: a solved image captcha and
 * both the login name and the password encrypted. Returns the answer (data.accessToken on success).
 */
export async function webLogin(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: WebLoginOptions = {},
): Promise<Reply<{ accessToken: string }>> {
  const cipher = opts.cipher ?? ((plain: string) => encrypt(app, plain));
  const cap = await solvedCaptcha(opts.captchaFrom ?? app, opts.ip);
  const userType = opts.userType === null ? {} : { userType: opts.userType ?? 2 };
  return post<{ accessToken: string }>(
    app,
    '/api/sys/auth/webLogin',
    { username: cipher(username), password: cipher(password), ...cap, ...userType },
    { ip: opts.ip },
  );
}
