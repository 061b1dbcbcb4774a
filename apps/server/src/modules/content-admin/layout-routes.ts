import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CategoryListForm,
  ConsoleCategory,
  ConsoleHomeBlock,
  EDITABLE_CATEGORY_SECTIONS,
  HomePinsForm,
  type EditableCategorySection,
} from '@zs/shared';
import { envelopeOf, notFound, ok } from '../../lib/envelope.ts';
import { consoleHomeBlocks } from '../portal/index.ts';
import { consoleCategories, saveCategories, saveHomePins } from './layout.ts';

const tags = ['content-admin'];
const security = [{ token: [] }];
const SectionParams = z.object({ section: z.string().max(50) });

function editable(section: string): EditableCategorySection {
  if (!(EDITABLE_CATEGORY_SECTIONS as readonly string[]).includes(section)) throw notFound('该栏目的分类不能在后台修改');
  return section as EditableCategorySection;
}

/** Console layout (docs/decisions/0060): 香山之品 categories and home page pins; operators and admins. */
export default fp(
  async function contentLayoutRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireRole('operator', 'admin'));
      const r = scope.withTypeProvider<ZodTypeProvider>();
      r.get(
        '/api/admin/categories/:section',
        {
          schema: {
            tags,
            security,
            summary: '栏目分类（section: xiangshan_product），含已隐藏的类别和使用数量',
            params: SectionParams,
            response: { 200: envelopeOf(z.array(ConsoleCategory)) },
          },
        },
        async (req) => ok(await consoleCategories(app.db, editable(req.params.section))),
      );
      r.put(
        '/api/admin/categories/:section',
        {
          schema: {
            tags,
            security,
            summary: '保存栏目分类（整表：顺序、名称、隐藏；无 code 的行为新增；已被使用的类别不能删除，只能隐藏）',
            params: SectionParams,
            body: CategoryListForm,
            response: { 200: envelopeOf(z.array(ConsoleCategory)) },
          },
        },
        async (req) => ok(await saveCategories(app.db, req.user!.id, editable(req.params.section), req.body), '类别已保存'),
      );
      r.get(
        '/api/admin/home-blocks',
        {
          schema: {
            tags,
            security,
            summary: '首页各区块：置顶条目（按顺序）与最新发布的条目',
            response: { 200: envelopeOf(z.array(ConsoleHomeBlock)) },
          },
        },
        async () => ok(await consoleHomeBlocks(app.db)),
      );
      r.put(
        '/api/admin/home-blocks/:block',
        {
          schema: {
            tags,
            security,
            summary: '保存一个首页区块的置顶条目（按顺序；只能置顶本栏目已发布的内容，最多为区块显示条数）',
            params: z.object({ block: z.string().max(30) }),
            body: HomePinsForm,
            response: { 200: envelopeOf(ConsoleHomeBlock) },
          },
        },
        async (req) => ok(await saveHomePins(app.db, req.user!.id, req.params.block, req.body.itemIds), '首页置顶已保存'),
      );
    });
  },
  { name: 'content-layout', dependencies: ['auth', 'db', 'envelope'] },
);
