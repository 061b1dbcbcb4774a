import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { bodyOf, documentOnly } from '../../lib/body.ts';
import * as api from '@zs/shared/api/auth';
import { routeSchema } from '../../lib/contract.ts';
import { security } from '../../lib/scope.ts';
import { sendChangeMobileCode } from './send.ts';
import { changePassword, setEmail, setMobile } from './service.ts';

const tags = ['auth'];

/** Calls of a logged-in user; registered inside the scope guarded by requireUser (routes.ts). */
export default async function userRoutes(scope: FastifyInstance) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const app = scope;

  r.post(
    api.sendChangeMobileCode.path,
    {
      ...documentOnly,
      schema: { tags, security, summary: '向新手机号发送更换手机号验证码', ...routeSchema(api.sendChangeMobileCode) },
    },
    async (req) => ok(await sendChangeMobileCode(app, req.user!.id, req.user!.mobile, bodyOf(req.body), req.ip), '验证码已发送'),
  );
  r.post(
    api.webSetMobile.path,
    {
      ...documentOnly,
      schema: { tags, security, summary: '更换手机号', ...routeSchema(api.webSetMobile) },
    },
    async (req) => ok(await setMobile(app, req.user!.id, req.user!.mobile, bodyOf(req.body)), '手机号已更换'),
  );
  r.post(
    api.webSetEmail.path,
    { ...documentOnly, schema: { tags, security, summary: '设置邮箱', ...routeSchema(api.webSetEmail) } },
    async (req) => ok(await setEmail(app, req.user!.id, bodyOf(req.body)), '邮箱已更新'),
  );
  r.post(
    api.changePassword.path,
    {
      ...documentOnly,
      schema: { tags, security, summary: '修改密码（其他登录会话失效）', ...routeSchema(api.changePassword) },
    },
    async (req) =>
      ok(
        await changePassword(app, req.user!.id, req.user!.tokenId, bodyOf(req.body), {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
        '密码已修改',
      ),
  );
}
