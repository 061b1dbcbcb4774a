import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { protectedScope } from '../../lib/scope.ts';
import { applyRoutes } from './apply-routes.ts';
import { trackingRoutes } from './tracking-routes.ts';

/** The user's applications and sign-ups (/api/user/…), all behind requireUser. */
export default fp(
  async function applicationRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireUser, async (r) => {
      applyRoutes(r, app);
      trackingRoutes(r, app);
    });
  },
  { name: 'applications', dependencies: ['auth', 'db', 'envelope'] },
);
