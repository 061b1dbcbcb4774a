import { APPLICATION_KIND_LABELS, APPLICATION_STATUS_LABELS, type ApplicationKind, type ApplicationStatus } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { withTransaction, type Query } from '../../db/tx.ts';
import type { Role } from '../../lib/principal.ts';
import { writeAudit } from '../audit/index.ts';
import { paged } from '../../db/paged.ts';
import { iso } from '../../lib/iso.ts';
import { accountOf, approvedCompanyJoin } from '../../lib/account.ts';

export const ROLES = ['user', 'operator', 'admin'] as const;
export const ROLE_LABELS: Record<Role, string> = { user: '普通用户', operator: '运营人员', admin: '管理员' };
export const USER_STATUS_LABELS = { active: '正常', disabled: '已停用', deleted: '已注销' } as const;

interface Row {
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  role: Role;
  status: keyof typeof USER_STATUS_LABELS;
  created_at: Date | string;
  last_login_at: Date | string | null;
  company_name: string | null;
  cert_status: string | null;
}

/** LIKE metacharacters typed by the operator are matched literally. */
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const USER_SQL = `select u.id, u.username, u.mobile, u.email, u.role, u.status, u.created_at, u.last_login_at,
            a.company_name, l.status as cert_status
       from users u
       ${approvedCompanyJoin('u.id', 'a')}
       left join lateral (select status from enterprise_certifications
                           where user_id = u.id order by submitted_at desc, id desc limit 1) l on true`;

export async function listUsers(db: Database, f: { keyword?: string; role?: Role; status?: string; page: number; size: number }) {
  const params: unknown[] = [];
  const where = ['true'];
  if (f.keyword) {
    const p = params.push(likeOf(f.keyword));
    where.push(`(u.username ilike $${p} or u.mobile like $${p} or u.email ilike $${p})`);
  }
  if (f.role) where.push(`u.role = $${params.push(f.role)}`);
  if (f.status) where.push(`u.status = $${params.push(f.status)}`);
  return paged(db, { count: 'users u', select: USER_SQL, where: where.join(' and '), order: 'u.id desc' }, params, f, userView);
}

function userView(r: Row) {
  return {
    ...accountOf(r),
    roleName: ROLE_LABELS[r.role],
    status: r.status,
    statusName: USER_STATUS_LABELS[r.status],
    certificationStatus: r.cert_status ?? 'none',
    createdAt: iso(r.created_at)!,
    lastLoginAt: iso(r.last_login_at),
  };
}

/** One user with their applications, certification submissions and activity sign-ups. */
export async function userDetail(db: Database, id: number) {
  const [row] = await db.query<Row>(`${USER_SQL} where u.id = $1`, [id]);
  if (!row) throw notFound('用户不存在');
  const apps = await db.query<{
    id: number;
    kind: ApplicationKind;
    status: ApplicationStatus;
    ref_title: string | null;
    created_at: string;
  }>(
    'select id, kind, status, ref_title, created_at from applications where user_id = $1 order by created_at desc, id desc limit 200',
    [id],
  );
  const certs = await db.query<{ id: number; company_name: string; status: string; submitted_at: string }>(
    'select id, company_name, status, submitted_at from enterprise_certifications where user_id = $1 order by submitted_at desc, id desc',
    [id],
  );
  return {
    ...userView(row),
    applications: apps
      .filter((a) => a.kind !== 'activity')
      .map((a) => ({
        id: a.id,
        kind: a.kind,
        kindName: APPLICATION_KIND_LABELS[a.kind],
        status: a.status,
        statusName: APPLICATION_STATUS_LABELS[a.status],
        createdAt: iso(a.created_at)!,
      })),
    certifications: certs.map((c) => ({
      id: c.id,
      companyName: c.company_name,
      status: c.status,
      submittedAt: iso(c.submitted_at)!,
    })),
    signups: apps
      .filter((a) => a.kind === 'activity')
      .map((a) => ({
        id: a.id,
        title: a.ref_title ?? '活动报名',
        status: APPLICATION_STATUS_LABELS[a.status],
        createdAt: iso(a.created_at)!,
      })),
  };
}

/** Locks the target user row; refuses the caller itself (an admin must not lock themself out) and deleted accounts. */
async function lockTarget(q: Query, actorId: number, id: number) {
  const [row] = await q<{ status: string; role: Role; username: string }>(
    'select status, role, username from users where id = $1 for update',
    [id],
  );
  if (!row) throw notFound('用户不存在');
  if (id === actorId) throw badRequest('不能修改自己的账号状态或角色');
  if (row.status === 'deleted') throw badRequest('该账号已注销，不能修改');
  return row;
}

/** Refuses a change that would leave no active administrator (rows locked so two admins cannot race). */
async function keepOneAdmin(q: Query) {
  const admins = await q<{ id: number }>("select id from users where role = 'admin' and status = 'active' for update");
  if (admins.length <= 1) throw badRequest('至少需要保留一位管理员');
}

/** Disabling also ends every session at once (revoked tokens answer 401). */
export async function setUserStatus(db: Database, actorId: number, id: number, status: 'active' | 'disabled') {
  await withTransaction(db, async (q) => {
    const row = await lockTarget(q, actorId, id);
    if (row.status === status) return;
    if (row.role === 'admin' && status === 'disabled') await keepOneAdmin(q);
    await q('update users set status = $2, updated_at = now() where id = $1', [id, status]);
    if (status === 'disabled') {
      await q('update auth_tokens set revoked_at = now() where user_id = $1 and revoked_at is null', [id]);
    }
    await writeAudit(q, {
      actorId,
      action: 'user.status',
      targetType: 'user',
      targetId: id,
      detail: { username: row.username, from: row.status, to: status },
    });
  });
  return { id, status };
}

export async function setUserRole(db: Database, actorId: number, id: number, role: Role) {
  await withTransaction(db, async (q) => {
    const row = await lockTarget(q, actorId, id);
    if (row.role === role) return;
    if (row.role === 'admin') await keepOneAdmin(q);
    await q('update users set role = $2, updated_at = now() where id = $1', [id, role]);
    await writeAudit(q, {
      actorId,
      action: 'user.role',
      targetType: 'user',
      targetId: id,
      detail: { username: row.username, from: row.role, to: role },
    });
  });
  return { id, role };
}
