import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MissingReportMessages,
  REPORTS_PER_IP_PER_DAY,
  handleMissingReport,
  listMissingReports,
  reportMissingStandard,
  type MissingReportRow,
} from '@zs/shared';
import { badRequest, notFound, ok } from '../../lib/envelope.ts';
import { protectedScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { limitHit, secondsToCstMidnight } from '../../db/rate-limit.ts';
import { clock } from '../../lib/clock.ts';
import { withTransaction } from '../../db/tx.ts';
import { writeAudit } from '../audit/index.ts';
import { insertMessage } from '../messages/index.ts';

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
        const [row] = await app.db.query<{ id: number }>(
          `insert into standard_missing_reports (standard_no, title, seen_at, contact, region, user_id, client_ip)
           values ($1, $2, $3, $4, $5, $6, $7) returning id`,
          [b.standardNo, b.title, b.seenAt, b.contact || null, b.region, req.user?.id ?? null, req.ip],
        );
        return ok({ id: row!.id }, MissingReportMessages.done);
      },
    );

    await protectedScope(app, app.requireRole('operator', 'admin'), async (s) => {
      s.get(
        listMissingReports.path,
        {
          schema: {
            tags: ['admin'],
            security: [{ token: [] }],
            summary: '缺失标准反馈队列（分页，最早的待处理在前）',
            ...routeSchema(listMissingReports),
          },
        },
        async (req) => {
          const { status, page, size } = req.query;
          const [c] = await app.db.query<{ n: number }>(
            'select count(*)::int as n from standard_missing_reports where status = $1',
            [status],
          );
          const list = await app.db.query<MissingReportRow>(
            `select id, standard_no as "standardNo", title, seen_at as "seenAt", contact, region, status,
                    standard_id::int as "standardId", created_at::text as "createdAt"
               from standard_missing_reports where status = $1 order by created_at, id limit $2 offset $3`,
            [status, size, (page - 1) * size],
          );
          return ok({ total: c?.n ?? 0, list, page, size });
        },
      );
      s.post(
        handleMissingReport.path,
        {
          schema: {
            tags: ['admin'],
            security: [{ token: [] }],
            summary: '处理缺失标准反馈：accepted（可关联已补录的标准 id）或 rejected',
            ...routeSchema(handleMissingReport),
          },
        },
        async (req) => {
          const { status, standardId, reason } = req.body;
          if (status === 'rejected' && !reason) throw badRequest('驳回时请填写原因');
          if (standardId && !(await app.db.query('select 1 from standards where id = $1', [standardId])).length)
            throw notFound('关联的标准不存在');
          // Decided once: only a pending report changes, and the decision is audited in the same transaction.
          return withTransaction(app.db, async (q) => {
            const rows = await q<{ id: number; user_id: number | null; standard_no: string }>(
              `update standard_missing_reports set status = $2, standard_id = $3, handled_by = $4, handled_at = now(), reject_reason = $5
                where id = $1 and status = 'pending' returning id, user_id, standard_no`,
              [req.params.id, status, standardId ?? null, req.user!.id, status === 'rejected' ? reason : null],
            );
            if (!rows.length) {
              const exists = await q('select 1 from standard_missing_reports where id = $1', [req.params.id]);
              throw exists.length ? badRequest('该反馈已处理') : notFound('反馈不存在');
            }
            await writeAudit(q, {
              actorId: req.user!.id,
              action: `missing_report.${status}`,
              targetType: 'missing_report',
              targetId: rows[0]!.id,
              detail: { ...(standardId ? { standardId } : {}), ...(reason ? { reason } : {}) },
            });
            const report = rows[0]!;
            // The reporter hears the outcome either way (anonymous reports have nobody to tell).
            if (report.user_id)
              await insertMessage(q, {
                userId: report.user_id,
                kind: 'system',
                title: `缺失标准反馈处理结果：${report.standard_no}`,
                body:
                  status === 'accepted'
                    ? `您反馈的标准 ${report.standard_no} 已补录到标准库，感谢您的反馈。`
                    : `您反馈的标准 ${report.standard_no} 暂未补录，原因：${reason}`,
                link: status === 'accepted' && standardId ? `/standard-detail?id=${standardId}` : null,
                refType: 'missing_report',
                refId: report.id,
              });
            return ok({ id: req.params.id, status });
          });
        },
      );
    });
  },
  { name: 'missing-reports', dependencies: ['db', 'auth', 'envelope'] },
);
