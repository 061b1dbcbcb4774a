import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/standards';
import { notFound, ok } from '../../../lib/envelope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { security } from '../../../lib/scope.ts';
import { listMisses } from './misses.ts';
import type { SearchLog } from './search-log.ts';
import { deleteSynonyms, listSynonyms, saveSynonyms } from './synonyms.ts';

const tags = ['admin'];
/** Operators' search tools: the zero-result list and the synonym table (operator or admin role). */
export default async function adminSearchRoutes(app: FastifyInstance, opts: { log: SearchLog }) {
  app.addHook('onRequest', app.requireRole('operator', 'admin'));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    api.listSearchMisses.path,
    {
      schema: {
        tags,
        security,
        summary: '无结果检索词（按次数、最近时间排列）',
        ...routeSchema(api.listSearchMisses),
      },
    },
    async (req) => {
      await opts.log.flush();
      return ok(await listMisses(app.db, req.query.page, req.query.size));
    },
  );
  r.get(
    api.listSynonyms.path,
    { schema: { tags, security, summary: '检索同义词组', ...routeSchema(api.listSynonyms) } },
    async () => ok(await listSynonyms(app.db)),
  );
  r.post(
    api.createSynonyms.path,
    { schema: { tags, security, summary: '新增同义词组（检索时即时生效）', ...routeSchema(api.createSynonyms) } },
    async (req) => ok((await saveSynonyms(app.db, undefined, req.body.terms, req.body.note))!),
  );
  r.put(
    api.updateSynonyms.path,
    { schema: { tags, security, summary: '修改同义词组', ...routeSchema(api.updateSynonyms) } },
    async (req) => {
      const saved = await saveSynonyms(app.db, req.params.id, req.body.terms, req.body.note);
      if (!saved) throw notFound('同义词组不存在');
      return ok(saved);
    },
  );
  r.delete(
    api.deleteSynonyms.path,
    { schema: { tags, security, summary: '删除同义词组', ...routeSchema(api.deleteSynonyms) } },
    async (req) => {
      if (!(await deleteSynonyms(app.db, req.params.id))) throw notFound('同义词组不存在');
      return ok(null);
    },
  );
}
