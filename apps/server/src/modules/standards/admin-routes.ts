import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SearchMiss, SynonymGroup, SynonymGroupInput } from '@zs/shared/api/standards-search';
import { envelopeOf, notFound, ok, pageOf } from '../../lib/envelope.ts';
import { listMisses } from './misses.ts';
import { deleteSynonyms, listSynonyms, saveSynonyms } from './synonyms.ts';

const tags = ['admin'];
const security = [{ token: [] }];
const IdParams = z.object({ id: z.coerce.number({ error: '编号不正确' }).int('编号不正确').positive('编号不正确') });
const MissQuery = z.object({
  page: z.coerce.number({ error: '页码须为正整数' }).int('页码须为正整数').min(1, '页码须为正整数').max(1000).default(1),
  size: z.coerce.number({ error: '每页条数须为1-100' }).int('每页条数须为1-100').min(1).max(100, '每页条数须为1-100').default(20),
});

/** Operators' search tools: the zero-result list and the synonym table (operator or admin role). */
export default async function adminSearchRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireRole('operator', 'admin'));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/search/misses',
    {
      schema: {
        tags,
        security,
        summary: '无结果检索词（按次数、最近时间排列）',
        querystring: MissQuery,
        response: { 200: envelopeOf(pageOf(SearchMiss)) },
      },
    },
    async (req) => ok(await listMisses(app.db, req.query.page, req.query.size)),
  );
  r.get(
    '/api/admin/search/synonyms',
    { schema: { tags, security, summary: '检索同义词组', response: { 200: envelopeOf(z.array(SynonymGroup)) } } },
    async () => ok(await listSynonyms(app.db)),
  );
  r.post(
    '/api/admin/search/synonyms',
    { schema: { tags, security, summary: '新增同义词组（检索时即时生效）', body: SynonymGroupInput } },
    async (req) => ok(await saveSynonyms(app.db, undefined, req.body.terms, req.body.note)),
  );
  r.put(
    '/api/admin/search/synonyms/:id',
    { schema: { tags, security, summary: '修改同义词组', params: IdParams, body: SynonymGroupInput } },
    async (req) => {
      const saved = await saveSynonyms(app.db, req.params.id, req.body.terms, req.body.note);
      if (!saved) throw notFound('同义词组不存在');
      return ok(saved);
    },
  );
  r.delete(
    '/api/admin/search/synonyms/:id',
    { schema: { tags, security, summary: '删除同义词组', params: IdParams } },
    async (req) => {
      if (!(await deleteSynonyms(app.db, req.params.id))) throw notFound('同义词组不存在');
      return ok(null);
    },
  );
}
