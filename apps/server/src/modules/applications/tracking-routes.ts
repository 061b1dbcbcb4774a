import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { idOf } from '../../lib/query.ts';
import { listOwn } from './repository.ts';
import { ownApplication, withdraw } from './service.ts';

const tags = ['applications'];

/** Following one's own applications: the list, one application's progress, withdrawing it. */
export function trackingRoutes(r: ZodScope, app: FastifyInstance) {
  r.get(
    api.listApplications.path,
    {
      schema: {
        tags,
        security,
        summary: '我的申请（分页，可按类型、状态筛选）',
        ...routeSchema(api.listApplications),
      },
    },
    async (req) => ok(await listOwn(app.db, req.user!.id, req.query)),
  );

  r.get(
    api.fetchApplication.path,
    {
      schema: {
        tags,
        security,
        summary: '申请详情（含办理进度和附件）',
        ...routeSchema(api.fetchApplication),
      },
    },
    async (req) => ok(await ownApplication(app.db, req.user!.id, idOf(req.params.id))),
  );

  r.post(
    api.withdrawApplication.path,
    {
      schema: {
        tags,
        security,
        summary: '撤回申请（仅提交、受理状态）',
        ...routeSchema(api.withdrawApplication),
      },
    },
    async (req) => ok(await withdraw(app.db, req.user!.id, idOf(req.params.id)), '已撤回'),
  );
}
