import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { AuthMessages } from '../src/modules/auth/messages.ts';
import { createTestDb, type TestDb } from './helpers/db.ts';
import { testConfig } from './helpers/app.ts';
import { post } from './helpers/answer.ts';
import { createUser, lastSmsCode, solvedCaptcha, uniqueIdentity } from './helpers/builders.ts';
import { webLogin } from './helpers/login.ts';

const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const ip = () => `10.12.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

/**
 * Two app instances on one PostgreSQL database and one Redis, as behind a load balancer: whatever
 * one instance issues or counts, the other must see. Needs TEST_DATABASE_URL and TEST_REDIS_URL
 * (like the other Redis tests, it does not run without them).
 */
describe.runIf(shared)('two instances on one PostgreSQL + Redis', () => {
  let testDb: TestDb;
  let secondDb: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    secondDb = await openDatabase({ databaseUrl: testDb.url!, poolSize: 4 });
    const config = testConfig({ REDIS_URL: process.env.TEST_REDIS_URL!, SMS_IP_DAILY_LIMIT: '3' });
    a = await buildApp({ config, db: testDb.db, logger: false });
    b = await buildApp({ config, db: secondDb, logger: false });
    await Promise.all([a.ready(), b.ready()]);
    expect([a.ephemeral.kind, b.ephemeral.kind]).toEqual(['redis', 'redis']);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await testDb?.drop();
  });

  it('a captcha issued by one is checked (once) by the other', async () => {
    const from = ip();
    const cap = await solvedCaptcha(a, from);
    const { mobile } = uniqueIdentity();
    expect(await post(b, '/api/sys/auth/send/registrationCode', { mobile, ...cap }, { ip: from })).toMatchObject({ code: 0 });
    const again = await post(a, '/api/sys/auth/send/registrationCode', { mobile: uniqueIdentity().mobile, ...cap }, { ip: from });
    expect(again.code).toBe(400);
  });

  it('an SMS code sent by one registers on the other; its cooldown holds on both', async () => {
    const from = ip();
    const id = uniqueIdentity();
    expect(
      await post(
        a,
        '/api/sys/auth/send/registrationCode',
        { mobile: id.mobile, ...(await solvedCaptcha(a, from)) },
        { ip: from },
      ),
    ).toMatchObject({ code: 0 });
    const cool = await post(
      b,
      '/api/sys/auth/send/registrationCode',
      { mobile: id.mobile, ...(await solvedCaptcha(b, from)) },
      { ip: from },
    );
    expect(cool).toMatchObject({ code: 429, msg: AuthMessages.smsCooldown });
    const code = (await lastSmsCode(a, id.mobile))!;
    const reg = await post(
      b,
      '/api/sys/auth/register',
      {
        ...id,
        password: 'Two#Inst2026',
        againPassword: 'Two#Inst2026',
        code,
        checkInfo: true,
        ...(await solvedCaptcha(b, from)),
      },
      { ip: from },
    );
    expect(reg).toMatchObject({ code: 0 });
  });

  it('counts an address against one daily SMS budget across both', async () => {
    const from = ip();
    const send = (app: FastifyInstance) => async () =>
      post(
        app,
        '/api/sys/auth/send/registrationCode',
        { mobile: uniqueIdentity().mobile, ...(await solvedCaptcha(app, from)) },
        { ip: from },
      );
    for (const s of [send(a), send(b), send(a)]) expect((await s()).code).toBe(0);
    expect(await send(b)()).toMatchObject({ code: 429, msg: AuthMessages.smsIpDaily });
  });

  it('locks an account after five wrong passwords spread over both', async () => {
    const u = await createUser(testDb.db);
    for (let i = 0; i < 5; i++)
      expect((await webLogin(i % 2 ? a : b, u.username, `Wrong${i}23!`, { ip: ip(), captchaFrom: a })).code).toBe(400);
    expect(await webLogin(a, u.username, u.password, { ip: ip(), captchaFrom: a })).toMatchObject({
      code: 429,
      msg: AuthMessages.locked,
    });
    expect(await webLogin(b, u.username, u.password, { ip: ip(), captchaFrom: a })).toMatchObject({
      code: 429,
      msg: AuthMessages.locked,
    });
  });

  it('a token issued by one works on the other until it is revoked on either', async () => {
    const u = await createUser(testDb.db);
    const token = (await webLogin(a, u.username, u.password, { ip: ip(), captchaFrom: a })).data.accessToken;
    expect(await post(b, '/api/sys/auth/getUserInfo', undefined, { token })).toMatchObject({ code: 0 });
    expect(await post(b, '/api/sys/auth/logout', undefined, { token })).toMatchObject({ code: 0 });
    expect(await post(a, '/api/sys/auth/getUserInfo', undefined, { token })).toMatchObject({ code: 401 });
  });
});
