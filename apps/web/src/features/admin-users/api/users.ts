import type { AuditQuery } from '@zs/shared/api/admin-users';
import { callApi } from '../../../lib/http.ts';

/** Accounts and the audit log, admins only (apps/server/src/modules/admin/user-routes.ts); types from @zs/shared. */
export type { AdminUserRow as UserRow, AuditRow } from '@zs/shared/api/admin-users';
type Role = 'user' | 'operator' | 'admin';

export const listUsers = (f: { keyword?: string; page: number }) =>
  callApi('GET /api/admin/users', { query: { keyword: f.keyword, page: f.page, size: 10 } });
export const userDetail = (id: number) => callApi('GET /api/admin/users/:id', { params: { id: String(id) } });
export const setUserStatus = (id: number, status: 'active' | 'disabled') =>
  callApi('POST /api/admin/users/:id/status', { params: { id: String(id) }, body: { status } });
export const setUserRole = (id: number, role: Role) =>
  callApi('POST /api/admin/users/:id/role', { params: { id: String(id) }, body: { role } });

export const auditLog = (f: AuditQuery) => callApi('GET /api/admin/audit-log', { query: f });
