import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-import';
import { IMPORT_STATUS_LABELS } from '@zs/shared/api/admin-import';
import { badRequest, ok } from '../../../lib/envelope.ts';
import { security, type ZodScope } from '../../../lib/scope.ts';
import { downloadSchema, routeSchema } from '../../../lib/contract.ts';
import { dbQuery, writeAudit } from '../../audit/index.ts';
import { jobViewOf, listJobs, resumeJob } from './jobs.ts';
import { jobRow } from './job-row.ts';
import { rejectionWorkbook } from './report.ts';
import { jobId, tags, type ImportRoutesOptions } from './route-kit.ts';

/** Following the jobs: past imports, one job's progress and result, the download of its rejected rows. */
export function jobRoutes(r: ZodScope, app: FastifyInstance, { usernamesOf }: ImportRoutesOptions, signal: AbortSignal) {
  r.get(
    api.listImports.path,
    {
      schema: {
        tags,
        security,
        summary: '历次导入',
        ...routeSchema(api.listImports),
      },
    },
    async (req) => ok(await listJobs(app.db, req.query.page, req.query.size, usernamesOf)),
  );

  r.get(
    api.importJob.path,
    { schema: { tags, security, summary: '导入进度与结果', ...routeSchema(api.importJob) } },
    async (req) => ok(await jobViewOf(app.db, usernamesOf, await jobRow(app.db, jobId(req.params.id)))),
  );

  r.post(
    api.resumeImport.path,
    { schema: { tags, security, summary: '继续已中断的导入（从检查点之后的数据行继续）', ...routeSchema(api.resumeImport) } },
    async (req) => ok(await resumeJob(app.db, app.log, req.user!.id, jobId(req.params.id), usernamesOf, signal), '导入已继续'),
  );

  r.get(
    api.importReport.path,
    { schema: { tags, security, summary: '被拒绝的行（XLSX：行号、列、值、原因）', ...downloadSchema(api.importReport) } },
    async (req, reply) => {
      const job = await jobRow(app.db, jobId(req.params.id));
      if (job.status === 'uploaded' || job.status === 'running') throw badRequest('导入尚未结束');
      await writeAudit(dbQuery(app.db), {
        actorId: req.user!.id,
        action: 'import.report',
        targetType: 'import',
        targetId: job.id,
      });
      const name = `导入报告-${job.id}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="import-report-${job.id}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(await rejectionWorkbook(job, IMPORT_STATUS_LABELS[job.status]));
    },
  );
}
