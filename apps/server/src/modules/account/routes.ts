import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { deleteAccount, exportOf, profileOf } from './service.ts';

const tags = ['account'];

/** The user's own account data (/my-setting): profile, data export and account deletion (PIPL). */
export default fp(
  async function accountRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireUser, async (r) => {
      r.get(
        api.fetchProfile.path,
        { schema: { tags, security, summary: '我的账号资料（含认证概况）', ...routeSchema(api.fetchProfile) } },
        async (req) => ok(await profileOf(app.db, req.user!.id)),
      );

      r.get(
        api.exportMyData.path,
        {
          schema: {
            tags,
            security,
            summary: '下载我的个人数据（JSON 附件：资料、收藏、申请、消息、认证、上传文件、登录记录；不含任何密码或令牌散列）',
          },
        },
        async (req, reply) => {
          const data = await exportOf(app.db, req.user!.id);
          const day = data.exportedAt.slice(0, 10);
          return reply
            .header('content-type', 'application/json; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="my-data-${day}.json"; filename*=UTF-8''${encodeURIComponent(`我的数据-${day}.json`)}`,
            )
            .header('cache-control', 'private, no-store')
            .header('x-content-type-options', 'nosniff')
            .send(JSON.stringify(data, null, 2));
        },
      );

      r.post(
        api.deleteAccount.path,
        {
          schema: {
            tags,
            security,
            summary: '注销账号（需当前密码，与 webLogin 相同的 AES 加密）；注销后用户名与手机号可重新注册',
            ...routeSchema(api.deleteAccount),
          },
          // Validated in the handler so a missing password gets its own message.
          validatorCompiler: () => (data: unknown) => ({ value: data }),
        },
        async (req) => ok(await deleteAccount(app, req.user!.id, req.body, req.ip), '账号已注销'),
      );
    });
  },
  { name: 'account', dependencies: ['auth', 'db', 'envelope'] },
);
