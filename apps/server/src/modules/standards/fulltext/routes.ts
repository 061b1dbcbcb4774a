import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { protectedScope } from '../../../lib/scope.ts';
import { seedDemoFulltext } from './seed.ts';
import { MAX_FULLTEXT_BYTES } from './service.ts';
import { readingRoutes } from './reading-routes.ts';
import { attachRoutes } from './attach-routes.ts';

/** Full texts of standards: permission-checked reading and download, operators attach PDFs. */
export default fp(
  async function fulltextRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    readingRoutes(r, app);

    await protectedScope(
      app,
      app.requireRole('operator', 'admin'),
      async (s) => {
        attachRoutes(s, app);
      },
      { multipart: { fileSize: MAX_FULLTEXT_BYTES, files: 1, fields: 3, parts: 4 } },
    );

    if (app.config.seedDemo) await seedDemoFulltext(app.db, app.config.filesDir, app.log);
  },
  { name: 'fulltext', dependencies: ['db', 'auth', 'envelope', 'config'] },
);
