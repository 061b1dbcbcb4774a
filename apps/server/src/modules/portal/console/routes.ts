import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/content-endpoints';
import { protectedScope } from '../../../lib/scope.ts';
import { downloadSchema } from '../../../lib/contract.ts';
import { MAX_FILE_BYTES } from '../../files/index.ts';
import { idOf } from '../../../lib/query.ts';
import { sendConsoleFile } from './files.ts';
import { tags, type ConsoleRouteOptions } from './route-kit.ts';
import { reviewRoutes } from './review-routes.ts';
import { itemRoutes } from './item-routes.ts';
import { editRoutes } from './edit-routes.ts';
import { historyRoutes } from './history-routes.ts';
import contentJob from './job.ts';

export type ContentAdminOptions = ConsoleRouteOptions;

/** Console content (/api/admin/content/…): operators and admins; approving and settings are admin-only. */
export default fp<ContentAdminOptions>(
  async function contentAdminRoutes(app: FastifyInstance, opts: ContentAdminOptions) {
    // Public: console uploads by their unguessable key (images inside published pages, covers).
    app.withTypeProvider<ZodTypeProvider>().get(
      api.contentFile.path,
      {
        schema: {
          tags,
          summary: '内容图片/附件（后台上传，按链接中的密钥公开读取）',
          ...downloadSchema(api.contentFile),
        },
      },
      async (req, reply) => sendConsoleFile(app.db, app.config.filesDir, reply, idOf(req.params.id), req.params.key),
    );

    await protectedScope(
      app,
      app.requireRole('operator', 'admin'),
      async (r) => {
        reviewRoutes(r, app, opts);
        itemRoutes(r, app, opts);
        editRoutes(r, app, opts);
        historyRoutes(r, app, opts);
      },
      { multipart: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } },
    );

    await app.register(contentJob);
  },
  { name: 'content-admin', dependencies: ['auth', 'db', 'envelope'] },
);
