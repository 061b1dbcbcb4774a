import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../envelope.ts';
import { APPLICATION_KINDS, APPLICATION_STATUSES } from '../portal.ts';
import { activitySignupSchema, brandProductApplicationSchema, serviceApplicationSchema } from '../portal-forms.ts';
import { CERTIFICATION_STATES, certificationSchema, MESSAGE_KINDS } from '../usercentre.ts';
import { IdParams, pageNumberParam, portalSizeParam } from './common.ts';
import { download, endpoint, pageOf } from './endpoint.ts';

/** The user centre's calls (apps/server/src/modules/{messages,collections,certification,applications,account}). */

// ---- messages ----
export const MessageSchema = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  kindName: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  refType: z.string().nullable(),
  refId: z.number().nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;
const flag = z
  .enum(['1', '0', 'true', 'false', ''], { error: 'unread 参数须为 1 或 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const listMessages = endpoint({
  method: 'GET',
  path: '/api/user/messages',
  query: z.object({
    unread: flag,
    kind: z.enum(MESSAGE_KINDS, { error: '消息类型不正确' }).optional(),
    page: pageNumberParam,
    size: portalSizeParam,
  }),
  response: pageOf(MessageSchema).extend({ unread: z.number() }),
});
export const openMessage = endpoint({ method: 'GET', path: '/api/user/messages/:id', params: IdParams, response: MessageSchema });
export const readAllMessages = endpoint({
  method: 'POST',
  path: '/api/user/messages/read-all',
  response: z.object({ updated: z.number() }),
});
export const readMessage = endpoint({
  method: 'POST',
  path: '/api/user/messages/:id/read',
  params: IdParams,
  response: z.null(),
});

// ---- collections ----
export const MAX_STATUS_IDS = 100;
const ItemType = z
  .string({ message: '请指定收藏类型' })
  .min(1, '请指定收藏类型')
  .max(40, '收藏类型不正确')
  .describe('收藏对象类型：standard（标准）或可收藏栏目的标识');
const ItemId = z.coerce
  .number({ message: '收藏对象编号须为正整数' })
  .int('收藏对象编号须为正整数')
  .min(1, '收藏对象编号须为正整数')
  .max(2_147_483_647, '收藏对象编号须为正整数');
export const CollectBody = z.object({
  itemType: ItemType,
  itemId: ItemId.describe('收藏对象编号（标准 id 或栏目内容 id）'),
  collect: z
    .boolean({ message: 'collect 须为 true 或 false' })
    .optional()
    .describe('true 收藏，false 取消收藏；不传则切换当前状态。重复提交结果相同'),
});
const opt = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());
const pageNo = z.coerce
  .number({ message: '页码须为正整数' })
  .int('页码须为正整数')
  .min(1, '页码须为正整数')
  .max(10_000, '页码须为正整数');
const pageSize = z.coerce
  .number({ message: `每页条数须为1-${MAX_PAGE_SIZE}` })
  .int(`每页条数须为1-${MAX_PAGE_SIZE}`)
  .min(1, `每页条数须为1-${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `每页条数须为1-${MAX_PAGE_SIZE}`);
const Ids = z
  .string({ message: '请提供要查询的编号' })
  .regex(/^\d{1,10}(,\d{1,10})*$/, '编号须为以逗号分隔的正整数')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_STATUS_IDS, `每次最多查询${MAX_STATUS_IDS}个编号`)
  .refine((ids) => ids.every((n) => n >= 1 && n <= 2_147_483_647), '编号须为以逗号分隔的正整数');

export const CollectionEntrySchema = z.object({
  id: z.number(),
  itemType: z.string(),
  itemId: z.number(),
  createdAt: z.string(),
  available: z.boolean().describe('收藏后内容被删除或下线时为 false'),
  standard: z
    .object({
      standardNo: z.string(),
      nameZh: z.string(),
      status: z.string(),
      publishDate: z.string().nullable(),
      implementDate: z.string().nullable(),
      abolishDate: z.string().nullable(),
      replacedBy: z.object({ standardNo: z.string(), id: z.number() }).nullable(),
      lastChange: z.object({ oldStatus: z.string().nullable(), newStatus: z.string(), changedAt: z.string() }).nullable(),
    })
    .nullable(),
  item: z.object({ title: z.string(), section: z.string(), sectionName: z.string() }).nullable(),
});
export type CollectionEntry = z.infer<typeof CollectionEntrySchema>;

export const setCollected = endpoint({
  method: 'POST',
  path: '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate',
  body: CollectBody,
  response: z.object({ collected: z.boolean() }),
});
export const listCollections = endpoint({
  method: 'GET',
  path: '/api/user/collections',
  query: z.object({ itemType: opt(ItemType), page: opt(pageNo), size: opt(pageSize) }),
  response: pageOf(CollectionEntrySchema),
});
export const collectionStatus = endpoint({
  method: 'GET',
  path: '/api/user/collections/status',
  query: z.object({ itemType: ItemType, ids: Ids }),
  response: z.record(z.string(), z.boolean()),
});
export const exportCollections = download({
  method: 'GET',
  path: '/api/user/collections/export',
});

// ---- certification ----
export const FileMetaSchema = z.object({ id: z.number(), name: z.string(), size: z.number(), mime: z.string() });
export type FileMeta = z.infer<typeof FileMetaSchema>;
export const CertificationView = z.object({
  id: z.number(),
  status: z.enum(CERTIFICATION_STATES),
  statusName: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  legalRep: z.string(),
  contactName: z.string(),
  contactMobile: z.string(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  licenceFile: FileMetaSchema.extend({ url: z.string() }).nullable(),
});
export type Certification = z.infer<typeof CertificationView>;
export const CertificationAnswerSchema = z.object({
  status: z.enum(CERTIFICATION_STATES),
  statusName: z.string(),
  canSubmit: z.boolean(),
  certification: CertificationView.nullable(),
});
export type CertificationAnswer = z.infer<typeof CertificationAnswerSchema>;
export const fetchCertification = endpoint({
  method: 'GET',
  path: '/api/user/certification',
  response: CertificationAnswerSchema,
});
export const submitCertification = endpoint({
  method: 'POST',
  path: '/api/user/certification',
  body: certificationSchema,
  response: z.object({ id: z.number(), status: z.literal('pending') }),
});

// ---- applications ----
export const IdempotencyHeader = z.object({
  'idempotency-key': z.string().optional().describe('可选：同一键的重复提交返回第一次的结果'),
});
const Created = z.object({ id: z.number(), referenceNo: z.string() });
export const ApplicationSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(APPLICATION_KINDS),
  kindName: z.string(),
  referenceNo: z.string(),
  refId: z.number().nullable(),
  refTitle: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  statusName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummarySchema>;
export const ApplicationDetailSchema = ApplicationSummarySchema.extend({
  form: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  withdrawable: z.boolean(),
  timeline: z.array(z.object({ status: z.string(), statusName: z.string(), note: z.string().nullable(), createdAt: z.string() })),
  attachments: z.array(FileMetaSchema),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetailSchema>;

export const applyBrandProduct = endpoint({
  method: 'POST',
  path: '/api/user/applications/brand-product',
  body: brandProductApplicationSchema,
  response: Created,
});
export const applyService = endpoint({
  method: 'POST',
  path: '/api/user/applications/service',
  body: serviceApplicationSchema,
  response: Created,
});
export const signUpActivity = endpoint({
  method: 'POST',
  path: '/api/user/activities/:id/signup',
  params: IdParams,
  body: activitySignupSchema,
  response: Created.extend({ seatsLeft: z.number() }),
});
export const listApplications = endpoint({
  method: 'GET',
  path: '/api/user/applications',
  query: z.object({
    kind: z.enum(APPLICATION_KINDS, { error: '申请类型不正确' }).optional(),
    status: z.enum(APPLICATION_STATUSES, { error: '申请状态不正确' }).optional(),
    page: pageNumberParam,
    size: portalSizeParam,
  }),
  response: pageOf(ApplicationSummarySchema),
});
export const fetchApplication = endpoint({
  method: 'GET',
  path: '/api/user/applications/:id',
  params: IdParams,
  response: ApplicationDetailSchema,
});
export const withdrawApplication = endpoint({
  method: 'POST',
  path: '/api/user/applications/:id/withdraw',
  params: IdParams,
  response: ApplicationDetailSchema,
});

// ---- account ----
export const ProfileSchema = z.object({
  id: z.number(),
  username: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  certification: z.object({
    status: z.enum(CERTIFICATION_STATES),
    statusName: z.string(),
    companyName: z.string().nullable(),
    rejectReason: z.string().nullable(),
  }),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const fetchProfile = endpoint({ method: 'GET', path: '/api/user/profile', response: ProfileSchema });
export const exportMyData = download({
  method: 'GET',
  path: '/api/user/export',
});
export const deleteAccount = endpoint({
  method: 'POST',
  path: '/api/user/delete-account',
  body: z
    .object({ password: z.string().max(512).describe('AES-ECB/PKCS7 加密的当前密码（base64）') })
    .partial()
    .nullish(),
  response: z.null(),
});

// ---- files ----
export const FILE_PURPOSES = ['attachment', 'certification', 'training', 'content'] as const;
/** Multipart upload (field `file`), read part by part in the handler. */
export const uploadFile = endpoint({
  method: 'POST',
  path: '/api/user/files',
  query: z.object({ purpose: z.enum(FILE_PURPOSES, { error: '文件用途不正确' }).default('attachment') }),
  response: FileMetaSchema,
});
export const downloadOwnFile = download({
  method: 'GET',
  path: '/api/user/files/:id',
  params: z.object({ id: z.string() }),
});
