import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/portal';
import { notFound, ok } from '../../lib/envelope.ts';
import { downloadSchema, routeSchema } from '../../lib/contract.ts';
import { dataMap, figureRows } from './service.ts';
import { sharedDataDir } from '../../lib/paths.ts';

const tags = ['datamap'];
const GEO_DIR = path.join(sharedDataDir, 'geo');
const GEO_FILES = ['guangdong-cities-440000', 'zhongshan-outline-442000'] as const;

/** The city data map (/data-map) and the boundary files it draws on. */
export default fp(
  async function datamapRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The boundary files never change at run time: serialise each envelope once, serve it with a validator.
    const geo = new Map<string, { body: string; etag: string }>();
    for (const name of GEO_FILES) {
      const body = `{"code":0,"msg":"成功","data":${fs.readFileSync(path.join(GEO_DIR, `${name}.geojson`), 'utf8').trim()}}`;
      geo.set(name, { body, etag: `"${crypto.createHash('sha1').update(body).digest('hex').slice(0, 16)}"` });
    }

    r.get(
      api.dataMap.path,
      {
        schema: {
          tags,
          summary: '数据地图：23 个镇街（近似中心点）及各项统计、全市合计',
          ...routeSchema(api.dataMap),
        },
      },
      async () => ok(await dataMap(app.db)),
    );

    r.get(
      api.dataMapRows.path,
      {
        schema: {
          tags,
          summary: '数据地图明细：某项统计背后的记录（可按镇街筛选）',
          ...routeSchema(api.dataMapRows),
        },
      },
      async (req) => ok(await figureRows(app.db, req.params.indicator, req.query.town, req.query.page, req.query.size)),
    );

    r.get(
      api.geoBoundary.path,
      {
        schema: {
          tags,
          summary: `边界数据 GeoJSON（${GEO_FILES.join(' | ')}），长期缓存`,
          ...downloadSchema(api.geoBoundary),
        },
      },
      async (req, reply) => {
        const file = geo.get(req.params.name);
        if (!file) throw notFound('地图数据不存在');
        reply.header('cache-control', 'public, max-age=604800, stale-while-revalidate=86400').header('etag', file.etag);
        if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
        return reply
          .type('application/json; charset=utf-8')
          .serializer((p: unknown) => p as string)
          .send(file.body);
      },
    );
  },
  { name: 'datamap', dependencies: ['db', 'envelope'] },
);
