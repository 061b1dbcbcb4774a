import { z } from 'zod';
import {
  ACTIVITY_KINDS,
  DEMONSTRATION_STATUSES,
  PORTAL_CATEGORIES,
  PORTAL_SECTION_NAMES,
  PORTAL_SECTION_SLUGS,
  PORTAL_SECTIONS,
  type CategoryOption,
  type PortalSection,
} from '@zs/shared';

/**
 * The section registry: one declaration per public section instead of one module per page. The list
 * and detail machinery (repository.ts, routes.ts) reads everything section-specific from here.
 */
export interface FilterDef {
  /** Query parameter name. */
  param: string;
  /** SQL condition with `$?` standing for the bound value. */
  sql: string;
  /** Accepted values; anything else is refused with code 400. */
  values?: readonly string[];
  label: string;
}

export interface SectionDef {
  id: PortalSection;
  slug: string;
  name: string;
  categories: readonly CategoryOption[];
  attrs: z.ZodType<Record<string, unknown>>;
  /** SQL expressions matched by `keyword` (ILIKE), besides title and summary. */
  searchable: readonly string[];
  filters: readonly FilterDef[];
  collectable: boolean;
  /** attrs keys holding `[{ fileId, name }]` whose files the detail page may serve. */
  fileFields: readonly string[];
  /** Downloads count against the certified-enterprise daily quota (PRODUCT.md §6). */
  certifiedDownloads: boolean;
}

const M = {
  text: '内容格式不正确',
  url: '链接须以 http:// 或 https:// 开头',
  date: '日期格式须为 YYYY-MM-DD',
  datetime: '时间格式不正确',
  seat: '名额须为 1-100000 的整数',
  file: '附件格式不正确',
  privateInfo: '人才信息不得包含个人电话、邮箱或住址',
};
const str = (max = 200) => z.string({ error: M.text }).trim().max(max, M.text);
const list = (max = 20) => z.array(str(100), { error: M.text }).max(max, M.text);
const url = z
  .string({ error: M.url })
  .regex(/^https?:\/\/[^\s"'<>]+$/i, M.url)
  .max(500, M.url);
const day = z.string({ error: M.date }).regex(/^\d{4}-\d{2}-\d{2}$/, M.date);
const instant = z.string({ error: M.datetime }).refine((v) => !Number.isNaN(Date.parse(v)), M.datetime);
const fileRef = z.object({ fileId: z.number({ error: M.file }).int().positive(), name: str(200) }, { error: M.file }).strict();
const attachment = z
  .object(
    { name: str(200), fileId: z.number({ error: M.file }).int().positive().optional(), url: url.optional() },
    { error: M.file },
  )
  .strict()
  .refine((a) => a.fileId !== undefined || a.url !== undefined, M.file);

/** Phone numbers, e-mail addresses and street addresses must never appear in a public talent profile. */
const PRIVATE_INFO = [
  /1[3-9]\d{9}/,
  /\d{3,4}-?\d{7,8}/,
  /[\w.+-]+@[\w-]+\.[\w.]+/,
  /(路|街|道|巷|村|弄|小区|大厦|花园|苑)[^，。,;；]{0,12}?\d+\s*(号|栋|幢|室)/,
];
const noPrivateInfo = (v: Record<string, unknown>) => !PRIVATE_INFO.some((re) => re.test(JSON.stringify(v)));

const attrsOf = {
  news: z
    .object({ date: day.optional(), attachments: z.array(attachment).max(20, M.file).optional(), officialUrl: url.optional() })
    .strict(),
  standard_plus: z.object({ theme: str(50).optional(), author: str(100).optional() }).strict(),
  service: z
    .object({ provider: str(100), scope: str(500), steps: list(20), fees: str(300), serviceHours: str(100).optional() })
    .strict(),
  talent: z
    .strictObject(
      {
        name: str(30),
        title: str(50).optional(),
        organisation: str(100),
        fields: list(10),
        committees: list(10),
        achievements: str(2000).optional(),
      },
      { error: M.privateInfo },
    )
    .refine(noPrivateInfo, M.privateInfo),
  training: z
    .object({
      documents: z.array(fileRef).max(20, M.file).default([]),
      videoUrl: url.optional(),
      lecturer: str(50).optional(),
      hours: z.number().positive().max(1000).optional(),
    })
    .strict(),
  activity: z
    .object({
      startAt: instant,
      endAt: instant,
      place: str(200),
      seatLimit: z.number({ error: M.seat }).int(M.seat).min(1, M.seat).max(100000, M.seat),
      signupDeadline: instant,
      open: z.boolean(),
      organiser: str(100).optional(),
    })
    .strict(),
  result: z
    .object({
      batch: str(100).optional(),
      enterprise: str(100).optional(),
      standardNo: str(60).optional(),
      standardName: str(200).optional(),
      certificateNo: str(60).optional(),
      achievementType: str(50).optional(),
      unit: str(200).optional(),
    })
    .strict(),
  xiangshan_product: z
    .object({
      enterprise: str(100),
      product: str(100),
      standardNo: str(60),
      certificateNo: str(60),
      validFrom: day,
      validTo: day,
    })
    .strict(),
  demonstration: z
    .object({
      field: str(50),
      undertaker: str(200),
      periodStart: day,
      periodEnd: day.optional(),
      projectStatus: z.enum(Object.keys(DEMONSTRATION_STATUSES) as [string, ...string[]], { error: '项目状态不正确' }),
    })
    .strict(),
  gi_product: z.object({ origin: str(100).optional(), protection: str(300).optional() }).strict(),
  standard_system_node: z
    .object({ parentId: z.number().int().positive().nullable(), standardNos: list(50).default([]) })
    .strict(),
} satisfies Record<PortalSection, z.ZodType>;

const a = (key: string) => `attrs->>'${key}'`;

const overrides: Partial<Record<PortalSection, Partial<SectionDef>>> = {
  talent: {
    searchable: [a('name'), a('organisation'), a('title')],
    filters: [{ param: 'field', sql: "attrs->'fields' @> jsonb_build_array($?::text)", label: '领域' }],
  },
  service: { searchable: [a('provider'), a('scope')] },
  training: { fileFields: ['documents'], certifiedDownloads: true, searchable: [a('lecturer')] },
  news: { fileFields: ['attachments'] },
  activity: {
    searchable: [a('place'), a('organiser')],
    filters: [
      { param: 'kind', sql: 'category = $?', values: ACTIVITY_KINDS, label: '活动类型' },
      { param: 'open', sql: `coalesce(${a('open')}, 'false') = $?`, values: ['true', 'false'], label: '报名状态' },
    ],
  },
  result: {
    searchable: [a('enterprise'), a('standardNo'), a('standardName'), a('certificateNo'), a('unit')],
    filters: [{ param: 'batch', sql: `${a('batch')} = $?`, label: '批次' }],
  },
  xiangshan_product: { searchable: [a('enterprise'), a('product'), a('standardNo'), a('certificateNo')] },
  demonstration: {
    searchable: [a('undertaker'), a('field')],
    filters: [
      { param: 'level', sql: 'category = $?', values: PORTAL_CATEGORIES.demonstration.map((c) => c.code), label: '级别' },
      { param: 'field', sql: `${a('field')} = $?`, label: '领域' },
      {
        param: 'projectStatus',
        sql: `${a('projectStatus')} = $?`,
        values: Object.keys(DEMONSTRATION_STATUSES),
        label: '项目状态',
      },
    ],
  },
  gi_product: { searchable: [a('origin')] },
  standard_system_node: {
    collectable: false,
    filters: [{ param: 'parent', sql: `${a('parentId')} = $?`, label: '上级节点' }],
  },
};

export const SECTIONS: Record<PortalSection, SectionDef> = Object.fromEntries(
  PORTAL_SECTIONS.map((id) => [
    id,
    {
      id,
      slug: PORTAL_SECTION_SLUGS[id],
      name: PORTAL_SECTION_NAMES[id],
      categories: PORTAL_CATEGORIES[id],
      attrs: attrsOf[id] as unknown as z.ZodType<Record<string, unknown>>,
      searchable: [],
      filters: [],
      collectable: true,
      fileFields: [],
      certifiedDownloads: false,
      ...overrides[id],
    } satisfies SectionDef,
  ]),
) as Record<PortalSection, SectionDef>;

const bySlug = new Map(Object.values(SECTIONS).map((s) => [s.slug, s]));

export function sectionBySlug(slug: string): SectionDef | undefined {
  return bySlug.get(slug);
}

/** Every filter parameter any section declares (the shared querystring schema lists them for OpenAPI). */
export const FILTER_PARAMS = [...new Set(Object.values(SECTIONS).flatMap((s) => s.filters.map((f) => f.param)))];
