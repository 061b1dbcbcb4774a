import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/content-endpoints';
import { ok } from '../../../lib/envelope.ts';
import { security, type ZodScope } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { CONTENT_STATUSES } from '@zs/shared';
import { notFound } from '../../../lib/envelope.ts';
import { limitHit } from '../../../db/rate-limit.ts';
import { readOneFile } from '../../files/index.ts';
import { idOf } from '../../../lib/query.ts';
import { storeConsoleFile } from './files.ts';
import { adminItem, listAdminItems, toItem, updaterName } from './repository.ts';
import { requestState } from './review.ts';
import { proposedFields, withProposal } from './edit-review.ts';
import { createItem } from './service.ts';
import { consoleSection, sectionNames, tags, type ConsoleRouteOptions } from './route-kit.ts';

/** Console uploads, and listing, creating and reading items of a section. */
export function itemRoutes(r: ZodScope, app: FastifyInstance, { usernamesOf }: ConsoleRouteOptions) {
  r.post(
    api.uploadContentFile.path,
    {
      schema: {
        tags,
        security,
        summary: '上传内容图片或附件（multipart，字段 file；PNG/JPG/PDF/DOCX/XLSX，≤10MB）',
        ...routeSchema(api.uploadContentFile),
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      await limitHit(app.ephemeral, `upload:user:${req.user!.id}`, 300, 3600, '上传过于频繁，请稍后再试');
      const file = await readOneFile(req);
      return ok(await storeConsoleFile(app.db, app.config.filesDir, req.user!.id, file.filename, file.content), '上传成功');
    },
  );

  r.get(
    api.listContent.path,
    {
      schema: {
        tags,
        security,
        summary: `内容列表（section: ${sectionNames}；status: ${CONTENT_STATUSES.join(' | ')}）`,
        ...routeSchema(api.listContent),
      },
    },
    async (req) => {
      const def = consoleSection(req.params.section);
      return ok(await listAdminItems(app.db, def, req.query, usernamesOf));
    },
  );

  r.post(
    api.createContent.path,
    {
      schema: {
        tags,
        security,
        summary: '新建内容（保存为草稿）',
        ...routeSchema(api.createContent),
      },
    },
    async (req) =>
      ok(await createItem(app.db, consoleSection(req.params.section), req.body, req.user!, usernamesOf), '已保存为草稿'),
  );

  r.get(
    api.contentItem.path,
    {
      schema: {
        tags,
        security,
        summary: '内容详情（任何状态）',
        ...routeSchema(api.contentItem),
      },
    },
    async (req) => {
      const def = consoleSection(req.params.section);
      const id = idOf(req.params.id);
      const row = id === null ? null : await adminItem((t, p) => app.db.query(t, p), def.id, id);
      if (!row) throw notFound('内容不存在');
      const item = toItem(row, await updaterName(app.db, usernamesOf, row), await requestState(app.db, row.id, usernamesOf));
      return ok(withProposal(item, await proposedFields((t, p) => app.db.query(t, p), row.id)));
    },
  );
}
