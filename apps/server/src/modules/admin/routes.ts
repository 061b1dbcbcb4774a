import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { protectedScope } from '../../lib/scope.ts';
import { certificationReviewRoutes } from './certification-review-routes.ts';
import { applicationReviewRoutes } from './application-review-routes.ts';
import adminUserRoutes from './user-routes.ts';

/** The operator review desk (/api/admin/…): every route needs the operator or admin role. */
export default fp(
  async function adminRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireRole('operator', 'admin'), async (r) => {
      certificationReviewRoutes(r, app);
      applicationReviewRoutes(r, app);

      await r.register(adminUserRoutes);
    });
  },
  { name: 'admin', dependencies: ['auth', 'db', 'envelope'] },
);
