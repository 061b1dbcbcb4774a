import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-settings';
import { ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { saveSectionVisibility, sectionVisibility, type SectionVisibilityOptions } from './sections.ts';

const tags = ['admin'];

/** 隐藏空栏目: the office's choice for sections with nothing published (decisions/0088). */
export function sectionRoutes(r: ZodScope, app: FastifyInstance, opts: SectionVisibilityOptions) {
  r.get(
    api.sectionVisibility.path,
    {
      schema: {
        tags,
        security,
        summary: '隐藏空栏目（仅管理员）：是否在前台导航和首页隐藏没有已发布内容的栏目，以及此刻没有内容的栏目页',
        ...routeSchema(api.sectionVisibility),
      },
    },
    async () => ok(await sectionVisibility(app.db, opts.emptyPages)),
  );
  r.put(
    api.saveSectionVisibility.path,
    {
      schema: {
        tags,
        security,
        summary: '保存“隐藏空栏目”（仅管理员；前台下次加载页面即生效，栏目有内容后自动重新显示）',
        ...routeSchema(api.saveSectionVisibility),
      },
    },
    async (req) =>
      ok(
        await saveSectionVisibility(app.db, req.user!.id, req.body, opts.emptyPages),
        req.body.hideEmptySections ? '已开启：没有内容的栏目不在导航和首页显示' : '已关闭：导航和首页显示全部栏目',
      ),
  );
}
