import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/admin-review';
import { notFound, ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { security } from '../../lib/scope.ts';
import { idOf } from '../../lib/query.ts';
import { listAudit } from '../audit/index.ts';
import { userJoin } from '../auth/index.ts';
import { listUsers, setUserRole, setUserStatus, userDetail } from './users.ts';

const tags = ['admin'];
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
    api.listAdminUsers.path,
    {
      schema: {
        tags,
        security,
        summary: '用户列表（仅管理员；关键字匹配用户名、手机号、邮箱；含状态、角色、认证情况）',
        ...routeSchema(api.listAdminUsers),
      },
    },
    async (req) => ok(await listUsers(app.db, req.query)),
  );

  r.get(
    api.adminUserDetail.path,
    {
      schema: {
        tags,
        security,
        summary: '用户详情（仅管理员）：申请、企业认证、活动报名',
        ...routeSchema(api.adminUserDetail),
      },
    },
    async (req) => ok(await userDetail(app.db, userId(req.params.id))),
  );

  r.post(
    api.setAdminUserStatus.path,
    {
      schema: {
        tags,
        security,
        summary: '启用或停用账号（仅管理员；停用后该用户所有登录立即失效）',
        ...routeSchema(api.setAdminUserStatus),
      },
    },
    async (req) => ok(await setUserStatus(app.db, req.user!.id, userId(req.params.id), req.body.status), '账号状态已更新'),
  );

  r.post(
    api.setAdminUserRole.path,
    {
      schema: {
        tags,
        security,
        summary: '设置用户角色（仅管理员；不能移除最后一位管理员）：user 普通用户 / operator 运营人员 / admin 管理员',
        ...routeSchema(api.setAdminUserRole),
      },
    },
    async (req) => ok(await setUserRole(app.db, req.user!.id, userId(req.params.id), req.body.role), '角色已更新'),
  );

  r.get(
    api.auditLog.path,
    {
      schema: {
        tags,
        security,
        summary: '操作审计日志（仅管理员；按操作人、对象、操作类型、日期筛选）',
        ...routeSchema(api.auditLog),
      },
    },
    async (req) => ok(await listAudit(app.db, req.query, userJoin)),
  );
}
