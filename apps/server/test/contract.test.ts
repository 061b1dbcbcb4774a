import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shared from '@zs/shared';
import { isEndpoint, type AnyEndpoint, type Download } from '@zs/shared';
import { appPlugin } from '../src/app.ts';
import { routeSchema } from '../src/lib/contract.ts';
import { createTestDb, type TestDb } from './helpers/db.ts';
import { testConfig } from './helpers/app.ts';

/**
 * decisions/0042: every /api route is declared once in @zs/shared. The route's 200 schema must be the endpoint's
 * own envelope object (identity, not a look-alike), its request schemas the endpoint's, and every declared
 * endpoint must be served.
 */

/** Not API calls of the platform: the OpenAPI viewer and document (@fastify/swagger-ui), generated from the contract. */
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * Routes not yet moved onto a shared endpoint. The test fails when one of them conforms (remove it here) and when
 * any other route does not, so this list can only shrink.
 */
const NOT_YET_SHARED: string[] = [
  'GET /api/admin/content/:section',
  'GET /api/admin/content/:section/:id',
  'GET /api/admin/content/:section/:id/preview',
  'GET /api/admin/content/:section/:id/revisions',
  'GET /api/admin/content/reviews',
  'GET /api/admin/content/settings',
  'GET /api/content/files/:id/:key',
  'GET /api/dev/captcha',
  'GET /api/dev/outbox',
  'POST /api/admin/content/:section',
  'POST /api/admin/content/:section/:id/publish',
  'POST /api/admin/content/:section/:id/revisions/:revisionId/restore',
  'POST /api/admin/content/:section/:id/unpublish',
  'POST /api/admin/content/:section/bulk',
  'POST /api/admin/content/files',
  'POST /api/admin/content/reviews/:id',
  'POST /api/dev/age-section',
  'POST /api/dev/drop-file',
  'PUT /api/admin/content/:section/:id',
  'PUT /api/admin/content/settings',
];

const key = (method: string, url: string) => `${method} ${url}`;

let testDb: TestDb;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  testDb = await createTestDb('pglite');
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (r) => {
    routes.push(r);
  });
  await app.register(appPlugin, { config: testConfig(), db: testDb.db });
  await app.ready();
  await app.close();
});
afterAll(async () => {
  await testDb?.drop();
});

const declared = (Object.entries(shared) as Array<[string, unknown]>).filter((e): e is [string, AnyEndpoint | Download] =>
  isEndpoint(e[1]),
);
const byKey = new Map(declared.map(([name, ep]) => [key(ep.method, ep.path), { name, ep }]));

function apiRoutes() {
  const out: Array<{ key: string; route: RouteOptions }> = [];
  for (const r of routes) {
    if (!r.url.startsWith('/api') || isDocs(r.url)) continue;
    for (const m of [r.method].flat()) if (m !== 'HEAD' && m !== 'OPTIONS') out.push({ key: key(m, r.url), route: r });
  }
  return out;
}

/** Why a route does not conform, or null. */
function offence(k: string, route: RouteOptions): string | null {
  const hit = byKey.get(k);
  if (!hit) return 'no shared endpoint declares this method and path';
  const { ep } = hit;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const response = schema.response as Record<string, unknown> | undefined;
  if (ep.kind === 'json') {
    if (!response?.[200]) return 'no 200 response schema';
    if (response[200] !== ep.envelope) return `200 schema is not ${hit.name}.envelope`;
  }
  const pairs: Array<[string, unknown]> = [
    ['params', ep.params],
    ['querystring', ep.query],
    ['body', ep.body],
  ];
  for (const [part, mine] of pairs) if (schema[part] !== mine) return `${part} schema is not ${hit.name}'s`;
  return null;
}

describe('the API contract', () => {
  it('collects the routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(100);
  });

  it('every /api route uses a shared endpoint for its request and 200 schemas', () => {
    const offenders: string[] = [];
    const reasons: Record<string, string> = {};
    for (const { key: k, route } of apiRoutes()) {
      const why = offence(k, route);
      if (why) {
        offenders.push(k);
        reasons[k] = why;
      }
    }
    const unexpected = offenders.filter((k) => !NOT_YET_SHARED.includes(k));
    expect(Object.fromEntries(unexpected.map((k) => [k, reasons[k]]))).toEqual({});
    const nowShared = NOT_YET_SHARED.filter((k) => !offenders.includes(k));
    expect(nowShared, 'conforming now: remove from NOT_YET_SHARED').toEqual([]);
  });

  it('every shared endpoint is served, and the file downloads are listed with their reason', () => {
    const served = new Set(apiRoutes().map((r) => r.key));
    expect(declared.filter(([, ep]) => !served.has(key(ep.method, ep.path))).map(([name]) => name)).toEqual([]);
    for (const [, ep] of declared) if (ep.kind === 'file') expect(ep.reason.length).toBeGreaterThan(5);
  });

  it('a route answering something its schema does not describe fails instead of sending it', async () => {
    const ep = shared.handleMissingReport;
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.post(ep.path, { schema: routeSchema(ep) }, async () => ({ code: 0, msg: '成功', data: { id: 'not a number' } }) as never);
    app.post('/ok/:id', { schema: routeSchema(ep) }, async (req) => ({
      code: 0,
      msg: '成功',
      data: { id: req.params.id, status: req.body.status },
    }));
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/admin/standards/missing-reports/1',
      payload: { status: 'accepted' },
    });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.body).not.toContain('not a number');
    const right = await app.inject({ method: 'POST', url: '/ok/1', payload: { status: 'accepted' } });
    expect(right.json()).toEqual({ code: 0, msg: '成功', data: { id: 1, status: 'accepted' } });
    // And the shape is checked, not only the types: a missing field fails too.
    expect(z.object({ a: z.number() }).safeParse({}).success).toBe(false);
    await app.close();
  });
});
