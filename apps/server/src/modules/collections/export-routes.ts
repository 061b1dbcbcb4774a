import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { security, type ZodScope } from '../../lib/scope.ts';
import { collectionsWorkbook } from './export.ts';
import { allCollectedStandards } from './service.ts';

const tags = ['collections'];

/** The download: the collected standards as an Excel workbook. */
export function exportRoutes(r: ZodScope, app: FastifyInstance) {
  r.get(
    api.exportCollections.path,
    {
      schema: {
        tags,
        security,
        summary: '导出收藏的标准（Excel：标准号、名称、状态、发布/实施/废止日期、被代替标准）',
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (req, reply) => {
      const now = new Date();
      const buf = await collectionsWorkbook(await allCollectedStandards(app.db, req.user!.id), now);
      const name = `收藏标准-${now.toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="collections.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .send(buf);
    },
  );
}
