import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/content-endpoints';
import { ok } from '../../../lib/envelope.ts';
import { security, type ZodScope } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { idOf } from '../../../lib/query.ts';
import { bulkChange, changeStatus, updateItem } from './service.ts';
import { consoleSection, tags, type ConsoleRouteOptions } from './route-kit.ts';

/** What an operator is told when 发布需审核 holds an edit of a live item back. */
export const EDIT_PENDING = '修改已提交审核，审核通过前前台仍显示已发布的版本';

/** Saving, publishing and unpublishing items, one or several at once. */
export function editRoutes(r: ZodScope, app: FastifyInstance, { usernamesOf }: ConsoleRouteOptions) {
  r.post(
    api.bulkContent.path,
    {
      schema: {
        tags,
        security,
        summary: '批量发布 / 下线',
        ...routeSchema(api.bulkContent),
      },
    },
    async (req) =>
      ok(await bulkChange(app.db, consoleSection(req.params.section), req.body.ids, req.body.action, req.user!), '批量操作完成'),
  );

  r.put(
    api.updateContent.path,
    {
      schema: {
        tags,
        security,
        summary: '保存修改（已发布的内容立即生效；开启“发布需审核”时运营人员的修改待审核，前台仍显示已发布的版本）',
        ...routeSchema(api.updateContent),
      },
    },
    async (req) => {
      const item = await updateItem(
        app.db,
        consoleSection(req.params.section),
        idOf(req.params.id),
        req.body,
        req.user!,
        usernamesOf,
      );
      return ok(item, item.pendingRequest?.kind === 'edit' ? EDIT_PENDING : '已保存');
    },
  );

  r.post(
    api.publishContent.path,
    {
      schema: {
        tags,
        security,
        summary: '发布（publishAt 为将来时间则定时发布；开启“发布需审核”时运营人员的发布成为待审核申请）',
        ...routeSchema(api.publishContent),
      },
    },
    async (req) => {
      const status = await changeStatus(
        app.db,
        consoleSection(req.params.section),
        idOf(req.params.id),
        'publish',
        req.user!,
        req.body.publishAt,
      );
      const msg = { pending: '已提交发布审核', scheduled: '已设置定时发布', published: '已发布' } as Record<string, string>;
      return ok({ status }, msg[status] ?? '成功');
    },
  );

  r.post(
    api.unpublishContent.path,
    {
      schema: {
        tags,
        security,
        summary: '下线',
        ...routeSchema(api.unpublishContent),
      },
    },
    async (req) =>
      ok(
        {
          status: await changeStatus(app.db, consoleSection(req.params.section), idOf(req.params.id), 'unpublish', req.user!),
        },
        '已下线',
      ),
  );
}
