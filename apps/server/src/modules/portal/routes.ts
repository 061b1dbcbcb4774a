import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seedDemoTrainingFiles } from './training.ts';
import type { PortalRoutesOptions } from './route-kit.ts';
import { structureRoutes } from './structure-routes.ts';
import { sectionRoutes } from './section-routes.ts';
import { downloadRoutes } from './download-routes.ts';

export type { PortalRoutesOptions } from './route-kit.ts';

/** Every public section through one list/detail machinery (sections.ts declares what differs). */
export default fp<PortalRoutesOptions>(
  async function portalRoutes(app: FastifyInstance, opts: PortalRoutesOptions) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    structureRoutes(r, app, opts);
    sectionRoutes(r, app, opts);
    downloadRoutes(r, app);

    if (app.config.seedDemo) await seedDemoTrainingFiles(app.db, app.config.filesDir, app.log);
  },
  { name: 'portal', dependencies: ['db', 'envelope', 'auth'] },
);
