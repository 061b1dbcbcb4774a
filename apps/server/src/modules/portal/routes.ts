import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/portal';
import { notFound, ok } from '../../lib/envelope.ts';
import { downloadSchema, routeSchema } from '../../lib/contract.ts';
import { fileById, sendFile } from '../files/index.ts';
import { consumeDownload } from '../files/index.ts';
import { sitePage } from './pages.ts';
import { idOf } from '../../lib/query.ts';
import * as layout from '@zs/shared/api/console-layout';
import { sectionCategories } from './categories.ts';
import { homeBlocks } from './home.ts';
import { SECTIONS } from './sections.ts';
import { listSection, sectionItem, sectionOrThrow, type ActivitySignups, type ListParams } from './service.ts';
import { standardSystemTree, type StandardsByNoKeys } from './tree.ts';
import { seedDemoTrainingFiles, stampedTrainingFile } from './training.ts';
import { getItem } from './repository.ts';

const tags = ['portal'];
const slugs = Object.values(SECTIONS)
  .map((s) => s.slug)
  .join(' | ');

/** What the public pages show from modules the portal does not import (modules/index.ts hands them in). */
export interface PortalRoutesOptions {
  /** An activity's live sign-ups (applications). */
  activitySignups: ActivitySignups;
  /** Catalogue records by canonical number key (standards). */
  standardsByNoKeys: StandardsByNoKeys;
}

/** Every public section through one list/detail machinery (sections.ts declares what differs). */
export default fp<PortalRoutesOptions>(
  async function portalRoutes(app: FastifyInstance, opts: PortalRoutesOptions) {
    const r = app.withTypeProvider<ZodTypeProvider>();

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

    r.get(
      api.sectionItemFile.path,
      {
        schema: {
          tags,
          summary: '下载内容附件（培训资料仅限认证企业，每日 30 次，与标准全文下载合计；PDF 带企业名称、用户名与时间水印）',
          ...downloadSchema(api.sectionItemFile),
        },
      },
      async (req, reply) => {
        const def = sectionOrThrow(req.params.section);
        const id = idOf(req.params.id);
        const fileId = idOf(req.params.fileId);
        const item = id === null ? null : await getItem(app.db, def, id);
        const listed =
          item &&
          def.fileFields.some((f) =>
            ((item.attrs[f] as Array<{ fileId?: number }> | undefined) ?? []).some((d) => d.fileId === fileId),
          );
        const file = listed && fileId !== null ? await fileById(app.db, fileId) : null;
        if (!file) throw notFound('附件不存在');
        if (!def.certifiedDownloads) return sendFile(reply, app.config.filesDir, file);
        // Stamp before counting, so a PDF that cannot be stamped does not cost a download.
        const stamped = req.user?.certified ? await stampedTrainingFile(app.db, app.config.filesDir, req.user, file) : null;
        await consumeDownload(app.db, req.user, def.id, `${def.id}:${id}:${fileId}`);
        return sendFile(reply, app.config.filesDir, file, stamped ?? undefined);
      },
    );

    if (app.config.seedDemo) await seedDemoTrainingFiles(app.db, app.config.filesDir, app.log);
  },
  { name: 'portal', dependencies: ['db', 'envelope', 'auth'] },
);
