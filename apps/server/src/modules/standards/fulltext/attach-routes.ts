import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/standards';
import { badRequest, ok } from '../../../lib/envelope.ts';
import type { ZodScope } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { dbQuery, writeAudit } from '../../audit/index.ts';
import { ACCESS_MODES, FulltextMessages, attachFulltext, detachFulltext, standardIdOf, type AccessMode } from './service.ts';

/** Operators' actions: attaching (or replacing) a standard's PDF with its access mode, removing it; both audited. */
export function attachRoutes(s: ZodScope, app: FastifyInstance) {
  const filesDir = () => app.config.filesDir;

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
            if (!ACCESS_MODES.includes(part.value as AccessMode)) throw badRequest('阅读权限须为 open、registered 或 restricted');
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
}
