import { describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { InputMessages } from '@zs/shared';
import { buildApp } from '../src/app.ts';
import { insertItem } from '../src/modules/portal/repository.ts';
import { createTestDb, engines } from './helpers/db.ts';
import { testConfig, useTestApp } from './helpers/app.ts';
import { answerOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { logSink, openActivity, serviceItem } from './helpers/fixtures.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Injects and checks the answer is the envelope over HTTP 200 with a JSON content type. */
async function envelope(app: FastifyInstance, opts: InjectOptions) {
  const res = await app.inject(opts);
  expect(res.statusCode, `${opts.method ?? 'GET'} ${String(opts.url)}`).toBe(200);
  expect(res.headers['content-type']).toBe(JSON_TYPE);
  const body = answerOf(res);
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
  expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  return body;
}

const json = (url: string, token: string | undefined, body: unknown, extra: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...extra },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});

describe.each(engines)('input PostgreSQL cannot store is a 400, never a 500, on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('refuses U+0000 in query filters, path parameters and the public report form', async () => {
    for (const p of ['region', 'ccs', 'ics', 'department', 'keyword']) {
      const a = await envelope(ctx.app, { method: 'GET', url: `/api/portal/standards?${p}=a%00b` });
      expect(a).toMatchObject({ code: 400, msg: InputMessages.badChars });
    }
    expect(await envelope(ctx.app, { method: 'GET', url: '/api/portal/pages/%00' })).toMatchObject({ code: 400 });
    expect(await envelope(ctx.app, { method: 'GET', url: '/api/portal/news?keyword=%00' })).toMatchObject({ code: 400 });
    const form = await envelope(ctx.app, {
      method: 'POST',
      url: '/api/portal/standards/missing-reports',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'standardNo=GB%201-2020&title=a%00b&seenAt=x&region=zhongshan',
    });
    expect(form).toMatchObject({ code: 400, msg: InputMessages.badChars });
  });

  it('refuses years before 0001 in every date filter', async () => {
    for (const p of ['publishFrom', 'publishTo', 'implementFrom', 'implementTo']) {
      const a = await envelope(ctx.app, { method: 'GET', url: `/api/portal/standards?${p}=0000-01-01` });
      expect(a.code).toBe(400);
      expect(a.msg).toContain('不是有效日期');
    }
    expect((await envelope(ctx.app, { method: 'GET', url: '/api/portal/standards?publishFrom=0001-01-01' })).code).toBe(0);
  });

  it('refuses NUL, lone surrogates and ids beyond int4 in the signed-in forms', async () => {
    const u = await userWithToken(ctx.app);
    const serviceId = await serviceItem(ctx.app);
    const service = { serviceId, contactName: '王五', contactMobile: '13700001111', need: '需要对本企业的产品标准进行查新。' };
    for (const bad of [
      { ...service, need: '需要对本企业的产品\u0000标准进行查新。' },
      { ...service, need: '需要对本企业的产品\ud800标准进行查新。' },
      { ...service, contactName: '王\udc00五' },
    ]) {
      const a = await envelope(ctx.app, json('/api/user/applications/service', u.token, bad));
      expect(a).toMatchObject({ code: 400, msg: InputMessages.badChars });
    }
    for (const id of [2_147_483_648, 1e20]) {
      const a = await envelope(ctx.app, json('/api/user/applications/service', u.token, { ...service, serviceId: id }));
      expect(a).toMatchObject({ code: 400, msg: '请选择服务项目' });
    }
    const brand = await envelope(
      ctx.app,
      json('/api/user/applications/brand-product', u.token, { attachments: [2_147_483_648] }),
    );
    expect(brand.code).toBe(400);
    const activity = await openActivity(ctx.app);
    const signup = await envelope(
      ctx.app,
      json(`/api/user/activities/${activity}/signup`, u.token, { contactName: '王\u0000五' }),
    );
    expect(signup).toMatchObject({ code: 400, msg: InputMessages.badChars });
    const admin = await userWithToken(ctx.app, 'admin');
    const review = await envelope(
      ctx.app,
      json('/api/admin/applications/1/review', admin.token, { decision: 'reject', reason: '原因\u0000' }),
    );
    expect(review).toMatchObject({ code: 400, msg: InputMessages.badChars });
    // Nothing was stored by any of these.
    const [row] = await ctx.app.db.query<{ n: number }>('select count(*)::int as n from applications');
    expect(row!.n).toBe(0);
  });
});

describe.each(engines)('answers outside the routes are envelopes too, on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('undecodable URLs, over-long parameters and unknown /api paths', async () => {
    expect(await envelope(ctx.app, { method: 'GET', url: '/api/portal/pages/%E0%A4%A' })).toMatchObject({
      code: 400,
      msg: '请求地址格式不正确',
    });
    expect(await envelope(ctx.app, { method: 'GET', url: `/api/portal/news/${'1'.repeat(300)}` })).toMatchObject({
      code: 400,
      msg: '请求地址过长',
    });
    expect(await envelope(ctx.app, { method: 'GET', url: '/api/no-such-thing' })).toMatchObject({ code: 404 });
    expect(await envelope(ctx.app, { method: 'DELETE', url: '/api/portal/site' })).toMatchObject({ code: 404 });
  });

  it('every refusal carries the JSON content type (401, 403, 400, 404, 429)', async () => {
    const u = await userWithToken(ctx.app);
    expect((await envelope(ctx.app, { method: 'GET', url: '/api/user/profile' })).code).toBe(401);
    expect((await envelope(ctx.app, { method: 'GET', url: '/api/admin/users', headers: { authorization: u.token } })).code).toBe(
      403,
    );
    expect((await envelope(ctx.app, json('/api/sys/auth/webLogin', undefined, '{bad'))).code).toBe(400);
    expect((await envelope(ctx.app, { method: 'GET', url: '/api/portal/standards/999999' })).code).toBe(404);
    const burst = [];
    for (let i = 0; i < 12; i++) {
      burst.push(
        await envelope(ctx.app, {
          method: 'POST',
          url: '/api/portal/standards/missing-reports',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'standardNo=GB%201-2020&title=t&seenAt=x&region=zhongshan',
          remoteAddress: '10.12.0.1',
        }),
      );
    }
    expect(burst.at(-1)!.code).toBe(429);
  });

  it('takes an empty JSON body on calls without one, and the { data } wrapper on the collect call', async () => {
    const u = await userWithToken(ctx.app);
    for (const url of ['/api/zs/ent/userInfoBz/Operater', '/api/sys/auth/getUserInfo']) {
      expect((await envelope(ctx.app, json(url, u.token, ''))).code).toBe(0);
    }
    const news = await insertItem(ctx.app.db, { section: 'news', category: 'policy', title: '示例资讯', attrs: {} });
    const wrapped = await envelope(
      ctx.app,
      json('/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', u.token, { data: { itemType: 'news', itemId: news } }),
    );
    expect(wrapped).toMatchObject({ code: 0, data: { collected: true } });
    // A call that needs a body reports its first rule, not a JSON parse error.
    const empty = await envelope(ctx.app, json('/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', u.token, ''));
    expect(empty.code).toBe(400);
    expect(empty.msg).not.toContain('JSON');
  });
});

describe.each(engines)('a database data exception on %s', (engine) => {
  it('is a 400 in the envelope, logged as one warning without a stack trace', async () => {
    const testDb = await createTestDb(engine);
    const log = logSink();
    const app = await buildApp({ config: testConfig(), db: testDb.db, logger: { level: 'info', stream: log.stream } });
    // A value validation let through (here: built in SQL) that the database refuses as data.
    app.get('/api/test/data-exception', async () => app.db.query("select '0000-01-01'::date"));
    app.get('/api/test/server-fault', async () => app.db.query('select * from no_such_table'));
    await app.ready();
    try {
      expect(await envelope(app, { method: 'GET', url: '/api/test/data-exception' })).toMatchObject({ code: 400, data: null });
      const fault = await app.inject({ method: 'GET', url: '/api/test/server-fault' });
      expect(fault.statusCode).toBe(500);
      expect(fault.headers['content-type']).toBe(JSON_TYPE);
      const lines = log.text().split('\n').filter(Boolean);
      const data = lines.filter((l) => l.includes('/api/test/data-exception') && /"level":(40|50)/.test(l));
      expect(data).toHaveLength(1);
      expect(data[0]).toContain('"level":40');
      expect(data[0]).not.toContain('stack');
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
