import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUserDetail, AdminUserPage, AuditPage, AuditQuery } from '@zs/shared';
import { envelopeOf, notFound, ok } from '../../lib/envelope.ts';
import { idOf, pageParam, sizeParam, textParam } from '../../lib/query.ts';
import { listAudit } from '../../lib/audit.ts';
import { listUsers, ROLES, setUserRole, setUserStatus, userDetail } from './users.ts';

const tags = ['admin'];
const security = [{ token: [] }];
const IdParams = z.object({ id: z.string().max(20) });
const userId = (raw: string) => {
  const id = idOf(raw);
  if (id === null) throw notFound('用户不存在');
  return id;
};

/**
 * Users and the audit log, for admins only (operators run content and reviews, not accounts).
 * Registered inside the operator scope of routes.ts; this encapsulated scope narrows it to admin.
 */
export default async function adminUserRoutes(scope: FastifyInstance) {
  scope.addHook('onRequest', scope.requireRole('admin'));
  const app = scope;
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        security,
        summary: '用户列表（仅管理员；关键字匹配用户名、手机号、邮箱；含状态、角色、认证情况）',
        querystring: z.object({
          keyword: textParam(50, '关键字'),
          role: z.enum(ROLES, { error: '角色不正确' }).optional(),
          status: z.enum(['active', 'disabled', 'deleted'], { error: '账号状态不正确' }).optional(),
          page: pageParam,
          size: sizeParam,
        }),
        response: { 200: envelopeOf(AdminUserPage) },
      },
    },
    async (req) => ok(await listUsers(app.db, req.query)),
  );

  r.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        security,
        summary: '用户详情（仅管理员）：申请、企业认证、活动报名',
        params: IdParams,
        response: { 200: envelopeOf(AdminUserDetail) },
      },
    },
    async (req) => ok(await userDetail(app.db, userId(req.params.id))),
  );

  r.post(
    '/api/admin/users/:id/status',
    {
      schema: {
        tags,
        security,
        summary: '启用或停用账号（仅管理员；停用后该用户所有登录立即失效）',
        params: IdParams,
        body: z.object({ status: z.enum(['active', 'disabled'], { error: '请选择账号状态' }) }, { error: '请选择账号状态' }),
        response: { 200: envelopeOf(z.object({ id: z.number(), status: z.string() })) },
      },
    },
    async (req) => ok(await setUserStatus(app.db, req.user!.id, userId(req.params.id), req.body.status), '账号状态已更新'),
  );

  r.post(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags,
        security,
        summary: '设置用户角色（仅管理员；不能移除最后一位管理员）：user 普通用户 / operator 运营人员 / admin 管理员',
        params: IdParams,
        body: z.object({ role: z.enum(ROLES, { error: '请选择角色' }) }, { error: '请选择角色' }),
        response: { 200: envelopeOf(z.object({ id: z.number(), role: z.string() })) },
      },
    },
    async (req) => ok(await setUserRole(app.db, req.user!.id, userId(req.params.id), req.body.role), '角色已更新'),
  );

  r.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags,
        security,
        summary: '操作审计日志（仅管理员；按操作人、对象、操作类型、日期筛选）',
        querystring: AuditQuery,
        response: { 200: envelopeOf(AuditPage) },
      },
    },
    async (req) => ok(await listAudit(app.db, req.query)),
  );
}
