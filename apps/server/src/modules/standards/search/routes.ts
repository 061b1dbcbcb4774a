import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/standards';
import { ok } from '../../../lib/envelope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import type { AnswerCache, CatalogueVersion } from '../catalogue/catalogue-cache.ts';
import { cleanKeyword, searchStandards, suggest } from './search.ts';
import { batchCheck } from './batch-check.ts';
import adminSearchRoutes from './admin-routes.ts';
import type { SearchLog } from './search-log.ts';

export interface SearchRouteOptions {
  version: CatalogueVersion;
  cache: AnswerCache;
  log: SearchLog;
}

/** The public search, batch check and suggestions (docs/search.md), and the operators' search tools. */
export default async function searchRoutes(app: FastifyInstance, { version, cache, log }: SearchRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    api.searchStandards.path,
    {
      schema: {
        tags: ['standards'],
        summary: '标准检索（任意写法的编号、编号前缀、中英文名称；同义词；分页）',
        description:
          '编号精确命中排第一；现行/即将实施在相近相关度下排在被代替/废止之前；编号前缀按编号顺序列出。' +
          '标题未能完整命中时补充部分命中（partialFrom 起），无结果时给出最接近的编号（nearest）。',
        ...routeSchema(api.searchStandards),
      },
    },
    async (req) => {
      const v = await version.get();
      const page = await cache.get(v, `s:${JSON.stringify(req.query)}`, () =>
        searchStandards(app.readDb, req.query, { version: v }),
      );
      const kw = cleanKeyword(req.query.keyword);
      // First pages only, so paging through one search counts it once (dashboard trends, top queries).
      if (page.page === 1) {
        if (kw && page.total === 0) log.miss(kw);
        log.search(req.query.keyword, page.total);
      }
      return ok(page);
    },
  );
  r.post(
    api.checkStandards.path,
    {
      schema: {
        tags: ['standards'],
        summary: '批量核验标准有效性（最多1000个编号，任意写法）',
        description:
          '请求体 {"numbers": ["GB/T 50011-2010", "gbt50011", …]}。每行返回：found（状态、实施日期、代替它的标准）、' +
          'missing（目录中没有，附最接近的编号）或 unparsed（不是标准号）。',
        ...routeSchema(api.checkStandards),
      },
    },
    async (req) => ok(await batchCheck(app.readDb, req.body.numbers)),
  );
  r.get(
    api.suggestStandards.path,
    {
      schema: {
        tags: ['standards'],
        summary: '检索框联想（编号按前缀、名称按词，前10条）',
        ...routeSchema(api.suggestStandards),
      },
    },
    async (req) => {
      const v = await version.get();
      return ok(await cache.get(v, `g:${req.query.keyword ?? ''}`, () => suggest(app.readDb, req.query.keyword, v)));
    },
  );
  await app.register(adminSearchRoutes, { log });
}
