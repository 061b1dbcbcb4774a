import { describe, expect, it } from 'vitest';
import fp from 'fastify-plugin';
import { buildApp } from '../src/app.ts';
import { engines, createTestDb } from './helpers/db.ts';
import { testConfig, useTestApp } from './helpers/app.ts';

describe.each(engines)('foundation on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('answers health with the engine name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: '成功', data: { status: 'ok', db: engine } });
  });

  it('answers an unknown /api path with the envelope 404 over HTTP 200', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/no/such/path' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 404, data: null });
  });

  it('answers a malformed JSON body with code 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/zs/ent/userInfoBz/Operater',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 400, msg: '请求内容不是有效的 JSON', data: null });
  });

  it('lists footer contacts from the database, the operations contact first', async () => {
    await ctx.testDb.db.query(
      `insert into site_contacts (real_name, mobile, email, role, sort_order, active) values
         ('技术乙', '13900000002', null, 'technical', 0, true),
         ('运营甲', '13900000001', 'ops@example.org', 'operations', 5, true),
         ('停用丙', '13900000003', null, 'technical', 0, false)`,
    );
    const res = await ctx.app.inject({ method: 'POST', url: '/api/zs/ent/userInfoBz/Operater' });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.map((c: { realName: string }) => c.realName)).toEqual(['运营甲', '技术乙']);
    expect(body.data[0]).toMatchObject({ mobile: '13900000001', email: 'ops@example.org' });
    expect(body.data[1]).not.toHaveProperty('email');
  });

  it('turns an unexpected exception into code 500 with HTTP 500 and no internals', async () => {
    const testDb = await createTestDb(engine);
    const app = await buildApp({ config: testConfig(), db: testDb.db, logger: false });
    await app.register(
      fp(async (a) => {
        a.get('/api/test/boom', async () => {
          throw new Error('secret internal detail at /srv/db');
        });
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '服务器繁忙，请稍后再试', data: null });
    expect(res.body).not.toContain('secret');
    await app.close();
    await testDb.drop();
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
