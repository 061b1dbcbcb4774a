import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { createTestDb, engines } from './helpers/db.ts';
import { testConfig, useTestApp } from './helpers/app.ts';
import { post } from './helpers/answer.ts';
import { createUser, solvedCaptcha } from './helpers/builders.ts';

describe.each(engines)('dev outbox without DEV_OUTBOX on %s', (engine) => {
  const ctx = useTestApp(engine, { DEV_OUTBOX: '0' });

  it('has no dev endpoints', async () => {
    const c = (await ctx.app.inject({ method: 'GET', url: '/api/sys/auth/captcha' })).json();
    expect(c.code).toBe(0);
    for (const url of ['/api/dev/outbox?mobile=13800138000', `/api/dev/captcha?key=${c.data.key}`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 404, data: null });
    }
  });
});

describe.each(engines)('dev outbox with DEV_OUTBOX on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('lists the codes sent to a number, newest first', async () => {
    const u = await createUser(ctx.app);
    for (const ip of ['10.6.0.1', '10.6.0.2']) {
      const cap = await solvedCaptcha(ctx.app, ip);
      expect((await post(ctx.app, '/api/sys/auth/send/code', { mobile: u.mobile, ...cap }, { ip })).code).toBe(0);
      // The per-number cooldown is per minute; clear it instead of waiting.
      await ctx.app.ephemeral.del(`rl:sms:cool:${u.mobile}`);
    }
    const rows = await ctx.testDb.db.query<{ code: string }>('select code from sms_outbox where mobile = $1 order by id desc', [
      u.mobile,
    ]);
    const out = (await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${u.mobile}` })).json();
    expect(out.code).toBe(0);
    expect(out.data.map((x: { code: string }) => x.code)).toEqual(rows.map((r) => r.code));
    expect(out.data[0]).toEqual({ mobile: u.mobile, code: rows[0]!.code, purpose: 'login', sentAt: expect.any(String) });
    const none = (await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?mobile=13000000000' })).json();
    expect(none).toMatchObject({ code: 0, data: [] });
  });

  it('shows a captcha answer without consuming it', async () => {
    const cap = await solvedCaptcha(ctx.app);
    const again = (await ctx.app.inject({ method: 'GET', url: `/api/dev/captcha?key=${cap.key}` })).json();
    expect(again).toEqual({ code: 0, msg: '成功', data: { answer: cap.captcha } });
    const missing = (
      await ctx.app.inject({ method: 'GET', url: '/api/dev/captcha?key=00000000-0000-0000-0000-000000000000' })
    ).json();
    expect(missing.code).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/captcha' })).json().code).toBe(400);
  });
});

describe('DEV_OUTBOX in production', () => {
  it('is refused by the configuration', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1' })).toThrow(/DEV_OUTBOX/);
    expect(parseConfig({ NODE_ENV: 'production' }).devOutbox).toBe(false);
  });
});

describe('startup with an unreachable REDIS_URL', () => {
  it('fails with a clear message', async () => {
    const testDb = await createTestDb('pglite');
    try {
      await expect(
        buildApp({ config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1/0' }), db: testDb.db, logger: false }).then((a) =>
          a.ready(),
        ),
      ).rejects.toThrow(/REDIS_URL is set but Redis does not answer/);
    } finally {
      await testDb.drop();
    }
  });
});

describe.each(engines)('OpenAPI on %s', (engine) => {
  const ctx = useTestApp(engine);
  it('describes the account calls with their body fields', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const p of [
      '/api/sys/auth/webLogin',
      '/api/sys/auth/register',
      '/api/sys/auth/getUserInfo',
      '/api/user/password',
      '/api/zs/ent/userInfoBz/send/sengSmsCode',
    ]) {
      expect(doc.paths).toHaveProperty([p, 'post']);
    }
    const body = doc.paths['/api/sys/auth/register'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['username', 'password', 'againPassword', 'mobile', 'checkInfo']),
    );
  });
});
