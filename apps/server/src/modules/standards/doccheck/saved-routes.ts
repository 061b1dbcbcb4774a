import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/document-check';
import { ok } from '../../../lib/envelope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { protectedScope, security } from '../../../lib/scope.ts';
import { deleteCheck, listChecks, rerunCheck, saveCheck } from './saved.ts';

/** A signed-in user's saved document checks (/api/user/doc-checks…): the results, never the document. */
export async function savedCheckRoutes(app: FastifyInstance) {
  await protectedScope(app, app.requireUser, async (r) => {
    r.post(
      api.saveDocCheck.path,
      {
        schema: {
          tags: ['standards'],
          summary: '保存文档核查结果（只保存识别出的引用与结论，不保存文档；每人最多50份）',
          security,
          ...routeSchema(api.saveDocCheck),
        },
      },
      async (req) => ok({ id: await saveCheck(app.db, req.user!.id, req.body.name ?? null, req.body.citations) }, '已保存'),
    );
    r.get(
      api.listDocChecks.path,
      { schema: { tags: ['standards'], summary: '我保存的文档核查结果', security, ...routeSchema(api.listDocChecks) } },
      async (req) => ok(await listChecks(app.db, req.user!.id)),
    );
    r.post(
      api.recheckDocCheck.path,
      {
        schema: {
          tags: ['standards'],
          summary: '重新核查已保存的结果，列出结论或匹配标准有变化的引用',
          security,
          ...routeSchema(api.recheckDocCheck),
        },
      },
      async (req) => ok(await rerunCheck(app.db, req.user!.id, req.params.id)),
    );
    r.delete(
      api.deleteDocCheck.path,
      { schema: { tags: ['standards'], summary: '删除已保存的文档核查结果', security, ...routeSchema(api.deleteDocCheck) } },
      async (req) => {
        await deleteCheck(app.db, req.user!.id, req.params.id);
        return ok(null, '已删除');
      },
    );
  });
}
