import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES } from '@zs/shared';
import { protectedScope } from '../../../lib/scope.ts';
import { failOrphans, running } from './jobs.ts';
import type { ImportRoutesOptions } from './route-kit.ts';
import { uploadRoutes } from './upload-routes.ts';
import { jobRoutes } from './job-routes.ts';

export type { ImportRoutesOptions } from './route-kit.ts';

/** Standards import from the browser: upload (streamed to disk), preview, start, progress, report. */
export default fp<ImportRoutesOptions>(
  async function adminImportRoutes(app: FastifyInstance, opts: ImportRoutesOptions) {
    await failOrphans(app.db);
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });

    await protectedScope(
      app,
      app.requireRole('operator', 'admin'),
      async (r) => {
        uploadRoutes(r, app, opts);
        jobRoutes(r, app, opts);
      },
      { multipart: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } },
    );
  },
  { name: 'admin-import', dependencies: ['auth', 'db', 'envelope', 'config'] },
);
