import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { protectedScope } from '../../lib/scope.ts';
import { collectRoutes } from './collect-routes.ts';
import { exportRoutes } from './export-routes.ts';

/** The spec's collect call plus the user's own collection list, list-page flags and Excel export. */
export default fp(
  async function collectionRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireUser, async (r) => {
      collectRoutes(r, app);
      exportRoutes(r, app);
    });
  },
  { name: 'collections', dependencies: ['db', 'auth', 'envelope'] },
);
