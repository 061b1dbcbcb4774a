import { z } from 'zod';
import { TOWN_CODES, type PortalSection } from '../portal.ts';
import { pageNumberParam, pageSizeParam } from './common.ts';
import { webLink } from '../links.ts';

/**
 * The operator console's content contract (/api/admin/content/…): request and response schemas that
 * the server validates with and the console infers its types from.
 */

/** Console URL names (as in the public routes) → the portal section they edit. */
export const CONTENT_CONSOLE_SECTIONS = {
  news: 'news',
  service: 'service',
  talent: 'talent',
  'standard-plus': 'standard_plus',
  training: 'training',
  activity: 'activity',
  result: 'result',
  demonstration: 'demonstration',
  system: 'standard_system_node',
  xiangshan: 'xiangshan_product',
} as const satisfies Record<string, PortalSection>;
export type ContentConsoleSection = keyof typeof CONTENT_CONSOLE_SECTIONS;
export const CONTENT_CONSOLE_NAMES = Object.keys(CONTENT_CONSOLE_SECTIONS) as ContentConsoleSection[];

/**
 * draft → (pending: waiting for an admin when 发布需审核 is on) → scheduled (publish time in the future)
 * → published → unpublished. Only `published` is visible to visitors.
 */
export const CONTENT_STATUSES = ['draft', 'pending', 'scheduled', 'published', 'unpublished'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  draft: '草稿',
  pending: '待审核',
  scheduled: '定时发布',
  published: '已发布',
  unpublished: '已下线',
};

export const ContentMessages = {
  title: '请输入标题（1-200个字符）',
  summary: '摘要不能超过500个字符',
  body: '正文不能超过200000个字符',
  category: '请选择分类',
  cover: '封面须为本站上传的图片',
  source: '来源不能超过100个字符',
  sourceUrl: '来源链接须以 http:// 或 https:// 开头',
  publishedAt: '发布时间格式不正确',
  town: '请选择正确的镇街',
  sort: '置顶权重须为 0-9999 的整数',
  attrs: '栏目字段格式不正确',
  ids: '请选择 1-100 条内容',
  bulkAction: '批量操作须为发布或下线',
  decision: '审核结论须为通过或退回',
  returnReason: '退回时请填写原因（1-500个字符）',
  status: '状态不正确',
  sortBy: '排序字段不正确',
} as const;
const M = ContentMessages;

/** Where the console's own uploads are served (publicly readable by their unguessable key). */
export const CONTENT_FILE_URL = /^\/api\/content\/files\/\d{1,9}\/[0-9a-f]{16}$/;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

export const contentItemInputSchema = z.object(
  {
    title: z.string({ error: M.title }).trim().min(1, M.title).max(200, M.title),
    category: z
      .string({ error: M.category })
      .max(50, M.category)
      .nullish()
      .transform((v) => v || null),
    summary: optionalText(500, M.summary),
    bodyHtml: z
      .string({ error: M.body })
      .max(200_000, M.body)
      .nullish()
      .transform((v) => v ?? ''),
    cover: z
      .string({ error: M.cover })
      .regex(CONTENT_FILE_URL, M.cover)
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    source: optionalText(100, M.source),
    sourceUrl: webLink(M.sourceUrl)
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    publishedAt: z
      .string({ error: M.publishedAt })
      .refine((v) => !Number.isNaN(Date.parse(v)), M.publishedAt)
      .nullish()
      .transform((v) => v || null),
    townCode: z
      .enum(TOWN_CODES, { error: M.town })
      .nullish()
      .transform((v) => v ?? null),
    sort: z.number({ error: M.sort }).int(M.sort).min(0, M.sort).max(9999, M.sort).default(0),
    attrs: z.record(z.string(), z.unknown(), { error: M.attrs }).default({}),
  },
  { error: '请求内容格式不正确' },
);
export type ContentItemInput = z.input<typeof contentItemInputSchema>;
/** An item's editable fields after validation (what the server stores). */
export type ContentItemData = z.output<typeof contentItemInputSchema>;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const contentListQuerySchema = z.object({
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100, '关键词不能超过100个字符').optional()),
  status: z.preprocess(emptyToUndefined, z.enum(CONTENT_STATUSES, { error: M.status }).optional()),
  category: z.preprocess(emptyToUndefined, z.string().max(50, M.category).optional()),
  sortBy: z.preprocess(
    emptyToUndefined,
    z.enum(['updatedAt', 'publishedAt', 'title', 'sort'], { error: M.sortBy }).default('updatedAt'),
  ),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc'], { error: M.sortBy }).default('desc')),
  page: pageNumberParam,
  size: pageSizeParam(20),
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;

export const contentPublishSchema = z
  .object(
    {
      publishAt: z
        .string({ error: M.publishedAt })
        .refine((v) => !Number.isNaN(Date.parse(v)), M.publishedAt)
        .nullish()
        .transform((v) => v || null),
    },
    { error: '请求内容格式不正确' },
  )
  .default({ publishAt: null });

export const contentBulkSchema = z.object(
  {
    ids: z
      .array(z.number({ error: M.ids }).int(M.ids).positive(M.ids), { error: M.ids })
      .min(1, M.ids)
      .max(100, M.ids),
    action: z.enum(['publish', 'unpublish'], { error: M.bulkAction }),
  },
  { error: '请求内容格式不正确' },
);

export const contentReviewDecisionSchema = z
  .object(
    {
      decision: z.enum(['approve', 'return'], { error: M.decision }),
      reason: z.string({ error: M.returnReason }).trim().max(500, M.returnReason).nullish(),
    },
    { error: M.decision },
  )
  .refine((b) => b.decision === 'approve' || !!b.reason, { message: M.returnReason, path: ['reason'] });

export const contentSettingsSchema = z.object(
  { reviewRequired: z.boolean({ error: '“发布需审核”须为开或关' }) },
  { error: '请求内容格式不正确' },
);
export type ContentSettings = z.infer<typeof contentSettingsSchema>;

// ---- responses ----

export const contentRowSchema = z.object({
  id: z.number(),
  section: z.string(),
  category: z.string().nullable(),
  categoryName: z.string().nullable(),
  title: z.string(),
  status: z.enum(CONTENT_STATUSES),
  statusName: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  sort: z.number(),
  demo: z.boolean(),
});
export type ContentRow = z.infer<typeof contentRowSchema>;

export const contentPageSchema = z.object({
  total: z.number(),
  list: z.array(contentRowSchema),
  page: z.number(),
  size: z.number(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentItemSchema = contentRowSchema.extend({
  summary: z.string().nullable(),
  bodyHtml: z.string(),
  cover: z.string().nullable(),
  source: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  townCode: z.string().nullable(),
  attrs: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /**
   * The open request, when 发布需审核 made 发布 (kind publish) or an edit of the live item (kind edit: the fields
   * shown are the proposed ones, the public still sees the published version) a request.
   */
  pendingRequest: z
    .object({
      id: z.number(),
      kind: z.enum(['publish', 'edit']),
      requestedBy: z.string().nullable(),
      requestedAt: z.string(),
    })
    .nullable(),
  /** Why an admin returned the last request, shown to the operator until the next one. */
  returnedReason: z.string().nullable(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentRevisionSchema = z.object({
  id: z.number(),
  action: z.string(),
  title: z.string(),
  status: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type ContentRevision = z.infer<typeof contentRevisionSchema>;

/** The text fields of one state of an item, as a revision preview and comparison shows them. */
export const revisionTextSchema = z.object({
  title: z.string(),
  category: z.string().nullable(),
  summary: z.string().nullable(),
  /** The body as sanitised HTML, for the preview. */
  bodyHtml: z.string(),
  /** The body as plain text, one paragraph a line, for the comparison. */
  bodyText: z.string(),
  source: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type RevisionText = z.infer<typeof revisionTextSchema>;

/** One revision beside the item's current state (what 恢复 would replace). */
export const contentRevisionDetailSchema = contentRevisionSchema.extend({
  revision: revisionTextSchema,
  current: revisionTextSchema,
});
export type ContentRevisionDetail = z.infer<typeof contentRevisionDetailSchema>;

export const contentReviewRowSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  section: z.string(),
  consoleSection: z.string(),
  /** publish: a draft asks to go out; edit: a change to a live item waits while the published version stays. */
  kind: z.enum(['publish', 'edit']),
  title: z.string(),
  publishAt: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
});
export type ContentReviewRow = z.infer<typeof contentReviewRowSchema>;

export const contentFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  url: z.string(),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

export const contentBulkResultSchema = z.object({ changed: z.number(), pending: z.number(), skipped: z.number() });
export type ContentBulkResult = z.infer<typeof contentBulkResultSchema>;
