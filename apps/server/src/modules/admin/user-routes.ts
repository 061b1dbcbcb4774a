import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, notFound, ok } from '../../lib/envelope.ts';
import { idOf, pageParam, sizeParam, textParam } from '../portal/query.ts';
import { listAudit } from './audit.ts';
import { listUsers, ROLES, setUserRole, setUserStatus } from './users.ts';

const tags = ['admin'];
const security = [{ token: [] }];
const IdParams = z.object({ id: z.string().max(20) });
const userId = (raw: string) => {
  const id = idOf(raw);
  if (id === null) throw notFound('用户不存在');
  return id;
};

/** Users and the audit log; registered inside the operator scope of routes.ts. */
export default async function adminUserRoutes(scope: FastifyInstance) {
  const app = scope;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // Changing accounts and reading the audit log is for admins only, not for operators.
  const adminOnly = app.requireRole('admin');

  r.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        security,
        summary: '用户列表（关键字匹配用户名、手机号、邮箱；含状态、角色、认证情况）',
        querystring: z.object({
          keyword: textParam(50, '关键字'),
          role: z.enum(ROLES, { error: '角色不正确' }).optional(),
          status: z.enum(['active', 'disabled', 'deleted'], { error: '账号状态不正确' }).optional(),
          page: pageParam,
          size: sizeParam,
        }),
      },
    },
    async (req) => ok(await listUsers(app.db, req.query)),
  );

  r.post(
    '/api/admin/users/:id/status',
    {
      onRequest: adminOnly,
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
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: '设置用户角色（仅管理员）：user 普通用户 / operator 运营人员 / admin 管理员',
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
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: '操作审计日志（仅管理员）',
        querystring: z.object({
          action: textParam(60, '操作类型'),
          targetType: textParam(30, '对象类型'),
          actorId: z.coerce
            .number({ error: '操作人编号不正确' })
            .int('操作人编号不正确')
            .positive('操作人编号不正确')
            .max(2_147_483_647, '操作人编号不正确')
            .optional(),
          page: pageParam,
          size: sizeParam,
        }),
      },
    },
    async (req) => ok(await listAudit(app.db, req.query)),
  );
}
