import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/alert-delivery-log';
import { ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { deliveryPage, deliverySummary } from './delivery-log.ts';

const tags = ['alerts'];

/** The office's delivery log of alerts (console /admin/alert-deliveries): counts and the filterable list. */
export default fp(
  async function deliveryLogRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireRole('operator', 'admin'), async (s) => {
      s.get(
        api.alertDeliverySummary.path,
        {
          schema: {
            tags,
            security,
            summary: '提醒投递统计：已发送、待发送、失败、已退订，按渠道与日期',
            ...routeSchema(api.alertDeliverySummary),
          },
        },
        async (req) => ok(await deliverySummary(app.db, req.query)),
      );
      s.get(
        api.alertDeliveries.path,
        {
          schema: {
            tags,
            security,
            summary: '提醒投递记录（可按渠道、状态、事件、用户、日期筛选）',
            ...routeSchema(api.alertDeliveries),
          },
        },
        async (req) => ok(await deliveryPage(app.db, req.query)),
      );
    });
  },
  { name: 'alert-delivery-log-routes', dependencies: ['auth', 'envelope'] },
);
