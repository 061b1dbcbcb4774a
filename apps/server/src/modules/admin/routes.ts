import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPLICATION_KINDS, APPLICATION_STATUSES, REVIEW_REASON_MAX, ReviewMessages } from '@zs/shared';
import { envelopeOf, notFound, ok, pageOf } from '../../lib/envelope.ts';
import { idOf, pageParam, sizeParam } from '../../lib/query.ts';
import { approvalNote, CertificationView, reviewCertification } from '../certification/index.ts';
import {
  APPLICATION_DECISIONS,
  applicationForOperator,
  applicationQueue,
  certificationForOperator,
  certificationQueue,
  decideApplication,
} from './review-queue.ts';
import adminUserRoutes from './user-routes.ts';

const tags = ['admin'];
const security = [{ token: [] }];
const IdParams = z.object({ id: z.string().max(20) });
const reason = z
  .string({ error: ReviewMessages.reasonTooLong })
  .trim()
  .max(REVIEW_REASON_MAX, ReviewMessages.reasonTooLong)
  .optional()
  .nullable()
  .transform((v) => v ?? undefined);
const need = (id: number | null, what: string): number => {
  if (id === null) throw notFound(what);
  return id;
};

/** The operator review desk (/api/admin/…): every route needs the operator or admin role. */
export default fp(
  async function adminRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireRole('operator', 'admin'));
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        '/api/admin/certifications',
        {
          schema: {
            tags,
            security,
            summary: '企业认证审核队列（先提交先审核；status 默认全部）',
            querystring: z.object({
              status: z.enum(['pending', 'approved', 'rejected'], { error: '认证状态不正确' }).optional(),
              page: pageParam,
              size: sizeParam,
            }),
            response: { 200: envelopeOf(pageOf(CertificationView.extend({ userId: z.number(), username: z.string() }))) },
          },
        },
        async (req) => ok(await certificationQueue(app.db, req.query)),
      );

      r.get(
        '/api/admin/certifications/:id',
        { schema: { tags, security, summary: '企业认证详情（含营业执照下载链接与该用户的历次提交）', params: IdParams } },
        async (req) => ok(await certificationForOperator(app.db, need(idOf(req.params.id), '认证申请不存在'))),
      );

      r.post(
        '/api/admin/certifications/:id/review',
        {
          schema: {
            tags,
            security,
            summary: '审核企业认证（approve 通过 / reject 驳回，驳回须填原因）；结果以站内消息通知用户',
            params: IdParams,
            body: z.object(
              { decision: z.enum(['approve', 'reject'], { error: ReviewMessages.decision }), reason },
              { error: ReviewMessages.decision },
            ),
            response: { 200: envelopeOf(CertificationView) },
          },
        },
        async (req) => {
          const id = need(idOf(req.params.id), '认证申请不存在');
          const view = await reviewCertification(app.db, id, req.user!.id, req.body.decision, req.body.reason);
          return ok(view, req.body.decision === 'approve' ? await approvalNote(app.db, id) : '审核完成');
        },
      );

      r.get(
        '/api/admin/applications',
        {
          schema: {
            tags,
            security,
            summary: '申请审核队列（可按状态、类型筛选）',
            querystring: z.object({
              status: z.enum(APPLICATION_STATUSES, { error: '申请状态不正确' }).optional(),
              kind: z.enum(APPLICATION_KINDS, { error: '申请类型不正确' }).optional(),
              page: pageParam,
              size: sizeParam,
            }),
          },
        },
        async (req) => ok(await applicationQueue(app.db, req.query)),
      );

      r.get(
        '/api/admin/applications/:id',
        { schema: { tags, security, summary: '申请详情（表单、附件、时间线与申请人）', params: IdParams } },
        async (req) => ok(await applicationForOperator(app.db, need(idOf(req.params.id), '申请不存在'))),
      );

      r.post(
        '/api/admin/applications/:id/review',
        {
          schema: {
            tags,
            security,
            summary:
              '审核申请（accept 受理 / review 进入审核 / approve 通过 / reject 驳回，驳回须填原因）；结果以站内消息通知用户',
            params: IdParams,
            body: z.object(
              {
                decision: z.enum(Object.keys(APPLICATION_DECISIONS) as ['accept', 'review', 'approve', 'reject'], {
                  error: ReviewMessages.decision,
                }),
                reason,
              },
              { error: ReviewMessages.decision },
            ),
          },
        },
        async (req) =>
          ok(
            await decideApplication(
              app.db,
              need(idOf(req.params.id), '申请不存在'),
              req.user!.id,
              req.body.decision,
              req.body.reason,
            ),
            '审核完成',
          ),
      );

      await scope.register(adminUserRoutes);
    });
  },
  { name: 'admin', dependencies: ['auth', 'db', 'envelope'] },
);
