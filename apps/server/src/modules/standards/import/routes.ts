import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES } from '@zs/shared';
import * as api from '@zs/shared/api/admin-import';
import { badRequest, notFound, ok } from '../../../lib/envelope.ts';
import { protectedScope, security } from '../../../lib/scope.ts';
import { downloadSchema, routeSchema } from '../../../lib/contract.ts';
import { dbQuery, writeAudit } from '../../audit/index.ts';
import { idOf } from '../../../lib/query.ts';
import { formatOf } from '../../../lib/tabular/readers.ts';
import { failOrphans, jobRow, jobViewOf, listJobs, previewOf, running, startJob, type UsernameLookup } from './jobs.ts';
import { rejectionWorkbook } from './report.ts';

const tags = ['admin'];
const jobId = (raw: string) => {
  const id = idOf(raw);
  if (id === null) throw notFound('导入任务不存在');
  return id;
};

export interface ImportRoutesOptions {
  /** Usernames by id (auth's usernamesOf), for who started a job (modules/index.ts hands it in). */
  usernamesOf: UsernameLookup;
}

/** Standards import from the browser: upload (streamed to disk), preview, start, progress, report. */
export default fp<ImportRoutesOptions>(
  async function adminImportRoutes(app: FastifyInstance, opts: ImportRoutesOptions) {
    const { usernamesOf } = opts;
    const dir = path.join(app.config.dataDir, 'imports');
    await failOrphans(app.db);
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });

    await protectedScope(
      app,
      app.requireRole('operator', 'admin'),
      async (r) => {
        r.post(
          api.uploadImport.path,
          {
            schema: {
              tags,
              security,
              summary: '上传待导入文件（multipart：file 为 CSV / XLSX / JSON，≤200MB）；答复识别的映射与前几行',
              consumes: ['multipart/form-data'],
              ...routeSchema(api.uploadImport),
            },
          },
          async (req) => {
            if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传文件');
            const file = await req.file().catch(() => undefined);
            if (!file) throw badRequest('请选择要导入的文件');
            const ext = (file.filename.split('.').pop() ?? '').toLowerCase();
            if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) {
              file.file.resume();
              throw badRequest('仅支持 CSV、XLSX、JSON 文件');
            }
            // Made on first use, so an unwritable data folder shows in /api/ready instead of stopping the start.
            await fs.promises.mkdir(dir, { recursive: true });
            const target = path.join(dir, `${crypto.randomUUID()}.${ext}`);
            // Streamed to disk: memory does not grow with the file.
            try {
              await pipeline(file.file, fs.createWriteStream(target));
            } catch {
              await fs.promises.rm(target, { force: true });
              throw badRequest('上传中断，请重新上传');
            }
            if (file.file.truncated) {
              await fs.promises.rm(target, { force: true });
              throw badRequest('文件不能超过200MB');
            }
            const size = (await fs.promises.stat(target)).size;
            const name = file.filename.slice(-200);
            const [row] = await app.db.query<{ id: number }>(
              'insert into import_jobs (file_name, file_path, format, size_bytes, actor_id) values ($1, $2, $3, $4, $5) returning id',
              [name, target, formatOf(name), size, req.user!.id],
            );
            try {
              return ok(await previewOf(app.db, row!.id, usernamesOf));
            } catch (err) {
              await app.db.query("update import_jobs set status = 'failed', error = $2, finished_at = now() where id = $1", [
                row!.id,
                (err as Error).message,
              ]);
              await fs.promises.rm(target, { force: true });
              throw err;
            }
          },
        );

        r.post(
          api.startImport.path,
          {
            schema: {
              tags,
              security,
              summary: '开始导入（后台运行；同一时间只运行一个导入）',
              ...routeSchema(api.startImport),
            },
          },
          async (req) => ok(await startJob(app.db, app.log, req.user!.id, jobId(req.params.id), usernamesOf), '导入已开始'),
        );

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

        r.get(
          api.importReport.path,
          { schema: { tags, security, summary: '被拒绝的行（XLSX：行号、列、值、原因）', ...downloadSchema(api.importReport) } },
          async (req, reply) => {
            const job = await jobRow(app.db, jobId(req.params.id));
            if (job.status !== 'done') throw badRequest('导入尚未完成');
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
              .send(await rejectionWorkbook(job));
          },
        );
      },
      { multipart: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } },
    );
  },
  { name: 'admin-import', dependencies: ['auth', 'db', 'envelope', 'config'] },
);
