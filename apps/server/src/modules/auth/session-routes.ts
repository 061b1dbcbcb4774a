import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/auth';
import { ok } from '../../lib/envelope.ts';
import { ignoreJsonBody } from '../../lib/body.ts';
import { routeSchema } from '../../lib/contract.ts';
import { revokeAllTokens, revokeToken, tokenFromHeader } from './tokens.ts';
import { countUnread } from './unread.ts';
import { tags } from './route-kit.ts';

/**
 * The session's bodyless calls, in their own scope: logout (open to anyone with or without a token), then,
 * behind requireUser, who is logged in and logging out everywhere.
 */
export async function sessionRoutes(app: FastifyInstance) {
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
}
