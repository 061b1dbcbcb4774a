import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/standards';
import { badRequest, ok } from '../../../lib/envelope.ts';
import { protectedScope } from '../../../lib/scope.ts';
import { downloadSchema, routeSchema } from '../../../lib/contract.ts';
import { seedDemoFulltext } from './seed.ts';
import { dbQuery, writeAudit } from '../../audit/index.ts';
import {
  ACCESS_MODES,
  FulltextMessages,
  MAX_FULLTEXT_BYTES,
  attachFulltext,
  detachFulltext,
  downloadPdf,
  fulltextInfo,
  readablePdf,
  standardIdOf,
  type AccessMode,
} from './service.ts';

const tags = ['standards'];
function pdfHeaders(reply: FastifyReply, disposition: string) {
  // No ranges: every answer is the whole document this user may have, never a slice of a larger one.
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', disposition)
    .header('accept-ranges', 'none')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
}

const dispositionOf = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Full texts of standards: permission-checked reading and download, operators attach PDFs. */
export default fp(
  async function fulltextRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const filesDir = () => app.config.filesDir;

    r.get(
      api.fulltextInfo.path,
      {
        schema: {
          tags,
          summary: '全文信息：是否有全文、总页数、可读页数、能否下载',
          ...routeSchema(api.fulltextInfo),
        },
      },
      async (req) => ok(await fulltextInfo(app.db, standardIdOf(req.params.id), req.user)),
    );

    r.get(
      api.readFulltext.path,
      {
        schema: {
          tags,
          summary: '在线阅读全文（PDF）：访客与未认证用户仅得前3页组成的文档，已认证企业得全文',
          ...downloadSchema(api.readFulltext),
          produces: ['application/pdf'],
        },
      },
      async (req, reply) => {
        const id = standardIdOf(req.params.id);
        const pdf = await readablePdf(app.db, filesDir(), id, req.user);
        return pdfHeaders(reply, dispositionOf('inline', `fulltext-${id}.pdf`))
          .header('content-length', pdf.size)
          .header('x-fulltext-pages', String(pdf.pages))
          .send(fs.createReadStream(pdf.file));
      },
    );

    r.get(
      api.downloadFulltext.path,
      {
        schema: {
          tags,
          security: [{ token: [] }],
          summary: '下载全文（仅已认证企业；每页带企业名称、用户名与时间水印；与培训资料共用每日30次）',
          ...downloadSchema(api.downloadFulltext),
          produces: ['application/pdf'],
        },
      },
      async (req, reply) => {
        const { bytes, name } = await downloadPdf(app.db, filesDir(), standardIdOf(req.params.id), req.user);
        return pdfHeaders(reply, dispositionOf('attachment', name)).send(Buffer.from(bytes));
      },
    );

    await protectedScope(
      app,
      app.requireRole('operator', 'admin'),
      async (s) => {
        s.post(
          api.uploadFulltext.path,
          {
            schema: {
              tags: ['admin'],
              security: [{ token: [] }],
              summary: '上传/替换标准全文（multipart：file 为 PDF，≤50MB；可选字段 access=open|registered|restricted）',
              consumes: ['multipart/form-data'],
              ...routeSchema(api.uploadFulltext),
            },
          },
          async (req) => {
            const id = standardIdOf(req.params.id);
            if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传文件');
            let content: Buffer | undefined;
            let access: AccessMode | undefined;
            try {
              for await (const part of req.parts()) {
                if (part.type === 'file') content = await part.toBuffer();
                else if (part.fieldname === 'access') {
                  if (!ACCESS_MODES.includes(part.value as AccessMode))
                    throw badRequest('阅读权限须为 open、registered 或 restricted');
                  access = part.value as AccessMode;
                }
              }
            } catch (err) {
              if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(FulltextMessages.tooLarge);
              if ((err as Error).name === 'AppError') throw err;
              throw badRequest('上传内容不完整，请重新上传');
            }
            if (!content?.length) throw badRequest('请选择要上传的 PDF 文件');
            const saved = await attachFulltext(app.db, filesDir(), id, content, { access, uploadedBy: req.user!.id });
            await writeAudit(dbQuery(app.db), {
              actorId: req.user!.id,
              action: 'standard.fulltext',
              targetType: 'standard',
              targetId: id,
              detail: { pages: saved.pages, size: saved.size, sha256: saved.sha256, access: saved.access },
            });
            return ok(saved, '全文已上传');
          },
        );
        s.delete(
          api.removeFulltext.path,
          { schema: { tags: ['admin'], security: [{ token: [] }], summary: '删除标准全文', ...routeSchema(api.removeFulltext) } },
          async (req) => {
            const id = standardIdOf(req.params.id);
            const removed = await detachFulltext(app.db, filesDir(), id);
            if (removed)
              await writeAudit(dbQuery(app.db), {
                actorId: req.user!.id,
                action: 'standard.fulltext_remove',
                targetType: 'standard',
                targetId: id,
              });
            return ok({ removed });
          },
        );
      },
      { multipart: { fileSize: MAX_FULLTEXT_BYTES, files: 1, fields: 3, parts: 4 } },
    );

    if (app.config.seedDemo) await seedDemoFulltext(app.db, filesDir(), app.log);
  },
  { name: 'fulltext', dependencies: ['db', 'auth', 'envelope', 'config'] },
);
