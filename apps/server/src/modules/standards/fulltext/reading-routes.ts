import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as api from '@zs/shared/api/standards';
import { ok } from '../../../lib/envelope.ts';
import type { ZodScope } from '../../../lib/scope.ts';
import { downloadSchema, routeSchema } from '../../../lib/contract.ts';
import { downloadPdf, fulltextInfo, readablePdf, standardIdOf } from './service.ts';

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

/** Public and permission-checked: what a standard's full text offers this user, reading it online, downloading it. */
export function readingRoutes(r: ZodScope, app: FastifyInstance) {
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
}
