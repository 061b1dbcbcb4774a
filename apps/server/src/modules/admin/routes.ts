import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-review';
import { notFound, ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { idOf } from '../../lib/query.ts';
import { approvalNote, reviewCertification } from '../certification/index.ts';
import {
  applicationForOperator,
  applicationQueue,
  certificationForOperator,
  certificationQueue,
  decideApplication,
} from './review-queue.ts';
import adminUserRoutes from './user-routes.ts';

const tags = ['admin'];
const need = (id: number | null, what: string): number => {
  if (id === null) throw notFound(what);
  return id;
};

/** The operator review desk (/api/admin/…): every route needs the operator or admin role. */
export default fp(
  async function adminRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireRole('operator', 'admin'), async (r) => {
      r.get(
        api.certificationQueue.path,
        {
          schema: {
            tags,
            security,
            summary: '企业认证审核队列（先提交先审核；status 默认全部）',
            ...routeSchema(api.certificationQueue),
          },
        },
        async (req) => ok(await certificationQueue(app.db, req.query)),
      );

      r.get(
        api.certificationForReview.path,
        {
          schema: {
            tags,
            security,
            summary: '企业认证详情（含营业执照下载链接与该用户的历次提交）',
            ...routeSchema(api.certificationForReview),
          },
        },
        async (req) => ok(await certificationForOperator(app.db, need(idOf(req.params.id), '认证申请不存在'))),
      );

      r.post(
        api.reviewCertification.path,
        {
          schema: {
            tags,
            security,
            summary: '审核企业认证（approve 通过 / reject 驳回，驳回须填原因）；结果以站内消息通知用户',
            ...routeSchema(api.reviewCertification),
          },
        },
        async (req) => {
          const id = need(idOf(req.params.id), '认证申请不存在');
          const view = await reviewCertification(app.db, id, req.user!.id, req.body.decision, req.body.reason);
          return ok(view, req.body.decision === 'approve' ? await approvalNote(app.db, id) : '审核完成');
        },
      );

      r.get(
        api.applicationQueue.path,
        {
          schema: {
            tags,
            security,
            summary: '申请审核队列（可按状态、类型筛选）',
            ...routeSchema(api.applicationQueue),
          },
        },
        async (req) => ok(await applicationQueue(app.db, req.query)),
      );

      r.get(
        api.applicationForReview.path,
        {
          schema: { tags, security, summary: '申请详情（表单、附件、时间线与申请人）', ...routeSchema(api.applicationForReview) },
        },
        async (req) => ok(await applicationForOperator(app.db, need(idOf(req.params.id), '申请不存在'))),
      );

      r.post(
        api.reviewApplication.path,
        {
          schema: {
            tags,
            security,
            summary:
              '审核申请（accept 受理 / review 进入审核 / approve 通过 / reject 驳回，驳回须填原因）；结果以站内消息通知用户',
            ...routeSchema(api.reviewApplication),
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

      await r.register(adminUserRoutes);
    });
  },
  { name: 'admin', dependencies: ['auth', 'db', 'envelope'] },
);
