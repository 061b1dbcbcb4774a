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

/** Calls whose success answer is not an envelope, so they have no 200 schema: each with the reason. */
const FILE_ROUTES: Record<string, string> = {
  'GET /api/portal/standards/export': 'search results as an XLSX workbook',
  'POST /api/portal/standards/check/xlsx': 'batch check results as an XLSX workbook',
  'POST /api/portal/standards/check/document/xlsx': "a document check's annotated citations as an XLSX workbook",
  'POST /api/portal/standards/check/document/docx': 'a document check as a 编制依据 table in a DOCX file',
  'GET /api/user/collections/export': 'the collected standards as an XLSX workbook',
  'GET /api/admin/consultations/:id/summary.xlsx': 'the 征求意见汇总处理表 of a draft as an XLSX workbook',
  'GET /api/admin/consultations/:id/summary.docx': 'the 征求意见汇总处理表 of a draft as a DOCX file',
  'GET /api/admin/imports/:id/report': 'the rejected import rows as an XLSX workbook',
  'GET /api/portal/standards/:id/fulltext': 'the readable pages of a full text as a PDF (inline)',
  'GET /api/portal/standards/:id/fulltext/download': 'the watermarked full-text PDF (attachment)',
  'GET /api/portal/:section/:id/files/:fileId': 'an attachment of a content item (watermarked PDF for training files)',
  'GET /api/user/files/:id': "an uploaded file's bytes (uploader or operators only)",
  'GET /api/content/files/:id/:key': 'an image or attachment of published content, with its own type',
  'GET /api/user/export': 'the personal data export, a JSON file sent as an attachment',
  'GET /api/portal/geo/:name': 'a GeoJSON boundary file, its envelope serialised once at start and served with an ETag',
  'GET /api/feeds/standards.atom': 'an Atom feed of new standards (application/atom+xml, with an ETag)',
  'GET /api/feeds/status.atom': 'an Atom feed of status changes (application/atom+xml, with an ETag)',
  'GET /api/feeds/news.atom': 'an Atom feed of news (application/atom+xml, with an ETag)',
};

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
    expect(Object.fromEntries(offenders.map((k) => [k, reasons[k]]))).toEqual({});
  });

  it('every shared endpoint is served, and exactly the listed file downloads go without a 200 schema', () => {
    const served = new Set(apiRoutes().map((r) => r.key));
    expect(declared.filter(([, ep]) => !served.has(key(ep.method, ep.path))).map(([name]) => name)).toEqual([]);
    const files = declared.filter(([, ep]) => ep.kind === 'file').map(([, ep]) => key(ep.method, ep.path));
    expect(files.sort()).toEqual(Object.keys(FILE_ROUTES).sort());
    for (const { key: k, route } of apiRoutes())
      if (k in FILE_ROUTES) expect((route.schema as { response?: unknown } | undefined)?.response, k).toBeUndefined();
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
