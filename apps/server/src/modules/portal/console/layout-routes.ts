import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { EDITABLE_CATEGORY_SECTIONS, type EditableCategorySection } from '@zs/shared';
import * as api from '@zs/shared/api/console-layout';
import { notFound, ok } from '../../../lib/envelope.ts';
import { protectedScope, security } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { consoleHomeBlocks } from '../home.ts';
import { consoleCategories, saveCategories, saveHomePins } from './layout.ts';

const tags = ['content-admin'];

function editable(section: string): EditableCategorySection {
  if (!(EDITABLE_CATEGORY_SECTIONS as readonly string[]).includes(section)) throw notFound('该栏目的分类不能在后台修改');
  return section as EditableCategorySection;
}

/** Console layout (docs/decisions/0060): 香山之品 categories and home page pins; operators and admins. */
export default fp(
  async function contentLayoutRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireRole('operator', 'admin'), async (r) => {
      r.get(
        api.consoleCategoriesOf.path,
        {
          schema: {
            tags,
            security,
            summary: '栏目分类（section: xiangshan_product），含已隐藏的类别和使用数量',
            ...routeSchema(api.consoleCategoriesOf),
          },
        },
        async (req) => ok(await consoleCategories(app.db, editable(req.params.section))),
      );
      r.put(
        api.saveConsoleCategories.path,
        {
          schema: {
            tags,
            security,
            summary: '保存栏目分类（整表：顺序、名称、隐藏；无 code 的行为新增；已被使用的类别不能删除，只能隐藏）',
            ...routeSchema(api.saveConsoleCategories),
          },
        },
        async (req) => ok(await saveCategories(app.db, req.user!.id, editable(req.params.section), req.body), '类别已保存'),
      );
      r.get(
        api.homeBlocksConsole.path,
        {
          schema: {
            tags,
            security,
            summary: '首页各区块：置顶条目（按顺序）与最新发布的条目',
            ...routeSchema(api.homeBlocksConsole),
          },
        },
        async () => ok(await consoleHomeBlocks(app.db)),
      );
      r.put(
        api.saveHomeBlockPins.path,
        {
          schema: {
            tags,
            security,
            summary: '保存一个首页区块的置顶条目（按顺序；只能置顶本栏目已发布的内容，最多为区块显示条数）',
            ...routeSchema(api.saveHomeBlockPins),
          },
        },
        async (req) => ok(await saveHomePins(app.db, req.user!.id, req.params.block, req.body.itemIds), '首页置顶已保存'),
      );
    });
  },
  { name: 'content-layout', dependencies: ['auth', 'db', 'envelope'] },
);
