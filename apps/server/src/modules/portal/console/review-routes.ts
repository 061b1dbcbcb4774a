import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/content-endpoints';
import { ok } from '../../../lib/envelope.ts';
import { security, type ZodScope } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { idOf } from '../../../lib/query.ts';
import { decideRequest, pendingRequests, reviewRequired, setReviewRequired } from './review.ts';
import { adminOnly, tags, type ConsoleRouteOptions } from './route-kit.ts';

/** The review workflow: the “publish needs review” setting and the queue of publish requests. */
export function reviewRoutes(r: ZodScope, app: FastifyInstance, { usernamesOf }: ConsoleRouteOptions) {
  r.get(
    api.contentSettings.path,
    {
      schema: { tags, security, summary: '内容发布设置（发布需审核）', ...routeSchema(api.contentSettings) },
    },
    async () => ok({ reviewRequired: await reviewRequired(app.db) }),
  );

  r.put(
    api.saveContentSettings.path,
    {
      preHandler: adminOnly,
      schema: {
        tags,
        security,
        summary: '修改“发布需审核”（仅管理员）',
        ...routeSchema(api.saveContentSettings),
      },
    },
    async (req) => ok(await setReviewRequired(app.db, req.body.reviewRequired, req.user!.id), '设置已保存'),
  );

  r.get(
    api.contentReviews.path,
    {
      schema: { tags, security, summary: '待审核的发布申请', ...routeSchema(api.contentReviews) },
    },
    async () => ok(await pendingRequests(app.db, usernamesOf)),
  );

  r.post(
    api.decideContentReview.path,
    {
      preHandler: adminOnly,
      schema: {
        tags,
        security,
        summary: '审核发布申请（approve 通过并发布 / return 退回，退回须填原因；仅管理员）',
        ...routeSchema(api.decideContentReview),
      },
    },
    async (req) =>
      ok(await decideRequest(app.db, idOf(req.params.id), req.body.decision, req.body.reason ?? null, req.user!), '审核完成'),
  );
}
