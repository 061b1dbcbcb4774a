import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../envelope.ts';
import { endpoint, pageOf } from './endpoint.ts';

/** docs/product.md §7: anyone may report a standard missing from the catalogue, sent form-urlencoded. */
export const REPORTS_PER_IP_PER_DAY = 10;
export const MissingReportMessages = {
  notForm: '请以表单方式（application/x-www-form-urlencoded）提交',
  tooMany: `今日提交次数已达上限（每日${REPORTS_PER_IP_PER_DAY}次），请明天再试`,
  done: '感谢反馈，平台运营人员核实后将补充该标准',
} as const;

const field = (label: string, max: number) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);

/** The public report form: the server validates it and the web's form checks each field with the same rule. */
export const MissingReportForm = z.object({
  standardNo: field('标准号', 60).describe('标准号，如 DB4420/T 1-2020'),
  title: field('标准名称', 200),
  seenAt: field('在何处看到该标准', 200).describe('来源：网址、文件名或发布单位'),
  contact: z
    .string({ message: '联系方式格式不正确' })
    .trim()
    .max(100, '联系方式不能超过100个字符')
    .optional()
    .describe('可选：手机号或邮箱，便于回复'),
  region: z.enum(['zhongshan', 'shenzhen'], { message: '提交页面不正确' }).describe('提交所在页面：zhongshan 或 shenzhen'),
});
export type MissingReportFormT = z.input<typeof MissingReportForm>;

export const MISSING_REPORT_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type MissingReportStatus = (typeof MISSING_REPORT_STATUSES)[number];

export const MissingReportRow = z.object({
  id: z.number(),
  standardNo: z.string(),
  title: z.string(),
  seenAt: z.string(),
  contact: z.string().nullable(),
  region: z.string(),
  status: z.enum(MISSING_REPORT_STATUSES),
  standardId: z.number().nullable(),
  createdAt: z.string(),
});
export type MissingReportRow = z.infer<typeof MissingReportRow>;

export const reportMissingStandard = endpoint({
  method: 'POST',
  path: '/api/portal/standards/missing-reports',
  body: MissingReportForm,
  response: z.object({ id: z.number() }),
});

export const listMissingReports = endpoint({
  method: 'GET',
  path: '/api/admin/standards/missing-reports',
  query: z.object({
    status: z.enum(MISSING_REPORT_STATUSES, { message: '处理状态不正确' }).default('pending'),
    page: z.coerce.number({ message: '页码须为正整数' }).int('页码须为正整数').min(1, '页码须为正整数').default(1),
    size: z.coerce
      .number({ message: `每页条数须为1-${MAX_PAGE_SIZE}` })
      .int(`每页条数须为1-${MAX_PAGE_SIZE}`)
      .min(1, `每页条数须为1-${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `每页条数须为1-${MAX_PAGE_SIZE}`)
      .default(20),
  }),
  response: pageOf(MissingReportRow),
});

export const handleMissingReport = endpoint({
  method: 'POST',
  path: '/api/admin/standards/missing-reports/:id',
  params: z.object({
    id: z.coerce.number({ message: '反馈不存在' }).int('反馈不存在').min(1, '反馈不存在').max(2_147_483_647, '反馈不存在'),
  }),
  body: z.object({
    status: z.enum(['accepted', 'rejected'], { message: '处理结果须为 accepted 或 rejected' }),
    standardId: z.number({ message: '标准编号须为正整数' }).int('标准编号须为正整数').min(1, '标准编号须为正整数').optional(),
    reason: z.string({ message: '原因格式不正确' }).trim().max(500, '原因不能超过500个字符').optional(),
  }),
  response: z.object({ id: z.number(), status: z.enum(['accepted', 'rejected']) }),
});
