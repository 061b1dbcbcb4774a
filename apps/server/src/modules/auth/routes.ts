import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeRoutes } from './code-routes.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import userRoutes from './user-routes.ts';

/** The account calls of docs/product.md §7 (/api/sys/auth/…) plus the logged-in account calls. */
export default fp(
  async function authRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    codeRoutes(r, app);
    signInRoutes(r, app);
    await sessionRoutes(app);

    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireUser);
      await scope.register(userRoutes);
    });
  },
  { name: 'auth-routes', dependencies: ['auth', 'sms', 'mail', 'envelope'] },
);
