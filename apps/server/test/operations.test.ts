import fs from 'node:fs';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { refresh } from '../src/modules/standards/search/title-index-store.ts';
import { indexTokens } from '../src/lib/segment.ts';
import { REPOSITORY_EXAMPLE_KEY } from '../src/config.ts';
import { aesEncrypt } from '../src/lib/aes.ts';
import { loggerOptions } from '../src/lib/log.ts';
import { testConfig } from './helpers/app.ts';
import { answerOf, type DataOf } from './helpers/answer.ts';
import { createUser } from './helpers/builders.ts';
import { webLogin } from './helpers/login.ts';
import { captureLog } from './helpers/log.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';

const get = async <T>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.body, json: () => answerOf<T>(res) };
};

const servedKey = async (app: FastifyInstance) =>
  (await get<{ passwordAesKey: string }>(app, '/api/sys/config')).json().data.passwordAesKey;

/** A password login the way the web does it: the key is fetched from the server, then both fields are encrypted. */
async function loginWithServedKey(app: FastifyInstance, username: string, password: string, key?: string) {
  const k = key ?? (await servedKey(app));
  return webLogin(app, username, password, { ip: '10.7.0.1', cipher: (plain) => aesEncrypt(plain, k) });
}

describe.each(engines)('run-time password key on %s (docs/product.md §3.2)', (engine) => {
  let testDb: TestDb;
  const apps: FastifyInstance[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const app = await buildApp({ config: testConfig(env), db: testDb.db, logger: false });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    testDb = await createTestDb(engine);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb.drop();
  });

  it('makes a random key on first start, keeps it in the database and serves it to every instance', async () => {
    const a = await start();
    const key = await servedKey(a);
    expect(key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(key).not.toBe(REPOSITORY_EXAMPLE_KEY);
    const stored = await testDb.db.query<{ value: string }>("select value from app_secrets where name = 'password_aes_key'");
    expect(stored[0]?.value).toBe(key);
    const b = await start();
    expect(await servedKey(b)).toBe(key);
    const res = await get(a, '/api/sys/config');
    expect(res.headers['cache-control']).toBe('no-store');
    const u = await createUser(a);
    expect((await loginWithServedKey(b, u.username, u.password)).code).toBe(0);
  });

  it('keeps password login working after the key is changed at run time (PASSWORD_AES_KEY, no rebuild)', async () => {
    const before = await servedKey(apps[0]!);
    const changed = await start({ PASSWORD_AES_KEY: 'Rotated-Key-2027' });
    expect(await servedKey(changed)).toBe('Rotated-Key-2027');
    const u = await createUser(changed);
    expect((await loginWithServedKey(changed, u.username, u.password)).code).toBe(0);
    // The old key no longer opens anything: the change really took effect.
    const stale = await loginWithServedKey(changed, u.username, u.password, before);
    expect(stale.code).toBe(400);
  });
});

describe.each(engines)('health, readiness and metrics on %s', (engine) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    testDb = await createTestDb(engine);
    const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
    app = await buildApp({
      config: testConfig({ METRICS_TOKEN: token, METRICS_PORT: '0', ...redis }),
      db: testDb.db,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('answers liveness with the engine and readiness with each dependency', async () => {
    expect((await get(app, '/api/health')).json()).toEqual({ code: 0, msg: '成功', data: { status: 'ok', db: engine } });
    const ready = await get<{ status: string; checks: Record<string, string>; diskFreeBytes: number }>(app, '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.json().data).toMatchObject({
      status: 'ready',
      checks: { db: 'ok', disk: 'ok', redis: process.env.TEST_REDIS_URL ? 'ok' : 'off' },
    });
    expect(ready.json().data.diskFreeBytes).toBeGreaterThan(0);
  });

  it('reports not ready with HTTP 503 when the uploads folder cannot be written', async () => {
    fs.mkdirSync('.tmp', { recursive: true });
    const blocker = `.tmp/ready-blocker-${process.pid}`;
    fs.writeFileSync(blocker, 'a file where the data folder should be');
    const broken = await buildApp({ config: testConfig({ DATA_DIR: `${blocker}/data` }), db: testDb.db, logger: false });
    try {
      const res = await get<{ status: string; checks: Record<string, string> }>(broken, '/api/ready');
      expect(res.status).toBe(503);
      expect(res.json()).toMatchObject({
        code: 500,
        msg: '服务未就绪',
        data: { status: 'unavailable', checks: { db: 'ok', disk: 'fail' } },
      });
    } finally {
      await broken.close();
      fs.rmSync(blocker);
    }
  });

  it('serves Prometheus metrics only with the token, and on the separate port', async () => {
    await get(app, '/api/health');
    await get(app, '/api/standards/search?keyword=%E5%BB%BA%E7%AD%91');
    expect((await get(app, '/metrics')).status).toBe(401);
    expect((await get(app, '/metrics', { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    const res = await get(app, '/metrics', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} \d+/);
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health"\} \d+/);
    expect(res.body).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    // Route patterns, not URLs: query strings never become label values.
    expect(res.body).not.toContain('keyword=');

    const separate = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${app.metricsPort}/metrics`, (r) => {
          let body = '';
          r.on('data', (c: Buffer) => (body += c.toString()));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    expect(separate.status).toBe(200);
    expect(separate.body).toContain('http_request_duration_seconds_bucket');
  });

  it('reports the title index: records, how far it is behind the catalogue, and its builds', async () => {
    const metric = async (name: string) => {
      const body = (await get(app, '/metrics', { authorization: `Bearer ${token}` })).body as unknown as string;
      const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(body);
      return m ? Number(m[1]) : undefined;
    };
    const add = (n: number) =>
      testDb.db.query(
        `insert into standards (standard_no, no_key, no_base, no_prefix, no_order, name_zh, level)
         values ($1, $2, $2, 'DB4420/T', $3, '示例指标记录', 'local')`,
        [`DB4420/T ${n}-2024`, `DB4420/T${n}-2024`, String(n).padStart(8, '0')],
      );
    // The first refresh may return the build the app started when it became ready; the second brings it current.
    const rebuilt = async () => {
      await refresh(testDb.db);
      await refresh(testDb.db);
    };
    await add(801);
    await add(802);
    await rebuilt();
    const count = Number((await testDb.db.query<{ n: string }>('select count(*)::text as n from standards'))[0]!.n);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await metric('search_title_index_records'), 'records').toBe(count);
    // Records ranked from the small index beside it (decisions/0118): 0, or the ones added after the start's build.
    expect(await metric('search_title_index_changed_records')).toBeLessThanOrEqual(2);
    expect(await metric('search_title_index_bytes')).toBeGreaterThan(0);
    expect(await metric('search_title_index_lag'), 'lag when current').toBe(0);
    expect(await metric('search_title_index_builds_total{outcome="kept"}')).toBeGreaterThanOrEqual(1);
    expect(await metric('search_title_index_last_build_seconds')).toBeGreaterThanOrEqual(0);
    // Test apps write no index file (helpers/app.ts): the series is there, at 0.
    expect(await metric('search_title_index_snapshots_total{outcome="loaded"}')).toBe(0);
    await add(803);
    expect(await metric('search_title_index_lag')).toBeGreaterThanOrEqual(1);
    await rebuilt();
    expect(await metric('search_title_index_lag'), 'lag after the rebuild').toBe(0);
    expect(await metric('search_title_index_records'), 'records after the rebuild').toBe(count + 1);
    // Result lines (decisions/0123): the second page of the same lines is taken from the line cache.
    const hits = (await metric('search_line_cache_lines_total{outcome="hit"}')) ?? 0;
    await testDb.db.query(`update standards set search_tokens = $1::text[] where name_zh = '示例指标记录'`, [
      indexTokens({ texts: ['示例指标记录'] }),
    ]);
    await rebuilt();
    for (const size of [5, 6]) {
      const page = (
        await get<DataOf<'GET /api/portal/standards'>>(
          app,
          `/api/portal/standards?keyword=${encodeURIComponent('示例指标记录')}&size=${size}`,
        )
      ).json().data;
      expect(page.total).toBe(3);
    }
    expect(await metric('search_line_cache_lines_total{outcome="hit"}')).toBeGreaterThanOrEqual(hits + 2);
    expect(await metric('search_line_cache_lines_total{outcome="miss"}')).toBeGreaterThanOrEqual(1);
    // The missing lines were read: each page's ask, and the statements that read them (decisions/0127).
    const asked = (await metric('search_line_reads_total{kind="asked"}')) ?? 0;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(await metric('search_line_reads_total{kind="statement"}')).toBeGreaterThanOrEqual(1);
    expect(await metric('search_line_reads_total{kind="statement"}')).toBeLessThanOrEqual(asked);
    // Number listing heads read per turn (decisions/0128; counted in search-listing-heads.test.ts): the series is there.
    for (const kind of ['asked', 'statement'])
      expect(await metric(`search_head_reads_total{kind="${kind}"}`)).toBeGreaterThanOrEqual(0);
  });

  it('has no /metrics when neither a token nor a port is configured', async () => {
    const plain = await buildApp({ config: testConfig(), db: testDb.db, logger: false });
    try {
      const res = await get(plain, '/metrics');
      expect(res.body).not.toContain('http_requests_total');
      expect(plain.metricsPort).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe.each(engines)('structured logs on %s', (engine) => {
  it('carry the request id (also answered to the client) and mask mobile numbers', async () => {
    const { lines, stream } = captureLog();
    const testDb = await createTestDb(engine);
    const app = await buildApp({ config: testConfig(), db: testDb.db, logger: { ...loggerOptions('info'), stream } });
    try {
      const given = await app.inject({
        method: 'GET',
        url: '/api/dev/outbox?mobile=13912345678',
        headers: { 'x-request-id': 'proxy-abc-123' },
      });
      expect(given.headers['x-request-id']).toBe('proxy-abc-123');
      const made = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      app.log.info({ mobile: '13912345678', nested: { note: 'call 13912345678' } }, 'user 13912345678 asked');

      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(records.filter((r) => r.reqId === 'proxy-abc-123').length).toBeGreaterThanOrEqual(2);
      expect(records.some((r) => r.reqId === made.headers['x-request-id'])).toBe(true);
      const log = lines.join('');
      expect(log).toContain('139****5678');
      expect(log).not.toContain('13912345678');
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
