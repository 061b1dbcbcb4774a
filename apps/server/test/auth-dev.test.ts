import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { createUser, post, solvedCaptcha } from './helpers/builders.ts';

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
