import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES } from '@zs/shared';
import { protectedScope } from '../../../lib/scope.ts';
import { interruptOrphans, running, STALE_SECONDS } from './run-job.ts';
import { buildPendingIndexes } from './bulk.ts';
import type { ImportRoutesOptions } from './route-kit.ts';
import { uploadRoutes } from './upload-routes.ts';
import { jobRoutes } from './job-routes.ts';

export type { ImportRoutesOptions } from './route-kit.ts';

/** Standards import from the browser: upload (streamed to disk), preview, start, progress, report. */
export default fp<ImportRoutesOptions>(
  async function adminImportRoutes(app: FastifyInstance, opts: ImportRoutesOptions) {
    // Jobs whose process stopped are marked 中断 (docs/decisions/0076): at start, and while running, for the jobs
    // of another instance or of the command line whose heartbeat stops.
    await interruptOrphans(app.db, { atStart: true });
    const sweep = setInterval(
      () => void interruptOrphans(app.db, { atStart: false }).catch(() => undefined),
      (STALE_SECONDS / 2) * 1000,
    );
    sweep.unref();
    // Indexes a bulk load left unbuilt when its process ended (docs/decisions/0122): built in the background, since
    // the catalogue is readable without them, only slower.
    const repairing = buildPendingIndexes(app.db).then(
      (names) => names.length && app.log.warn({ indexes: names }, 'built the indexes a stopped bulk import left'),
      (err: unknown) => app.log.error({ err }, 'building the indexes a stopped bulk import left failed'),
    );
    // Shutting down stops a running import before its next batch: it is marked 中断 and can be continued.
    const stopping = new AbortController();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      stopping.abort(new Error('服务停止'));
      await Promise.allSettled([...running, repairing]);
    });

    await protectedScope(
      app,
      app.requireRole('operator', 'admin'),
      async (r) => {
        uploadRoutes(r, app, opts, stopping.signal);
        jobRoutes(r, app, opts, stopping.signal);
      },
      { multipart: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } },
    );
  },
  { name: 'admin-import', dependencies: ['auth', 'db', 'envelope', 'config'] },
);
