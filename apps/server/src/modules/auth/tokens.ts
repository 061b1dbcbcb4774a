import crypto from 'node:crypto';
import type { Database, Query } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { iso } from '../../lib/iso.ts';
import { approvedCompanyJoin } from '../certification/index.ts';
import type { AuthUser, Role } from '../../lib/principal.ts';

export type { AuthUser, Role } from '../../lib/principal.ts';

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Issues an opaque token; only its sha256 is stored, so a database leak yields no usable token. */
export async function issueToken(
  db: Database,
  userId: number,
  ttlHours: number,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query('insert into auth_tokens (user_id, token_hash, expires_at, user_agent, ip) values ($1, $2, $3, $4, $5)', [
    userId,
    sha256(token),
    iso(clock.now() + ttlHours * 3600_000),
    meta.userAgent?.slice(0, 300) ?? null,
    meta.ip ?? null,
  ]);
  return token;
}

/** Accepts the raw token (docs/product.md §7) and, leniently, "Bearer <token>". */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const t = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return TOKEN.test(t) ? t : null;
}

export interface AccountRow<R extends string> {
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  role: R;
  company_name: string | null;
}

/**
 * The account fields every view of a user starts with (docs/product.md §6.1: a certified enterprise user is one
 * with an approved certification).
 */
export function accountOf<R extends string>(r: AccountRow<R>) {
  return {
    id: r.id,
    username: r.username,
    mobile: r.mobile,
    email: r.email,
    role: r.role,
    certified: r.company_name !== null,
    enterpriseName: r.company_name,
  };
}

interface Row {
  token_id: number;
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  role: Role;
  company_name: string | null;
}

/** The user behind a live token: not revoked, not past its expiry, account active. */
export async function resolveToken(db: Database, token: string): Promise<AuthUser | null> {
  const rows = await db.query<Row>(
    `select t.id as token_id, u.id, u.username, u.mobile, u.email, u.role, c.company_name
       from auth_tokens t
       join users u on u.id = t.user_id
       ${approvedCompanyJoin('u.id', 'c')}
      where t.token_hash = $1 and t.revoked_at is null and t.expires_at > $2 and u.status = 'active'`,
    [sha256(token), iso(clock.now())],
  );
  const r = rows[0];
  if (!r) return null;
  return { ...accountOf(r), tokenId: r.token_id };
}

export async function revokeToken(db: Database, token: string): Promise<void> {
  await db.query('update auth_tokens set revoked_at = now() where token_hash = $1 and revoked_at is null', [sha256(token)]);
}

/** Revokes every live token of a user, except `keepTokenId` when given (the caller's own session). */
export async function revokeAllTokens(db: Database | Query, userId: number, keepTokenId?: number): Promise<void> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  await q('update auth_tokens set revoked_at = now() where user_id = $1 and revoked_at is null and id <> $2', [
    userId,
    keepTokenId ?? 0,
  ]);
}
