import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/auth';
import { ok } from '../../lib/envelope.ts';
import { bodyOf, documentOnly } from '../../lib/body.ts';
import type { ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { register, webLogin, webMobile, webSetPwd } from './service.ts';
import { metaOf, tags } from './route-kit.ts';

/** Getting into an account: registration, login by password or by SMS code, and the password reset by SMS code. */
export function signInRoutes(r: ZodScope, app: FastifyInstance) {
  r.post(api.register.path, { ...documentOnly, schema: { tags, summary: '注册', ...routeSchema(api.register) } }, async (req) =>
    ok(await register(app, bodyOf(req.body), metaOf(req)), '注册成功'),
  );
  r.post(
    api.webLogin.path,
    {
      ...documentOnly,
      schema: { tags, summary: '密码登录（用户名或手机号）', ...routeSchema(api.webLogin) },
    },
    async (req) => ok(await webLogin(app, bodyOf(req.body), metaOf(req)), '登录成功'),
  );
  r.post(
    api.webMobile.path,
    { ...documentOnly, schema: { tags, summary: '手机验证码登录', ...routeSchema(api.webMobile) } },
    async (req) => ok(await webMobile(app, bodyOf(req.body), metaOf(req)), '登录成功'),
  );
  r.post(
    api.webSetPwd.path,
    {
      ...documentOnly,
      schema: { tags, summary: '通过短信验证码重置密码', ...routeSchema(api.webSetPwd) },
    },
    async (req) => ok(await webSetPwd(app, bodyOf(req.body), metaOf(req)), '密码重置成功'),
  );
}
