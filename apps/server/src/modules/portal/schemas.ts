import { z } from 'zod';
import { pageOf } from '../../lib/envelope.ts';
import { FILTER_PARAMS } from './sections.ts';
import { pageParam, sizeParam, textParam } from '../../lib/query.ts';

/** Zod shapes of the portal answers (validation of responses and the OpenAPI description). */
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

export const ListQuery = z.object({
  keyword: textParam(100, '关键词'),
  category: textParam(50, '分类'),
  town: textParam(20, '镇街'),
  page: pageParam,
  size: sizeParam,
  ...Object.fromEntries(FILTER_PARAMS.map((p) => [p, textParam(100, '筛选条件')])),
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

export const Page = z.object({ slug: z.string(), title: z.string(), bodyHtml: z.string(), updatedAt: z.string().nullable() });
