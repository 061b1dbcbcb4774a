import { z } from 'zod';
import { pageNumberParam, portalSizeParam, textParam } from './common.ts';
import { download, endpoint, pageOf } from './endpoint.ts';

/** The portal's answers (apps/server/src/modules/{portal,datamap}): validation of responses, OpenAPI and the web's types. */
export const Neighbour = z.object({ id: z.number(), title: z.string() }).nullable();

export const ItemSummary = z.object({
  id: z.number(),
  section: z.string(),
  category: z.string().nullable(),
  categoryName: z.string().nullable(),
  title: z.string(),
  summary: z.string().nullable(),
  cover: z.string().nullable(),
  source: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  publishedAt: z.string(),
  townCode: z.string().nullable(),
  townName: z.string().nullable(),
  demo: z.boolean().describe('true 表示示例内容（【示例】）'),
  attrs: z.record(z.string(), z.unknown()).describe('栏目专有字段'),
});

export const ItemDetail = ItemSummary.extend({
  sectionName: z.string(),
  bodyHtml: z.string().describe('已按白名单净化的 HTML'),
  prev: Neighbour,
  next: Neighbour,
  collectable: z.boolean(),
  signedUp: z.number().optional().describe('仅活动：有效报名人数（不含已撤回、已驳回）'),
  seatsLeft: z.number().optional().describe('仅活动：剩余名额'),
});

export const ItemPage = pageOf(ItemSummary);

/** Every filter parameter a section may declare (apps/server/src/modules/portal/sections.ts types its filters with it). */
export const PORTAL_FILTER_PARAMS = ['field', 'kind', 'open', 'batch', 'level', 'projectStatus', 'parent'] as const;
export type PortalFilterParam = (typeof PORTAL_FILTER_PARAMS)[number];
const filterParam = textParam(100, '筛选条件');

export const ListQuery = z.object({
  keyword: textParam(100, '关键词'),
  category: textParam(50, '分类'),
  town: textParam(20, '镇街'),
  page: pageNumberParam,
  size: portalSizeParam,
  ...(Object.fromEntries(PORTAL_FILTER_PARAMS.map((p) => [p, filterParam])) as Record<PortalFilterParam, typeof filterParam>),
});

export const SectionInfo = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  categories: z.array(z.object({ code: z.string(), name: z.string() })),
  filters: z.array(z.object({ param: z.string(), label: z.string(), values: z.array(z.string()).nullable() })),
  collectable: z.boolean(),
});

export type TreeNodeShape = {
  id: number;
  name: string;
  category: string | null;
  summary: string | null;
  demo: boolean;
  standards: Array<{ standardNo: string; id: number | null; nameZh: string | null }>;
  children: TreeNodeShape[];
};
export const TreeNode: z.ZodType<TreeNodeShape> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    category: z.string().nullable(),
    summary: z.string().nullable(),
    demo: z.boolean(),
    standards: z.array(z.object({ standardNo: z.string(), id: z.number().nullable(), nameZh: z.string().nullable() })),
    children: z.array(TreeNode),
  }),
);

export const SitePageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  updatedAt: z.string().nullable(),
});
export type ItemSummary = z.infer<typeof ItemSummary>;
export type ItemDetail = z.infer<typeof ItemDetail>;
export type Neighbour = z.infer<typeof Neighbour>;
export type SectionInfo = z.infer<typeof SectionInfo>;
export type SitePageT = z.infer<typeof SitePageSchema>;

const SectionParams = z.object({ section: z.string().max(50) });
const ItemParams = z.object({ section: z.string().max(50), id: z.string().max(20) });

export const listSections = endpoint({ method: 'GET', path: '/api/portal/sections', response: z.array(SectionInfo) });
export const standardSystemTree = endpoint({
  method: 'GET',
  path: '/api/portal/standard-system/tree',
  response: z.array(TreeNode),
});
export const sitePage = endpoint({
  method: 'GET',
  path: '/api/portal/pages/:slug',
  params: z.object({ slug: z.string().max(50) }),
  response: SitePageSchema,
});
export const listSection = endpoint({
  method: 'GET',
  path: '/api/portal/:section',
  params: SectionParams,
  query: ListQuery,
  response: ItemPage,
});
export const sectionItem = endpoint({
  method: 'GET',
  path: '/api/portal/:section/:id',
  params: ItemParams,
  response: ItemDetail,
});
export const sectionItemFile = download({
  method: 'GET',
  path: '/api/portal/:section/:id/files/:fileId',
  params: ItemParams.extend({ fileId: z.string().max(20) }),
});

// ---- the city data map ----
const Figures = z.record(z.string(), z.number().nullable());
export const DataMapSchema = z.object({
  note: z.string(),
  indicators: z.array(
    z.object({ key: z.string(), name: z.string(), unit: z.string(), perTown: z.boolean(), note: z.string().nullable() }),
  ),
  towns: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      center: z.tuple([z.number(), z.number()]),
      approximate: z.boolean(),
      figures: Figures,
    }),
  ),
  totals: Figures,
});
export const DataMapRow = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string().nullable(),
  date: z.string().nullable(),
  townCode: z.string().nullable(),
  townName: z.string().nullable(),
  link: z.string().nullable(),
});

export type DataMap = z.infer<typeof DataMapSchema>;
export type DataMapRowT = z.infer<typeof DataMapRow>;

export const dataMap = endpoint({ method: 'GET', path: '/api/portal/datamap', response: DataMapSchema });
export const dataMapRows = endpoint({
  method: 'GET',
  path: '/api/portal/datamap/:indicator',
  params: z.object({ indicator: z.string().max(50) }),
  query: z.object({ town: textParam(20, '镇街'), page: pageNumberParam, size: portalSizeParam }),
  response: pageOf(DataMapRow),
});
export const geoBoundary = download({
  method: 'GET',
  path: '/api/portal/geo/:name',
  params: z.object({ name: z.string().max(50) }),
});
