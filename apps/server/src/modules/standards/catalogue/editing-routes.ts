import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { protectedScope } from '../../../lib/scope.ts';
import type { StandardEditingOptions } from './editing-route-kit.ts';
import { lookupRoutes } from './editing-lookup-routes.ts';
import { changeRoutes } from './editing-change-routes.ts';

export type { StandardEditingOptions } from './editing-route-kit.ts';

/** The standards catalogue in the console (operator and admin). */
export default fp<StandardEditingOptions>(
  async function adminStandardRoutes(app: FastifyInstance, opts: StandardEditingOptions) {
    await protectedScope(app, app.requireRole('operator', 'admin'), async (r) => {
      lookupRoutes(r, app);
      changeRoutes(r, app, opts);
    });
  },
  { name: 'admin-standards', dependencies: ['auth', 'db', 'envelope'] },
);
