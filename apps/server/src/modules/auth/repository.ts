import type { Database } from '../../db/client.ts';
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
