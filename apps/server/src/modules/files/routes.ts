import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { badRequest, ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { downloadSchema, routeSchema } from '../../lib/contract.ts';
import { limitHit } from '../../db/rate-limit.ts';
import { idOf } from '../../lib/query.ts';
import { readOneFile } from './upload.ts';
import { FileMessages, MAX_FILE_BYTES, readableFile, sendFile, storeFile } from './service.ts';

const tags = ['files'];
const UPLOADS_PER_USER_PER_HOUR = 60;

/** Uploads and owner-only downloads (/api/user/files). */
export default fp(
  async function filesRoutes(app: FastifyInstance) {
    await protectedScope(
      app,
      app.requireUser,
      async (r) => {
        r.post(
          api.uploadFile.path,
          {
            schema: {
              tags,
              security,
              summary: '上传文件（multipart，字段 file；PNG/JPG/PDF/DOCX/XLSX，≤10MB，按内容识别类型）',
              consumes: ['multipart/form-data'],
              ...routeSchema(api.uploadFile),
            },
          },
          async (req) => {
            if (!req.isMultipart()) throw badRequest(FileMessages.notMultipart);
            await limitHit(
              app.ephemeral,
              `upload:user:${req.user!.id}`,
              UPLOADS_PER_USER_PER_HOUR,
              3600,
              '上传过于频繁，请稍后再试',
            );
            const file = await readOneFile(req);
            return ok(
              await storeFile(app.db, app.config.filesDir, req.user!.id, req.query.purpose, file.filename, file.content),
              '上传成功',
            );
          },
        );

        r.get(
          api.downloadOwnFile.path,
          {
            schema: {
              tags,
              security,
              summary: '下载文件（仅上传者本人或运营人员；以附件形式返回）',
              ...downloadSchema(api.downloadOwnFile),
            },
          },
          async (req, reply) => sendFile(reply, app.config.filesDir, await readableFile(app.db, req.user!, idOf(req.params.id))),
        );
      },
      { multipart: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } },
    );
  },
  { name: 'files', dependencies: ['auth', 'db', 'envelope'] },
);
