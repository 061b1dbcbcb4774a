import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/portal';
import * as layout from '@zs/shared/api/console-layout';
import { ok } from '../../lib/envelope.ts';
import type { ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { sitePage } from './pages.ts';
import { sectionCategories } from './categories.ts';
import { homeBlocks } from './home.ts';
import { SECTIONS } from './sections.ts';
import { sectionOrThrow } from './service.ts';
import { standardSystemTree } from './tree.ts';
import { tags, type PortalRoutesOptions } from './route-kit.ts';

/** What the front end builds its pages from: the sections and their categories, the home page, the standard-system tree, site pages. */
export function structureRoutes(r: ZodScope, app: FastifyInstance, opts: PortalRoutesOptions) {
  r.get(
    api.listSections.path,
    { schema: { tags, summary: '栏目清单（名称、分类、可用筛选条件）', ...routeSchema(api.listSections) } },
    async () =>
      ok(
        await Promise.all(
          Object.values(SECTIONS).map(async (s) => ({
            id: s.id,
            slug: s.slug,
            name: s.name,
            categories: await sectionCategories(app.db, s.id),
            filters: s.filters.map((f) => ({ param: f.param, label: f.label, values: f.values ? [...f.values] : null })),
            collectable: s.collectable,
          })),
        ),
      ),
  );

  r.get(
    layout.portalCategories.path,
    {
      schema: {
        tags,
        summary: '栏目的对外分类（香山之品的产品类别由运营人员在后台维护，按后台顺序）',
        ...routeSchema(layout.portalCategories),
      },
    },
    async (req) => ok(await sectionCategories(app.db, sectionOrThrow(req.params.section).id)),
  );

  r.get(
    layout.portalHome.path,
    {
      schema: {
        tags,
        summary: '首页各区块的条目：运营人员置顶的条目在前（按置顶顺序），其余按置顶权重和发布时间补足',
        ...routeSchema(layout.portalHome),
      },
    },
    async () => ok(await homeBlocks(app.db)),
  );

  r.get(
    api.standardSystemTree.path,
    {
      schema: {
        tags,
        summary: '标准体系树（叶子节点的标准编号关联到标准库记录）',
        ...routeSchema(api.standardSystemTree),
      },
    },
    async () => ok(await standardSystemTree(app.db, opts.standardsByNoKeys)),
  );

  r.get(
    api.sitePage.path,
    {
      schema: {
        tags,
        summary: '站点页面（privacy：用户服务协议与隐私政策）',
        ...routeSchema(api.sitePage),
      },
    },
    async (req) => ok(await sitePage(app.db, req.params.slug)),
  );
}
