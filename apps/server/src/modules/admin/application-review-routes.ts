import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-review';
import { ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { idOf } from '../../lib/query.ts';
import { applicationForOperator, applicationQueue, decideApplication } from './review-queue.ts';
import { need, tags } from './route-kit.ts';

/** Application review: the queue, one application, the decision. */
export function applicationReviewRoutes(r: ZodScope, app: FastifyInstance) {
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
        summary: '审核申请（accept 受理 / review 进入审核 / approve 通过 / reject 驳回，驳回须填原因）；结果以站内消息通知用户',
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
}
