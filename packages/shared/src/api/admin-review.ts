import { z } from 'zod';
import { APPLICATION_KINDS, APPLICATION_STATUSES } from '../portal.ts';
import { REVIEW_REASON_MAX, ReviewMessages } from '../usercentre.ts';
import { IdParams, pageNumberParam, portalSizeParam, textParam } from './common.ts';
import { endpoint, pageOf } from './endpoint.ts';
import { AdminUserDetail, AdminUserPage, AuditPage, AuditQuery, ROLE_VALUES } from './admin-users.ts';
import { ApplicationDetailSchema, ApplicationSummarySchema, CertificationView } from './user.ts';

/** The operator review desk and the admins' users and audit log (apps/server/src/modules/admin). */

const reason = z
  .string({ error: ReviewMessages.reasonTooLong })
  .trim()
  .max(REVIEW_REASON_MAX, ReviewMessages.reasonTooLong)
  .optional()
  .nullable()
  .transform((v) => v ?? undefined);

export const CertQueueRow = CertificationView.extend({ userId: z.number(), username: z.string() });
export type CertQueueRow = z.infer<typeof CertQueueRow>;
export const CertReviewDetail = CertQueueRow.extend({
  userMobile: z.string(),
  userStatus: z.string(),
  sameCreditCodeElsewhere: z.number(),
  earlierSubmissions: z.array(
    z.object({ id: z.number(), status: z.string(), rejectReason: z.string().nullable(), submittedAt: z.string() }),
  ),
});
export type CertReviewDetail = z.infer<typeof CertReviewDetail>;

export const AppQueueRow = ApplicationSummarySchema.extend({ userId: z.number(), username: z.string() });
export type AppQueueRow = z.infer<typeof AppQueueRow>;
const AppFullDetail = ApplicationDetailSchema.extend({ userId: z.number() });
export const AppReviewDetail = AppFullDetail.extend({ username: z.string(), userMobile: z.string() });
export type AppReviewDetail = z.infer<typeof AppReviewDetail>;

export const certificationQueue = endpoint({
  method: 'GET',
  path: '/api/admin/certifications',
  query: z.object({
    status: z.enum(['pending', 'approved', 'rejected'], { error: '认证状态不正确' }).optional(),
    page: pageNumberParam,
    size: portalSizeParam,
  }),
  response: pageOf(CertQueueRow),
});
export const certificationForReview = endpoint({
  method: 'GET',
  path: '/api/admin/certifications/:id',
  params: IdParams,
  response: CertReviewDetail,
});
export const reviewCertification = endpoint({
  method: 'POST',
  path: '/api/admin/certifications/:id/review',
  params: IdParams,
  body: z.object(
    { decision: z.enum(['approve', 'reject'], { error: ReviewMessages.decision }), reason },
    { error: ReviewMessages.decision },
  ),
  response: CertificationView,
});

export const APPLICATION_DECISION_VALUES = ['accept', 'review', 'approve', 'reject'] as const;
export type AppDecision = (typeof APPLICATION_DECISION_VALUES)[number];
export const applicationQueue = endpoint({
  method: 'GET',
  path: '/api/admin/applications',
  query: z.object({
    status: z.enum(APPLICATION_STATUSES, { error: '申请状态不正确' }).optional(),
    kind: z.enum(APPLICATION_KINDS, { error: '申请类型不正确' }).optional(),
    page: pageNumberParam,
    size: portalSizeParam,
  }),
  response: pageOf(AppQueueRow),
});
export const applicationForReview = endpoint({
  method: 'GET',
  path: '/api/admin/applications/:id',
  params: IdParams,
  response: AppReviewDetail,
});
export const reviewApplication = endpoint({
  method: 'POST',
  path: '/api/admin/applications/:id/review',
  params: IdParams,
  body: z.object(
    { decision: z.enum(APPLICATION_DECISION_VALUES, { error: ReviewMessages.decision }), reason },
    { error: ReviewMessages.decision },
  ),
  response: AppFullDetail,
});

// ---- users and audit log (admins only) ----
export const listAdminUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  query: z.object({
    keyword: textParam(50, '关键字'),
    role: z.enum(ROLE_VALUES, { error: '角色不正确' }).optional(),
    status: z.enum(['active', 'disabled', 'deleted'], { error: '账号状态不正确' }).optional(),
    page: pageNumberParam,
    size: portalSizeParam,
  }),
  response: AdminUserPage,
});
export const adminUserDetail = endpoint({
  method: 'GET',
  path: '/api/admin/users/:id',
  params: IdParams,
  response: AdminUserDetail,
});
export const setAdminUserStatus = endpoint({
  method: 'POST',
  path: '/api/admin/users/:id/status',
  params: IdParams,
  body: z.object({ status: z.enum(['active', 'disabled'], { error: '请选择账号状态' }) }, { error: '请选择账号状态' }),
  response: z.object({ id: z.number(), status: z.string() }),
});
export const setAdminUserRole = endpoint({
  method: 'POST',
  path: '/api/admin/users/:id/role',
  params: IdParams,
  body: z.object({ role: z.enum(ROLE_VALUES, { error: '请选择角色' }) }, { error: '请选择角色' }),
  response: z.object({ id: z.number(), role: z.string() }),
});
export const auditLog = endpoint({ method: 'GET', path: '/api/admin/audit-log', query: AuditQuery, response: AuditPage });
