import { createdPerDay } from '../../db/recent.ts';
import type { Database, Query } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import type { Role } from './tokens.ts';

export interface UserRow {
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  password_hash: string;
  role: Role;
  status: 'active' | 'disabled' | 'deleted';
}

const COLUMNS = 'id, username, mobile, email, password_hash, role, status';

/** Login accepts the username (any case) or the mobile number; deleted accounts do not exist. */
export async function findByLogin(db: Database, login: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `select ${COLUMNS} from users where (lower(username) = lower($1) or mobile = $1) and status <> 'deleted'
      order by (mobile = $1) desc limit 1`,
    [login],
  );
  return rows[0] ?? null;
}

export async function findByMobile(db: Database, mobile: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`select ${COLUMNS} from users where mobile = $1`, [mobile]);
  return rows[0] ?? null;
}

export async function findById(db: Database, id: number): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function usernameExists(db: Database, username: string): Promise<boolean> {
  const rows = await db.query('select 1 from users where lower(username) = lower($1)', [username]);
  return rows.length > 0;
}

export async function insertUser(
  db: Database,
  u: { username: string; mobile: string; email: string | null; passwordHash: string },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'insert into users (username, mobile, email, password_hash) values ($1, $2, $3, $4) returning id',
    [u.username, u.mobile, u.email, u.passwordHash],
  );
  return rows[0]!.id;
}

export async function updateUser(db: Database, id: number, set: { passwordHash?: string; mobile?: string; email?: string }) {
  const cols: string[] = [];
  const params: unknown[] = [];
  const add = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    params.push(value);
    cols.push(`${column} = $${params.length}`);
  };
  add('password_hash', set.passwordHash);
  add('mobile', set.mobile);
  add('email', set.email);
  params.push(id);
  await db.query(`update users set ${cols.join(', ')}, updated_at = now() where id = $${params.length}`, params);
}

export async function touchLogin(db: Database, id: number) {
  await db.query('update users set last_login_at = now() where id = $1', [id]);
}

/** A unique-index violation (username or mobile taken by a concurrent request). */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.message ?? 'unique';
}

/** Accounts not deleted (the console dashboard's user figure). */
export async function countUsers(db: Database): Promise<number> {
  const [r] = await db.query<{ n: number }>(`select count(*)::int as n from users where status <> 'deleted'`);
  return r!.n;
}

/** Accounts created per day (Asia/Shanghai) over the last `days` days; days without any are left out. */
export async function registrationsPerDay(db: Database, days: number): Promise<{ day: string; count: number }[]> {
  return createdPerDay(db, 'from users', days);
}

/** When the account was created and last signed in (the profile page). */
export async function userDatesOf(
  db: Database,
  id: number,
): Promise<{ created_at: Date | string; last_login_at: Date | string | null } | null> {
  const rows = await db.query<{ created_at: Date | string; last_login_at: Date | string | null }>(
    'select created_at, last_login_at from users where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Usernames by id, one query for a whole page (ids without a user are absent from the map). */
export async function usernamesOf(db: Database | Query, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  const rows = await q<{ id: number; username: string }>('select id, username from users where id = any($1::int[])', [
    [...new Set(ids)],
  ]);
  return new Map(rows.map((r) => [r.id, r.username]));
}

/**
 * SQL: a left join of users as `<alias>` on `<alias>.id = <idSql>`, for a list that shows or filters by the
 * person behind an id (the audit log's actor).
 */
export const userJoin = (alias: string, idSql: string) => `left join users ${alias} on ${alias}.id = ${idSql}`;

// ---- the operator desk's user administration ----

export interface UserListRow {
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  role: Role;
  status: 'active' | 'disabled' | 'deleted';
  created_at: Date | string;
  last_login_at: Date | string | null;
}

const USER_LIST_SQL = `select u.id, u.username, u.mobile, u.email, u.role, u.status, u.created_at, u.last_login_at
       from users u`;

/** LIKE metacharacters typed by the operator are matched literally. */
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of users, newest first; the keyword matches username, mobile or email. */
export async function listUserRows(
  db: Database,
  f: { keyword?: string; role?: Role; status?: string; page: number; size: number },
) {
  const params: unknown[] = [];
  const where = ['true'];
  if (f.keyword) {
    const p = params.push(likeOf(f.keyword));
    where.push(`(u.username ilike $${p} or u.mobile like $${p} or u.email ilike $${p})`);
  }
  if (f.role) where.push(`u.role = $${params.push(f.role)}`);
  if (f.status) where.push(`u.status = $${params.push(f.status)}`);
  return paged(
    db,
    { count: 'users u', select: USER_LIST_SQL, where: where.join(' and '), order: 'u.id desc' },
    params,
    f,
    (r: UserListRow) => r,
  );
}

export async function userListRowById(db: Database, id: number): Promise<UserListRow | null> {
  const rows = await db.query<UserListRow>(`${USER_LIST_SQL} where u.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks a user row for a status or role change (inside the caller's transaction). */
export async function lockUser(q: Query, id: number): Promise<{ status: string; role: Role; username: string } | null> {
  const [row] = await q<{ status: string; role: Role; username: string }>(
    'select status, role, username from users where id = $1 for update',
    [id],
  );
  return row ?? null;
}

/** Locks and returns the active administrators (so two admins cannot demote each other at once). */
export async function lockActiveAdmins(q: Query): Promise<Array<{ id: number }>> {
  return q<{ id: number }>("select id from users where role = 'admin' and status = 'active' for update");
}

export async function setStatusOf(q: Query, id: number, status: 'active' | 'disabled'): Promise<void> {
  await q('update users set status = $2, updated_at = now() where id = $1', [id, status]);
}

export async function setRoleOf(q: Query, id: number, role: Role): Promise<void> {
  await q('update users set role = $2, updated_at = now() where id = $1', [id, role]);
}

// ---- npm run admin:create ----

/** The accounts with that username (any case) or that mobile number. */
export async function findByUsernameOrMobile(
  db: Database,
  username: string,
  mobile: string,
): Promise<Array<{ id: number; username: string; mobile: string; role: string; status: string }>> {
  return db.query<{ id: number; username: string; mobile: string; role: string; status: string }>(
    'select id, username, mobile, role, status from users where lower(username) = lower($1) or mobile = $2',
    [username, mobile],
  );
}

/** Makes an existing account an active administrator. */
export async function promoteToAdmin(db: Database, id: number): Promise<void> {
  await db.query("update users set role = 'admin', status = 'active', updated_at = now() where id = $1", [id]);
}

export async function insertAdmin(
  db: Database,
  u: { username: string; mobile: string; email: string | null; passwordHash: string },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    "insert into users (username, mobile, email, password_hash, role) values ($1, $2, $3, $4, 'admin') returning id",
    [u.username, u.mobile, u.email, u.passwordHash],
  );
  return rows[0]!.id;
}

// ---- the user's own data (PIPL): export and account deletion ----

export interface SessionExport {
  loginAt: Date | string;
  expiresAt: Date | string;
  revokedAt: Date | string | null;
  ip: string | null;
  userAgent: string | null;
}

/** Every session of the user, oldest first (no token hashes). */
export async function sessionsExportOf(db: Database, userId: number): Promise<SessionExport[]> {
  return db.query<SessionExport>(
    `select created_at as "loginAt", expires_at as "expiresAt", revoked_at as "revokedAt", ip, user_agent as "userAgent"
       from auth_tokens where user_id = $1 order by id`,
    [userId],
  );
}

/** Every failed sign-in recorded against the user, oldest first. */
export async function failedLoginsExportOf(
  db: Database,
  userId: number,
): Promise<Array<{ failedAt: Date | string; ip: string | null }>> {
  return db.query<{ failedAt: Date | string; ip: string | null }>(
    `select failed_at as "failedAt", ip from login_failures where user_id = $1 order by id`,
    [userId],
  );
}

/**
 * Account deletion, inside the caller's transaction: the user row keeps no personal data (username and mobile
 * become `placeholder`, email and password hash are cleared), every session and the login history are deleted.
 */
export async function eraseUser(q: Query, userId: number, placeholder: string): Promise<void> {
  await q(
    `update users set username = $2, mobile = $2, email = null, password_hash = '!deleted', status = 'deleted',
            role = 'user', last_login_at = null, updated_at = now() where id = $1`,
    [userId, placeholder],
  );
  await q('delete from auth_tokens where user_id = $1', [userId]);
  await q('delete from login_failures where user_id = $1', [userId]);
}

/** Those of `ids` whose account is active (not disabled or deleted), through `db` or the caller's transaction. */
/** SQL condition: the user of the id column `col` is active (set-based alert matching, decisions/0085). */
export const activeUserSql = (col: string) => `exists (select 1 from users au where au.id = ${col} and au.status = 'active')`;

/** SQL giving the id of the ($2 + 1)-th user after the id $1 (null when fewer are left): a chunk of users' bound (alerts). */
export const userChunkBoundSql = 'select id::int as hi from users where id > $1 order by id offset $2 limit 1';

/** The mobiles of these users (SMS alerts). */
export async function mobilesOf(q: Query, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q<{ id: number; mobile: string | null }>('select id, mobile from users where id = any($1::int[])', [ids]);
  return new Map(rows.filter((r) => r.mobile).map((r) => [r.id, r.mobile!]));
}

export async function activeUserIds(db: Database | Query, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  const rows = await q<{ id: number }>("select id from users where id = any($1::int[]) and status = 'active'", [
    [...new Set(ids)],
  ]);
  return new Set(rows.map((r) => r.id));
}
