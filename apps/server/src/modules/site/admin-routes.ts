import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { protectedScope } from '../../lib/scope.ts';
import { identityRoutes } from './admin-identity-routes.ts';
import { inspectionRoutes } from './admin-inspection-routes.ts';
import { sectionRoutes } from './admin-section-routes.ts';
import type { SectionVisibilityOptions } from './sections.ts';

/** Site settings: admin only (operators run content and reviews, not the site's identity). */
export default fp<SectionVisibilityOptions>(
  async function siteAdminRoutes(app: FastifyInstance, opts: SectionVisibilityOptions) {
    await protectedScope(app, app.requireRole('admin'), async (r) => {
      identityRoutes(r, app);
      inspectionRoutes(r, app);
      sectionRoutes(r, app, opts);
    });
  },
  { name: 'site-admin', dependencies: ['auth', 'db', 'envelope'] },
);
