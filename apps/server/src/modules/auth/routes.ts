import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { limitHit } from '../../db/rate-limit.ts';
import { bodyOf, documentOnly, ignoreJsonBody } from '../../lib/body.ts';
import { createCaptcha } from './captcha.ts';
import * as api from '@zs/shared/api/auth';
import { routeSchema } from '../../lib/contract.ts';
import { AuthMessages } from './messages.ts';
import { register, webLogin, webMobile, webSetPwd, type ClientMeta } from './service.ts';
import { sendLoginCode, sendRegistrationCode } from './send.ts';
import { revokeAllTokens, revokeToken, tokenFromHeader } from './tokens.ts';
import { countUnread } from './unread.ts';
import userRoutes from './user-routes.ts';

const CAPTCHAS_PER_IP_PER_MIN = 120;
const tags = ['auth'];

export const metaOf = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/** The account calls of docs/product.md §7 (/api/sys/auth/…) plus the logged-in account calls. */
export default fp(
  async function authRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      api.captcha.path,
      { schema: { tags, summary: '图形验证码（4 位，5 分钟内有效，一次性）', ...routeSchema(api.captcha) } },
      async (req) => {
        await limitHit(app.ephemeral, `captcha:ip:${req.ip}`, CAPTCHAS_PER_IP_PER_MIN, 60, AuthMessages.captchaTooFast);
        return ok(await createCaptcha(app.ephemeral));
      },
    );

    r.post(
      api.sendRegistrationCode.path,
      {
        ...documentOnly,
        schema: { tags, summary: '发送注册短信验证码（未注册手机号）', ...routeSchema(api.sendRegistrationCode) },
      },
      async (req) => ok(await sendRegistrationCode(app, bodyOf(req.body), req.ip), '验证码已发送'),
    );
    r.post(
      api.sendLoginCode.path,
      {
        ...documentOnly,
        schema: { tags, summary: '发送登录/重置密码短信验证码（已注册手机号）', ...routeSchema(api.sendLoginCode) },
      },
      async (req) => ok(await sendLoginCode(app, bodyOf(req.body), req.ip), '验证码已发送'),
    );
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
    await app.register(async (bodyless) => {
      ignoreJsonBody(bodyless);
      bodyless
        .withTypeProvider<ZodTypeProvider>()
        .post(
          api.logout.path,
          { schema: { tags, summary: '退出登录（作废当前令牌）', ...routeSchema(api.logout) } },
          async (req) => {
            const token = tokenFromHeader(req.headers.authorization);
            if (token) await revokeToken(app.db, token);
            return ok(null, '退出成功');
          },
        );
      await bodyless.register(async (scope) => {
        scope.addHook('onRequest', app.requireUser);
        const s = scope.withTypeProvider<ZodTypeProvider>();
        s.post(
          api.getUserInfo.path,
          { schema: { tags, summary: '当前用户信息', security: [{ token: [] }], ...routeSchema(api.getUserInfo) } },
          async (req) => {
            const u = req.user!;
            return ok({
              username: u.username,
              mobile: u.mobile,
              unread: await countUnread(app.db, u.id),
              email: u.email,
              certified: u.certified,
              enterpriseName: u.enterpriseName,
              role: u.role,
            });
          },
        );
        s.post(
          api.logoutAll.path,
          { schema: { tags, security: [{ token: [] }], summary: '退出所有设备', ...routeSchema(api.logoutAll) } },
          async (req) => {
            await revokeAllTokens(app.db, req.user!.id);
            return ok(null, '已退出所有设备');
          },
        );
      });
    });

    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireUser);
      await scope.register(userRoutes);
    });
  },
  { name: 'auth-routes', dependencies: ['auth', 'sms', 'envelope'] },
);
