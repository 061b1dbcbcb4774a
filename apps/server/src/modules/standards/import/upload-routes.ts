import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { IMPORT_EXTENSIONS } from '@zs/shared';
import * as api from '@zs/shared/api/admin-import';
import { badRequest, ok } from '../../../lib/envelope.ts';
import { security, type ZodScope } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { formatOf } from '../../../lib/tabular/readers.ts';
import { assertZipWithinLimits, IMPORT_ZIP_LIMITS, ZipLimitError } from '../../../lib/tabular/zip-guard.ts';
import { createUploadedJob, failUploadedJob, previewOf, startJob } from './jobs.ts';
import { jobId, tags, type ImportRoutesOptions } from './route-kit.ts';

/** Uploading a file (streamed to disk, answered with its preview) and starting its import. */
export function uploadRoutes(r: ZodScope, app: FastifyInstance, { usernamesOf }: ImportRoutesOptions, signal: AbortSignal) {
  const dir = path.join(app.config.dataDir, 'imports');

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
      // A zip bomb is refused here, with its own words and before any job exists (ADR 0077); the preview's
      // reader checks again, which costs nothing for a file already checked.
      if (formatOf(name) === 'xlsx') {
        try {
          await assertZipWithinLimits(target, IMPORT_ZIP_LIMITS);
        } catch (err) {
          await fs.promises.rm(target, { force: true });
          if (err instanceof ZipLimitError) throw badRequest(err.message);
          throw err;
        }
      }
      const id = await createUploadedJob(app.db, { name, path: target, format: formatOf(name), size, actorId: req.user!.id });
      try {
        return ok(await previewOf(app.db, id, usernamesOf));
      } catch (err) {
        await failUploadedJob(app.db, id, (err as Error).message);
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
    async (req) => ok(await startJob(app.db, app.log, req.user!.id, jobId(req.params.id), usernamesOf, signal), '导入已开始'),
  );
}
