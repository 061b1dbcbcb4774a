import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-review';
import { ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { idOf } from '../../lib/query.ts';
import { approvalNote, reviewCertification } from '../certification/index.ts';
import { certificationForOperator, certificationQueue } from './review-queue.ts';
import { need, tags } from './route-kit.ts';

/** Enterprise certification review: the queue, one submission, the decision. */
export function certificationReviewRoutes(r: ZodScope, app: FastifyInstance) {
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
}
