import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { bodyOf, documentOnly } from '../../lib/body.ts';
import { Docs, NullAnswer } from './docs.ts';
import { sendChangeMobileCode } from './send.ts';
import { changePassword, setEmail, setMobile } from './service.ts';

const tags = ['auth'];
const security = [{ token: [] }];

/** Calls of a logged-in user; registered inside the scope guarded by requireUser (routes.ts). */
export default async function userRoutes(scope: FastifyInstance) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const app = scope;

  r.post(
    '/api/zs/ent/userInfoBz/send/sengSmsCode',
    {
      ...documentOnly,
      schema: {
        tags,
        security,
        summary: '向新手机号发送更换手机号验证码',
        body: Docs.sendChangeCode,
        response: { 200: NullAnswer },
      },
    },
    async (req) => ok(await sendChangeMobileCode(app, req.user!.id, req.user!.mobile, bodyOf(req.body), req.ip), '验证码已发送'),
  );
  r.post(
    '/api/sys/auth/webSetMobile',
    {
      ...documentOnly,
      schema: { tags, security, summary: '更换手机号', body: Docs.webSetMobile, response: { 200: NullAnswer } },
    },
    async (req) => ok(await setMobile(app, req.user!.id, req.user!.mobile, bodyOf(req.body)), '手机号已更换'),
  );
  r.post(
    '/api/sys/auth/webSetEmail',
    { ...documentOnly, schema: { tags, security, summary: '设置邮箱', body: Docs.webSetEmail, response: { 200: NullAnswer } } },
    async (req) => ok(await setEmail(app, req.user!.id, bodyOf(req.body)), '邮箱已更新'),
  );
  r.post(
    '/api/user/password',
    {
      ...documentOnly,
      schema: {
        tags,
        security,
        summary: '修改密码（其他登录会话失效）',
        body: Docs.changePassword,
        response: { 200: NullAnswer },
      },
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
