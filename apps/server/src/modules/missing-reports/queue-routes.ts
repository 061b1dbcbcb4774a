import type { FastifyInstance } from 'fastify';
import { handleMissingReport, listMissingReports } from '@zs/shared';
import { badRequest, notFound, ok } from '../../lib/envelope.ts';
import type { ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { withTransaction } from '../../db/tx.ts';
import { writeAudit } from '../audit/index.ts';
import { insertMessage } from '../messages/index.ts';
import { standardExists } from '../standards/index.ts';
import { decideReport, listReports, reportExists } from './repository.ts';

/** The operators' queue: the reports to handle and the decision on one (audited, the reporter told). */
export function queueRoutes(s: ZodScope, app: FastifyInstance) {
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
      return ok(await listReports(app.db, status, { page, size }));
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
      if (standardId && !(await standardExists(app.db, standardId))) throw notFound('关联的标准不存在');
      // Decided once: only a pending report changes, and the decision is audited in the same transaction.
      return withTransaction(app.db, async (q) => {
        const report = await decideReport(q, {
          id: req.params.id,
          status,
          standardId: standardId ?? null,
          handledBy: req.user!.id,
          rejectReason: status === 'rejected' ? (reason ?? null) : null,
        });
        if (!report) throw (await reportExists(q, req.params.id)) ? badRequest('该反馈已处理') : notFound('反馈不存在');
        await writeAudit(q, {
          actorId: req.user!.id,
          action: `missing_report.${status}`,
          targetType: 'missing_report',
          targetId: report.id,
          detail: { ...(standardId ? { standardId } : {}), ...(reason ? { reason } : {}) },
        });
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
}
