import { APPLICATION_KIND_LABELS, APPLICATION_STATUS_LABELS } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { withTransaction, type Query } from '../../db/tx.ts';
import type { Role } from '../../lib/principal.ts';
import { writeAudit } from '../audit/index.ts';
import { iso } from '../../lib/iso.ts';
import { applicationsOfUser } from '../applications/index.ts';
import {
  accountOf,
  listUserRows,
  lockActiveAdmins,
  lockUser,
  revokeAllTokens,
  setRoleOf,
  setStatusOf,
  userListRowById,
  type UserListRow,
} from '../auth/index.ts';
import { approvedCompaniesOf, certificationsOfUser, latestCertificationStatusesOf } from '../certification/index.ts';

export const ROLES = ['user', 'operator', 'admin'] as const;
export const ROLE_LABELS: Record<Role, string> = { user: '普通用户', operator: '运营人员', admin: '管理员' };
export const USER_STATUS_LABELS = { active: '正常', disabled: '已停用', deleted: '已注销' } as const;

interface Row extends UserListRow {
  /** The latest approved certification's company (certified enterprise user), or null. */
  company_name: string | null;
  /** The status of the latest certification submission, or null. */
  cert_status: string | null;
}

/** The certification figures of a page of users: one query each for the whole page. */
async function withCertification(db: Database, users: UserListRow[]): Promise<Row[]> {
  const ids = users.map((u) => u.id);
  const companies = await approvedCompaniesOf(db, ids);
  const statuses = await latestCertificationStatusesOf(db, ids);
  return users.map((u) => ({ ...u, company_name: companies.get(u.id) ?? null, cert_status: statuses.get(u.id) ?? null }));
}

export async function listUsers(db: Database, f: { keyword?: string; role?: Role; status?: string; page: number; size: number }) {
  const page = await listUserRows(db, f);
  return { ...page, list: (await withCertification(db, page.list)).map(userView) };
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
  const user = await userListRowById(db, id);
  if (!user) throw notFound('用户不存在');
  const [row] = (await withCertification(db, [user])) as [Row];
  const apps = await applicationsOfUser(db, id);
  const certs = await certificationsOfUser(db, id);
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
  const row = await lockUser(q, id);
  if (!row) throw notFound('用户不存在');
  if (id === actorId) throw badRequest('不能修改自己的账号状态或角色');
  if (row.status === 'deleted') throw badRequest('该账号已注销，不能修改');
  return row;
}

/** Refuses a change that would leave no active administrator (rows locked so two admins cannot race). */
async function keepOneAdmin(q: Query) {
  const admins = await lockActiveAdmins(q);
  if (admins.length <= 1) throw badRequest('至少需要保留一位管理员');
}

/** Disabling also ends every session at once (revoked tokens answer 401). */
export async function setUserStatus(db: Database, actorId: number, id: number, status: 'active' | 'disabled') {
  await withTransaction(db, async (q) => {
    const row = await lockTarget(q, actorId, id);
    if (row.status === status) return;
    if (row.role === 'admin' && status === 'disabled') await keepOneAdmin(q);
    await setStatusOf(q, id, status);
    if (status === 'disabled') await revokeAllTokens(q, id);
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
    await setRoleOf(q, id, role);
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
