import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/alerts';
import { badRequest, ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { verifyEmailToken } from './addresses.ts';

/** The verification link of a newly set address: public, the token is the proof (issue 27). */
export default fp(
  async function mailRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      api.verifyEmail.path,
      { schema: { tags: ['mail'], summary: '邮箱验证链接（无需登录）', ...routeSchema(api.verifyEmail) } },
      async (req) => {
        const done = await verifyEmailToken(app.db, req.query.token);
        if (!done) throw badRequest('验证链接无效或已过期，请在个人中心重新设置邮箱');
        return ok({ email: done.email }, '邮箱已验证');
      },
    );
  },
  { name: 'mail-routes', dependencies: ['mail', 'envelope'] },
);
