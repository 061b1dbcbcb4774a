import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/content-endpoints';
import { ok } from '../../../lib/envelope.ts';
import { security, type ZodScope } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { notFound } from '../../../lib/envelope.ts';
import { idOf } from '../../../lib/query.ts';
import { previewItem } from './preview.ts';
import { adminItem, listRevisions } from './repository.ts';
import { restoreRevision } from './service.ts';
import { revisionDetail } from './revision-text.ts';
import { EDIT_PENDING } from './edit-routes.ts';
import { consoleSection, tags, type ConsoleRouteOptions } from './route-kit.ts';

/** Preview as a visitor sees it, revisions, and restoring one. */
export function historyRoutes(r: ZodScope, app: FastifyInstance, { usernamesOf }: ConsoleRouteOptions) {
  r.get(
    api.previewContent.path,
    {
      schema: {
        tags,
        security,
        summary: '以访客视角预览（任何状态）',
        ...routeSchema(api.previewContent),
      },
    },
    async (req) => ok(await previewItem(app.db, consoleSection(req.params.section), idOf(req.params.id))),
  );

  r.get(
    api.contentRevisions.path,
    {
      schema: {
        tags,
        security,
        summary: '历史版本',
        ...routeSchema(api.contentRevisions),
      },
    },
    async (req) => {
      const def = consoleSection(req.params.section);
      const id = idOf(req.params.id);
      const row = id === null ? null : await adminItem((t, p) => app.db.query(t, p), def.id, id);
      if (!row) throw notFound('内容不存在');
      return ok(await listRevisions(app.db, row.id, usernamesOf));
    },
  );

  r.get(
    api.contentRevisionDetail.path,
    {
      schema: {
        tags,
        security,
        summary: '一个历史版本与当前内容（预览与对比，恢复之前查看）',
        ...routeSchema(api.contentRevisionDetail),
      },
    },
    async (req) =>
      ok(
        await revisionDetail(
          app.db,
          consoleSection(req.params.section),
          idOf(req.params.id),
          idOf(req.params.revisionId),
          usernamesOf,
        ),
      ),
  );

  r.post(
    api.restoreContentRevision.path,
    {
      schema: {
        tags,
        security,
        summary: '恢复到某一历史版本（恢复内容，不改变发布状态）',
        ...routeSchema(api.restoreContentRevision),
      },
    },
    async (req) => {
      const item = await restoreRevision(
        app.db,
        consoleSection(req.params.section),
        idOf(req.params.id),
        idOf(req.params.revisionId),
        req.user!,
        usernamesOf,
      );
      return ok(item, item.pendingRequest?.kind === 'edit' ? EDIT_PENDING : '已恢复');
    },
  );
}
