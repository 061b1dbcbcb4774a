import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/portal';
import { ok } from '../../lib/envelope.ts';
import type { ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { idOf } from '../../lib/query.ts';
import { listSection, sectionItem, sectionOrThrow, type ListParams } from './service.ts';
import { slugs, tags, type PortalRoutesOptions } from './route-kit.ts';

/** Reading a section: its paged list and an item's detail. */
export function sectionRoutes(r: ZodScope, app: FastifyInstance, opts: PortalRoutesOptions) {
  r.get(
    api.listSection.path,
    {
      schema: {
        tags,
        summary: `栏目列表（section: ${slugs}）`,
        description:
          '分页：page 从 1 开始，size 1-100。keyword 匹配标题、摘要和栏目声明的字段；category、town 及栏目声明的筛选条件精确匹配。',
        ...routeSchema(api.listSection),
      },
    },
    async (req) => ok(await listSection(app.db, sectionOrThrow(req.params.section), req.query as ListParams)),
  );

  r.get(
    api.sectionItem.path,
    {
      schema: {
        tags,
        summary: '栏目详情（含同栏目上一篇、下一篇）',
        ...routeSchema(api.sectionItem),
      },
    },
    async (req) => ok(await sectionItem(app.db, sectionOrThrow(req.params.section), idOf(req.params.id), opts.activitySignups)),
  );
}
