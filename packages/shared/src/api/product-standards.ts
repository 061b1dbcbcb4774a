import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY } from '../standards.ts';

/**
 * 产品执行标准 (issue 27, decisions/0089): the standards a certified enterprise's products follow, each line matched by
 * the batch check and watched like a collected standard; and the office's figure of certified enterprises relying
 * on a superseded or abolished standard, by town.
 */

/** At most this many lines per enterprise (the batch check's own limit). */
export const PRODUCT_STANDARDS_MAX = BATCH_CHECK_MAX;
export const NOT_CERTIFIED = '只有通过企业认证的用户才能维护产品执行标准，请先完成企业认证';
/** The town label of an enterprise whose town is not known. */
export const UNKNOWN_TOWN = '未确定镇街';

const Ref = z.object({ id: z.number(), standardNo: z.string() });

export const ProductStandardLine = z.object({
  id: z.number(),
  line: z.string().describe('用户输入的原文'),
  productName: z.string().nullable(),
  /** null: not matched (未收录 / 不是标准号), or the record left the catalogue. */
  standardId: z.number().nullable(),
  standardNo: z.string().nullable(),
  nameZh: z.string().nullable(),
  status: z.string().nullable(),
  replacedBy: Ref.nullable(),
  createdAt: z.string(),
});

const productName = z
  .string({ error: '产品名称须为文本' })
  .trim()
  .max(100, '产品名称不能超过100个字符')
  .optional()
  .transform((v) => (v ? v : undefined));

export const listProductStandards = endpoint({
  method: 'GET',
  path: '/api/user/product-standards',
  response: z.object({ lines: z.array(ProductStandardLine), max: z.number() }),
});

/** One typed line, or many pasted at once: each is matched with the batch check. */
export const addProductStandards = endpoint({
  method: 'POST',
  path: '/api/user/product-standards',
  body: z.object({
    lines: z
      .array(z.string({ error: '标准号须为文本' }).max(200, '标准号不能超过200个字符'), { error: '请提供标准号' })
      .min(1, '请至少填写一个标准号')
      .max(BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY),
    productName,
  }),
  response: z.object({ added: z.number(), matched: z.number(), lines: z.array(ProductStandardLine) }),
});

/** Multipart (field `file`: TXT/CSV/XLSX as the batch check takes it, ≤ 2 MB; optional field `productName`). */
export const uploadProductStandards = endpoint({
  method: 'POST',
  path: '/api/user/product-standards/file',
  response: z.object({ added: z.number(), matched: z.number(), lines: z.array(ProductStandardLine) }),
});

export const removeProductStandard = endpoint({
  method: 'DELETE',
  path: '/api/user/product-standards/:id',
  params: z.object({ id: z.coerce.number({ error: '记录编号不正确' }).int('记录编号不正确').positive('记录编号不正确') }),
  response: z.null(),
});

export const ExposureRow = z.object({
  userId: z.number(),
  companyName: z.string(),
  townCode: z.string().nullable(),
  townName: z.string().describe('镇街名称；未知时为“未确定镇街”'),
  /** assigned: set by the office; derived: found in the company name; null: unknown. */
  townSource: z.enum(['assigned', 'derived']).nullable(),
  standardId: z.number(),
  standardNo: z.string(),
  nameZh: z.string(),
  status: z.string(),
  replacedBy: Ref.nullable(),
  lines: z.array(z.string()).describe('企业填写的原文'),
});

/** Certified enterprises relying on a superseded (被代替) or abolished (废止) standard: counts by town and the list. */
export const productStandardExposure = endpoint({
  method: 'GET',
  path: '/api/admin/product-standards/exposure',
  query: z.object({
    town: z
      .string({ error: '镇街编码不正确' })
      .regex(/^(\d{9}|unknown)?$/, '镇街编码不正确')
      .optional(),
  }),
  response: z.object({
    enterprises: z.number().describe('依赖被代替/废止标准的认证企业数'),
    certified: z.number().describe('维护了产品执行标准的认证企业数'),
    towns: z.array(z.object({ townCode: z.string().nullable(), townName: z.string(), enterprises: z.number() })),
    list: z.array(ExposureRow),
  }),
});

/** The office assigns or corrects an enterprise's town (null: back to the town found in its name, if any). */
export const setEnterpriseTown = endpoint({
  method: 'PUT',
  path: '/api/admin/product-standards/towns/:userId',
  params: z.object({ userId: z.coerce.number({ error: '用户编号不正确' }).int('用户编号不正确').positive('用户编号不正确') }),
  body: z.object({
    townCode: z
      .string({ error: '镇街编码不正确' })
      .regex(/^\d{9}$/, '镇街编码不正确')
      .nullable(),
  }),
  response: z.null(),
});

export type ProductStandardLineT = z.infer<typeof ProductStandardLine>;
export type ExposureRowT = z.infer<typeof ExposureRow>;
