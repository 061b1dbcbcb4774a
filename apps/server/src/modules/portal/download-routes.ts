import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/portal';
import { notFound } from '../../lib/envelope.ts';
import type { ZodScope } from '../../lib/scope.ts';
import { downloadSchema } from '../../lib/contract.ts';
import { idOf } from '../../lib/query.ts';
import { consumeDownload, fileById, sendFile } from '../files/index.ts';
import { sectionOrThrow } from './service.ts';
import { stampedTrainingFile } from './training.ts';
import { getItem } from './repository.ts';
import { tags } from './route-kit.ts';

/** An item's attachments: training materials only for certified enterprises, counted and watermarked. */
export function downloadRoutes(r: ZodScope, app: FastifyInstance) {
  r.get(
    api.sectionItemFile.path,
    {
      schema: {
        tags,
        summary: '下载内容附件（培训资料仅限认证企业，每日 30 次，与标准全文下载合计；PDF 带企业名称、用户名与时间水印）',
        ...downloadSchema(api.sectionItemFile),
      },
    },
    async (req, reply) => {
      const def = sectionOrThrow(req.params.section);
      const id = idOf(req.params.id);
      const fileId = idOf(req.params.fileId);
      const item = id === null ? null : await getItem(app.db, def, id);
      const listed =
        item &&
        def.fileFields.some((f) =>
          ((item.attrs[f] as Array<{ fileId?: number }> | undefined) ?? []).some((d) => d.fileId === fileId),
        );
      const file = listed && fileId !== null ? await fileById(app.db, fileId) : null;
      if (!file) throw notFound('附件不存在');
      if (!def.certifiedDownloads) return sendFile(reply, app.config.filesDir, file);
      // Stamp before counting, so a PDF that cannot be stamped does not cost a download.
      const stamped = req.user?.certified ? await stampedTrainingFile(app.db, app.config.filesDir, req.user, file) : null;
      await consumeDownload(app.db, req.user, def.id, `${def.id}:${id}:${fileId}`);
      return sendFile(reply, app.config.filesDir, file, stamped ?? undefined);
    },
  );
}
