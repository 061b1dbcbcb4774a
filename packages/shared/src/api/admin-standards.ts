import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ADOPTION_DEGREES, RELATION_KINDS, STANDARD_LEVELS, STANDARD_NATURES, STANDARD_STATUSES } from '../standards.ts';
import { isoDate, optText, pageSchema } from './common.ts';

/** Console standards catalogue (/api/admin/standards…). */
export const AdminStandardQuery = z.object({
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
  status: z.enum(STANDARD_STATUSES, { error: '标准状态不正确' }).optional(),
  page: z.coerce.number({ error: '页码须为正整数' }).int('页码须为正整数').min(1, '页码须为正整数').default(1),
  size: z.coerce.number({ error: '每页条数须为1-100' }).int().min(1).max(100, '每页条数须为1-100').default(20),
});

const optDate = (label: string) =>
  z
    .union([isoDate(label), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** Every editable field of a record; the number is normalised by the shared number rules on the server. */
export const StandardForm = z.object({
  standardNo: z.string({ error: '请填写标准编号' }).trim().min(1, '请填写标准编号').max(80, '标准编号不能超过80个字符'),
  nameZh: z.string({ error: '请填写标准名称' }).trim().min(1, '请填写标准名称').max(500, '标准名称不能超过500个字符'),
  nameEn: optText('英文名称', 500),
  level: z.enum(STANDARD_LEVELS, { error: '请选择标准级别' }).nullish(),
  nature: z.enum(STANDARD_NATURES, { error: '标准性质不正确' }).nullish(),
  status: z.enum(STANDARD_STATUSES, { error: '标准状态不正确' }).nullish(),
  publishDate: optDate('发布日期'),
  implementDate: optDate('实施日期'),
  abolishDate: optDate('废止日期'),
  ccsCode: optText('中国标准分类号', 20),
  icsCode: optText('国际标准分类号', 20),
  department: optText('主管部门', 200),
  committee: optText('归口单位', 200),
  issuer: optText('发布单位', 200),
  draftingUnits: optText('起草单位', 2000),
  drafters: optText('起草人', 2000),
  adoptedNo: optText('采标号', 200),
  adoptionDegree: z.enum(ADOPTION_DEGREES, { error: '采标程度须为 IDT、MOD 或 NEQ' }).nullish(),
  scope: optText('适用范围', 2000),
  notes: optText('备注', 2000),
  region: optText('地区', 20),
  category: optText('分类', 100),
  officialUrl: optText('官方链接', 500),
});
export type StandardFormValues = z.input<typeof StandardForm>;

export const AdminStandardRow = z.object({
  id: z.number(),
  standardNo: z.string(),
  nameZh: z.string(),
  level: z.string(),
  status: z.enum(STANDARD_STATUSES),
  implementDate: z.string().nullable(),
  updatedAt: z.string(),
});
export const AdminStandardPage = pageSchema(AdminStandardRow);

export const RelationView = z.object({
  kind: z.enum(RELATION_KINDS),
  label: z.string(),
  direction: z.enum(['forward', 'reverse']),
  id: z.number().nullable(),
  standardNo: z.string(),
});

const text = z.string().nullable();
/** The record as the editor loads it (plain output types: response schemas carry no transforms). */
export const AdminStandardDetail = z.object({
  id: z.number(),
  standardNo: z.string(),
  nameZh: z.string(),
  nameEn: text,
  level: z.enum(STANDARD_LEVELS),
  nature: z.enum(STANDARD_NATURES).nullable(),
  status: z.enum(STANDARD_STATUSES),
  publishDate: text,
  implementDate: text,
  abolishDate: text,
  ccsCode: text,
  icsCode: text,
  department: text,
  committee: text,
  issuer: text,
  draftingUnits: text,
  drafters: text,
  adoptedNo: text,
  adoptionDegree: z.enum(ADOPTION_DEGREES).nullable(),
  scope: text,
  notes: text,
  region: text,
  category: text,
  officialUrl: text,
  source: z.string().nullable(),
  updatedAt: z.string(),
  relations: z.array(RelationView),
  history: z.array(
    z.object({
      oldStatus: z.string().nullable(),
      newStatus: z.string(),
      changedAt: z.string(),
      effectiveDate: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  fulltext: z.object({ pages: z.number(), size: z.number(), access: z.enum(['open', 'registered', 'restricted']) }).nullable(),
});
export type AdminStandardDetail = z.infer<typeof AdminStandardDetail>;

export const StatusChangeBody = z.object({
  status: z.enum(STANDARD_STATUSES, { error: '请选择新状态' }),
  effectiveDate: isoDate('生效日期'),
  reason: z.string({ error: '请填写变更原因' }).trim().min(1, '请填写变更原因').max(500, '变更原因不能超过500个字符'),
  /** The record that replaces this one, named in the same step (issue 30); recorded as its 代替 relation. */
  replacedById: z.number({ error: '请选择代替标准' }).int().positive('请选择代替标准').nullish(),
});
export type StatusChangeBody = z.input<typeof StatusChangeBody>;

/** Relations as the editor saves them: this record's forward links, each picked by id. */
export const RelationsBody = z.object({
  relations: z
    .array(
      z.object({
        kind: z.enum(['replaces', 'partially_replaces'], { error: '关系类型不正确' }),
        targetId: z.number({ error: '请选择关联标准' }).int().positive('请选择关联标准'),
      }),
    )
    .max(50, '关联标准不能超过50条'),
});
export type RelationsBody = z.infer<typeof RelationsBody>;

export const FULLTEXT_ACCESS = ['open', 'registered', 'restricted'] as const;
export const FULLTEXT_ACCESS_LABELS: Record<(typeof FULLTEXT_ACCESS)[number], string> = {
  open: '所有访客可读全文',
  registered: '注册用户可读全文（访客仅预览）',
  restricted: '认证企业可读全文（其他用户仅预览）',
};

export const MissingReportDecision = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('accepted'), standardId: z.number({ error: '请选择对应的标准' }).int().positive() }),
    z.object({
      status: z.literal('rejected'),
      reason: z.string({ error: '驳回时请填写原因' }).trim().min(1, '驳回时请填写原因').max(500, '原因不能超过500个字符'),
    }),
  ],
  { error: '处理结果须为 accepted 或 rejected' },
);

// ---- endpoints (apps/server/src/modules/admin-standards) ----
const StandardIdParams = z.object({ id: z.string().max(20) });
export const listAdminStandards = endpoint({
  method: 'GET',
  path: '/api/admin/standards',
  query: AdminStandardQuery,
  response: AdminStandardPage,
});
export const checkStandardNo = endpoint({
  method: 'GET',
  path: '/api/admin/standards/check-no',
  query: z.object({
    no: z.string().trim().min(1, '请填写标准编号').max(80, '标准编号不能超过80个字符'),
    exceptId: z.coerce.number().int().positive().optional(),
  }),
  response: z.object({
    valid: z.boolean(),
    normalized: z.string().nullable(),
    existingId: z.number().nullable(),
    existingNo: z.string().nullable(),
  }),
});
export const adminStandardDetail = endpoint({
  method: 'GET',
  path: '/api/admin/standards/:id',
  params: StandardIdParams,
  response: AdminStandardDetail,
});
export const createAdminStandard = endpoint({
  method: 'POST',
  path: '/api/admin/standards',
  body: StandardForm,
  response: z.object({ id: z.number(), standardNo: z.string() }),
});
export const updateAdminStandard = endpoint({
  method: 'PUT',
  path: '/api/admin/standards/:id',
  params: StandardIdParams,
  body: StandardForm,
  response: AdminStandardDetail,
});
export const changeStandardStatus = endpoint({
  method: 'POST',
  path: '/api/admin/standards/:id/status',
  params: StandardIdParams,
  body: StatusChangeBody,
  response: AdminStandardDetail.extend({ notified: z.number() }),
});
export const setStandardRelations = endpoint({
  method: 'PUT',
  path: '/api/admin/standards/:id/relations',
  params: StandardIdParams,
  body: RelationsBody,
  response: AdminStandardDetail,
});
export const setFulltextAccess = endpoint({
  method: 'POST',
  path: '/api/admin/standards/:id/fulltext/access',
  params: StandardIdParams,
  body: z.object({ access: z.enum(FULLTEXT_ACCESS, { error: '请选择阅读权限' }) }, { error: '请选择阅读权限' }),
  response: z.object({ id: z.number(), access: z.enum(FULLTEXT_ACCESS) }),
});
