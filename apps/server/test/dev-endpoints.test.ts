import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestDb, engines } from './helpers/db.ts';
import { testConfig, useTestApp } from './helpers/app.ts';
import { createUser } from './helpers/builders.ts';
import { logSink } from './helpers/fixtures.ts';

/** Development endpoints must not open a staging server: no role changes, no listing of every code. */
describe.each(engines)('dev endpoints with DEV_OUTBOX on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('offer no way to change a role', async () => {
    const u = await createUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/promote',
      payload: { username: u.username, role: 'admin' },
    });
    expect(res.json()).toMatchObject({ code: 404, data: null });
    const [row] = await ctx.testDb.db.query<{ role: string }>('select role from users where id = $1', [u.id]);
    expect(row!.role).toBe('user');
  });

  it('list SMS codes only for a given mobile number', async () => {
    await ctx.testDb.db.query(
      "insert into sms_outbox (mobile, code, purpose, provider) values ('13700000001', '111111', 'login', 'console')",
    );
    for (const url of ['/api/dev/outbox', '/api/dev/outbox?mobile=', '/api/dev/outbox?mobile=1370000000%25']) {
      expect((await ctx.app.inject({ method: 'GET', url })).json()).toMatchObject({ code: 400, data: null });
    }
    const one = (await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?mobile=13700000001' })).json();
    expect(one).toMatchObject({ code: 0, data: [{ mobile: '13700000001', code: '111111' }] });
  });
});

describe.each(engines)('start-up warning about dev endpoints on %s', (engine) => {
  async function startLog(devOutbox: string): Promise<string> {
    const testDb = await createTestDb(engine);
    const log = logSink();
    const app = await buildApp({
      config: testConfig({ DEV_OUTBOX: devOutbox }),
      db: testDb.db,
      logger: { level: 'warn', stream: log.stream },
    });
    await app.ready();
    await app.close();
    await testDb.drop();
    return log.text();
  }

  it('is logged when they are on, and only then', async () => {
    expect(await startLog('1')).toMatch(/"level":40.*development endpoints are on/);
    expect(await startLog('0')).not.toMatch(/development endpoints/);
  });
});
