import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MissingReportMessages, REPORTS_PER_IP_PER_DAY, reportMissingStandard } from '@zs/shared';
import { badRequest, ok } from '../../lib/envelope.ts';
import { protectedScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { limitHit, secondsToCstMidnight } from '../../db/rate-limit.ts';
import { clock } from '../../lib/clock.ts';
import { insertReport } from './repository.ts';
import { queueRoutes } from './queue-routes.ts';

async function formOnly(req: FastifyRequest) {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) throw badRequest(MissingReportMessages.notForm);
}

export default fp(
  async function missingReportRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      reportMissingStandard.path,
      {
        // Before validation, so a JSON body is refused for its type, not for its fields.
        preValidation: formOnly,
        schema: {
          tags: ['standards'],
          summary: '反馈缺失标准（application/x-www-form-urlencoded；每个地址每日10次）',
          consumes: ['application/x-www-form-urlencoded'],
          ...routeSchema(reportMissingStandard),
        },
      },
      async (req) => {
        await limitHit(
          app.ephemeral,
          `missing-report:ip:${req.ip}`,
          REPORTS_PER_IP_PER_DAY,
          secondsToCstMidnight(clock.now()),
          MissingReportMessages.tooMany,
        );
        const b = req.body;
        const id = await insertReport(app.db, {
          standardNo: b.standardNo,
          title: b.title,
          seenAt: b.seenAt,
          contact: b.contact || null,
          region: b.region,
          userId: req.user?.id ?? null,
          clientIp: req.ip,
        });
        return ok({ id }, MissingReportMessages.done);
      },
    );

    await protectedScope(app, app.requireRole('operator', 'admin'), async (s) => {
      queueRoutes(s, app);
    });
  },
  { name: 'missing-reports', dependencies: ['db', 'auth', 'envelope'] },
);
