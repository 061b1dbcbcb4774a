import { z } from 'zod';
import { CATEGORY_CODE } from '../portal.ts';
import { endpoint } from './endpoint.ts';
import { ItemSummary } from './portal.ts';

/**
 * Console layout (docs/decisions/0060): the editable 香山之品 categories, the items pinned in the home
 * page's blocks and the review-waiting limits of the inspection page.
 */

/** A category as the public pages show it (visible ones, in order). */
export const PublicCategory = z.object({ code: z.string(), name: z.string() });
export type PublicCategory = z.infer<typeof PublicCategory>;

/** A category as the console edits it: hidden ones included, with how many items use it. */
export const ConsoleCategory = PublicCategory.extend({ hidden: z.boolean(), inUse: z.number() });
export type ConsoleCategory = z.infer<typeof ConsoleCategory>;

const categoryName = z
  .string({ error: '请填写类别名称' })
  .trim()
  .min(1, '请填写类别名称')
  .max(20, '类别名称不能超过20个字符')
  .refine((v) => !/[<>]/.test(v), '类别名称不能包含 < 或 >');

/**
 * The whole list in display order: rows with a code rename/hide existing categories, rows without one
 * add a category, and a code left out deletes it (refused while items use it; hide it instead).
 */
export const CategoryListForm = z
  .object({
    categories: z
      .array(
        z.object({
          code: z.string().regex(CATEGORY_CODE, '类别代码不正确').nullish(),
          name: categoryName,
          hidden: z.boolean().default(false),
        }),
      )
      .min(1, '至少保留一个类别')
      .max(50, '类别不能超过50个'),
  })
  .superRefine((v, ctx) => {
    const names = v.categories.map((c) => c.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) ctx.addIssue({ code: 'custom', message: `类别名称“${dup}”重复`, path: ['categories'] });
    const codes = v.categories.map((c) => c.code).filter(Boolean);
    if (new Set(codes).size !== codes.length) ctx.addIssue({ code: 'custom', message: '类别代码重复', path: ['categories'] });
    if (v.categories.every((c) => c.hidden))
      ctx.addIssue({ code: 'custom', message: '至少保留一个对外显示的类别', path: ['categories'] });
  });
export type CategoryListForm = z.input<typeof CategoryListForm>;

/** The home page's blocks (apps/web/src/features/home/routes/HomePage.tsx shows them in this order). */
export const HOME_BLOCKS = [
  { key: 'news', section: 'news', title: '政策资讯', size: 5 },
  { key: 'service', section: 'service', title: '标准化服务', size: 4 },
  { key: 'activity', section: 'activity', title: '活动', size: 4 },
  { key: 'training', section: 'training', title: '培训资料', size: 4 },
] as const;
export type HomeBlockKey = (typeof HOME_BLOCKS)[number]['key'];

export const HomeBlockItem = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  publishedAt: z.string().nullable(),
  demo: z.boolean(),
});
export type HomeBlockItem = z.infer<typeof HomeBlockItem>;

/** One block in the console: the pinned items in order and the newest published ones that fill it up. */
export const ConsoleHomeBlock = z.object({
  key: z.string(),
  section: z.string(),
  title: z.string(),
  size: z.number(),
  pinned: z.array(HomeBlockItem),
  latest: z.array(HomeBlockItem),
});
export type ConsoleHomeBlock = z.infer<typeof ConsoleHomeBlock>;

export const HomePinsForm = z.object({
  itemIds: z
    .array(z.number({ error: '内容编号不正确' }).int('内容编号不正确').positive('内容编号不正确'), {
      error: '请提供置顶内容列表',
    })
    .max(10, '置顶内容不能超过10条'),
});
export type HomePinsForm = z.infer<typeof HomePinsForm>;

const days = (label: string) =>
  z
    .number({ error: `请填写${label}的期限（天）` })
    .int(`${label}的期限须为整数天`)
    .min(1, `${label}的期限至少 1 天`)
    .max(365, `${label}的期限不能超过 365 天`);

/** Days after which a waiting item counts as overdue on /admin/health (site setting reviewLimitDays). */
export const ReviewLimitsForm = z.object({
  reports: days('缺失标准反馈'),
  applications: days('申请'),
  certifications: days('企业认证'),
});
export type ReviewLimits = z.infer<typeof ReviewLimitsForm>;

// ---- calls (decisions/0042) ----

const SectionParams = z.object({ section: z.string().max(50) });

/** Public: a section's visible categories in the console's order. */
export const portalCategories = endpoint({
  method: 'GET',
  path: '/api/portal/categories/:section',
  params: SectionParams,
  response: z.array(PublicCategory),
});
/** Public: every home block's items, pinned ones first. */
export const portalHome = endpoint({
  method: 'GET',
  path: '/api/portal/home',
  response: z.record(z.string(), z.array(ItemSummary)),
});
export const consoleCategoriesOf = endpoint({
  method: 'GET',
  path: '/api/admin/categories/:section',
  params: SectionParams,
  response: z.array(ConsoleCategory),
});
export const saveConsoleCategories = endpoint({
  method: 'PUT',
  path: '/api/admin/categories/:section',
  params: SectionParams,
  body: CategoryListForm,
  response: z.array(ConsoleCategory),
});
export const homeBlocksConsole = endpoint({ method: 'GET', path: '/api/admin/home-blocks', response: z.array(ConsoleHomeBlock) });
export const saveHomeBlockPins = endpoint({
  method: 'PUT',
  path: '/api/admin/home-blocks/:block',
  params: z.object({ block: z.string().max(30) }),
  body: HomePinsForm,
  response: ConsoleHomeBlock,
});
export const reviewLimits = endpoint({ method: 'GET', path: '/api/admin/settings/review-limits', response: ReviewLimitsForm });
export const saveReviewLimits = endpoint({
  method: 'PUT',
  path: '/api/admin/settings/review-limits',
  body: ReviewLimitsForm,
  response: ReviewLimitsForm,
});
