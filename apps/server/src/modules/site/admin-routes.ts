import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { protectedScope } from '../../lib/scope.ts';
import { identityRoutes } from './admin-identity-routes.ts';
import { inspectionRoutes } from './admin-inspection-routes.ts';

/** Site settings: admin only (operators run content and reviews, not the site's identity). */
export default fp(
  async function siteAdminRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireRole('admin'), async (r) => {
      identityRoutes(r, app);
      inspectionRoutes(r, app);
    });
  },
  { name: 'site-admin', dependencies: ['auth', 'db', 'envelope'] },
);
