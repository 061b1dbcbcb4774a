import { z } from 'zod';
import { pageSchema } from './common.ts';

export const ROLE_VALUES = ['user', 'operator', 'admin'] as const;

export const AdminUserRow = z.object({
  id: z.number(),
  username: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLE_VALUES),
  roleName: z.string(),
  status: z.enum(['active', 'disabled', 'deleted']),
  statusName: z.string(),
  certified: z.boolean(),
  enterpriseName: z.string().nullable(),
  certificationStatus: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUserPage = pageSchema(AdminUserRow);

export const AdminUserDetail = AdminUserRow.extend({
  applications: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      kindName: z.string(),
      status: z.string(),
      statusName: z.string(),
      createdAt: z.string(),
    }),
  ),
  certifications: z.array(z.object({ id: z.number(), companyName: z.string(), status: z.string(), submittedAt: z.string() })),
  signups: z.array(z.object({ id: z.number(), title: z.string(), status: z.string(), createdAt: z.string() })),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** Audit log filters: person (id or name), object (type and id), date range. */
export const AuditQuery = z.object({
  action: z.string().trim().max(60, '操作类型不能超过60个字符').optional(),
  actor: z.string().trim().max(50, '操作人不能超过50个字符').optional(),
  actorId: z.coerce
    .number({ error: '操作人编号不正确' })
    .int('操作人编号不正确')
    .positive('操作人编号不正确')
    .max(2_147_483_647)
    .optional(),
  targetType: z.string().trim().max(30, '对象类型不能超过30个字符').optional(),
  targetId: z.coerce
    .number({ error: '对象编号不正确' })
    .int('对象编号不正确')
    .positive('对象编号不正确')
    .max(2_147_483_647)
    .optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为 YYYY-MM-DD')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为 YYYY-MM-DD')
    .optional(),
  page: z.coerce.number({ error: '页码须为正整数' }).int('页码须为正整数').min(1, '页码须为正整数').default(1),
  size: z.coerce.number({ error: '每页条数须为1-100' }).int().min(1).max(100, '每页条数须为1-100').default(20),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditRow = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditPage = pageSchema(AuditRow);
