import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/standards';
import { ok } from '../../../lib/envelope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { ccsList, icsList, standardDetail, standardStats } from './service.ts';
import { AnswerCache, CatalogueVersion } from './catalogue-cache.ts';
import searchRoutes from '../search/routes.ts';
import standardsExportRoutes from './export-routes.ts';
import docCheckRoutes from '../doccheck/routes.ts';
import { SearchLog } from '../search/search-log.ts';
import { closeTitleIndex, startTitleIndex } from '../search/title-index-store.ts';
import { titleIndexMetrics } from '../search/metrics.ts';
import { followCatalogue } from '../search/follow.ts';
import { warmTitleIndex } from '../search/search.ts';

export default fp(
  async function standardsRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Public reads go to app.readDb (the replica when there is one); the search log writes to the primary.
    const version = new CatalogueVersion(app.readDb);
    const cache = new AnswerCache(app.ephemeral);
    const log = new SearchLog(app.db);
    app.addHook('onClose', () => log.flush());
    if (app.metricsRegistry) titleIndexMetrics(app, app.metricsRegistry);
    if (app.config.searchTitleIndex) {
      // Built in the background: searches are ranked in SQL until it is ready.
      // One index per database, shared by every app on it (tests run several): each closes only what it started.
      let started = false;
      let following: { stop(): void } | undefined;
      app.addHook('onReady', async () => {
        started = true;
        void startTitleIndex(
          app.readDb,
          (index) => warmTitleIndex(app.readDb, index),
          app.config.searchIndexSnapshotDir,
          app.config.searchPartialThread,
        );
        following = followCatalogue(app.readDb);
      });
      app.addHook('onClose', async () => {
        following?.stop();
        if (started) await closeTitleIndex(app.readDb);
      });
    }
    await app.register(searchRoutes, { version, cache, log });
    await app.register(standardsExportRoutes);
    await app.register(docCheckRoutes);
    r.get(
      api.standardStats.path,
      {
        schema: {
          tags: ['standards'],
          summary: '标准统计（按级别、状态；近12个月发布；即将实施）',
          ...routeSchema(api.standardStats),
        },
      },
      async () => ok(await standardStats(app.readDb)),
    );
    r.get(
      api.standardDetail.path,
      {
        schema: {
          tags: ['standards'],
          summary: '标准详情（含分类名称、代替关系、状态变更记录、数据来源）',
          ...routeSchema(api.standardDetail),
        },
      },
      async (req) => ok(await standardDetail(app.readDb, req.params.id)),
    );
    r.get(
      api.ccsClassification.path,
      {
        schema: {
          tags: ['standards'],
          summary: '中国标准文献分类法（CCS），平铺并带上级代码',
          ...routeSchema(api.ccsClassification),
        },
      },
      async () => ok(await ccsList(app.readDb)),
    );
    r.get(
      api.icsClassification.path,
      {
        schema: {
          tags: ['standards'],
          summary: '国际标准分类法（ICS 第7版），平铺并带上级代码',
          ...routeSchema(api.icsClassification),
        },
      },
      async () => ok(await icsList(app.readDb)),
    );
  },
  { name: 'standards', dependencies: ['db', 'envelope', 'auth'] },
);
