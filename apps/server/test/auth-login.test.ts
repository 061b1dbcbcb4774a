import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { engines, createTestDb } from './helpers/db.ts';
import { captureLog } from './helpers/log.ts';
import { testConfig, useTestApp } from './helpers/app.ts';
import { post } from './helpers/answer.ts';
import { createUser, encrypt, smsCode, solvedCaptcha, uniqueIdentity } from './helpers/builders.ts';
import { webLogin } from './helpers/login.ts';
import { advanceClock, resetClock } from '../src/lib/clock.ts';
import { AuthMessages } from '../src/modules/auth/messages.ts';
import { Messages } from '@zs/shared';

const LOGIN = '/api/sys/auth/webLogin';
let ipSeq = 0;
const freshIp = () => `10.4.0.${++ipSeq}`;

describe.each(engines)('password and SMS login on %s', (engine) => {
  const ctx = useTestApp(engine);
  afterEach(() => resetClock());

  it('logs in with the username (any case) or the mobile number', async () => {
    const u = await createUser(ctx.app);
    for (const name of [u.username, u.username.toUpperCase(), u.mobile]) {
      const r = await webLogin(ctx.app, name, u.password, { ip: freshIp() });
      expect(r).toMatchObject({ status: 200, code: 0 });
      const info = await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: r.data.accessToken });
      expect(info.data).toMatchObject({ username: u.username });
    }
    const [row] = await ctx.testDb.db.query<{ last_login_at: Date | null }>('select last_login_at from users where id = $1', [
      u.id,
    ]);
    expect(row!.last_login_at).not.toBeNull();
  });

  it('answers the same message for a wrong password and an unknown user', async () => {
    const u = await createUser(ctx.app);
    expect(await webLogin(ctx.app, u.username, 'Wrong123!', { ip: freshIp() })).toMatchObject({
      code: 400,
      msg: '用户名或密码错误',
      data: null,
    });
    expect(await webLogin(ctx.app, 'nosuch12345', u.password, { ip: freshIp() })).toMatchObject({
      code: 400,
      msg: '用户名或密码错误',
      data: null,
    });
  });

  it('checks the captcha before the credentials', async () => {
    const u = await createUser(ctx.app);
    const ip = freshIp();
    const cap = await solvedCaptcha(ctx.app, ip);
    const body = {
      username: encrypt(ctx.app, u.username),
      password: encrypt(ctx.app, u.password),
      key: cap.key,
      captcha: 'zzzz',
    };
    expect(await post(ctx.app, LOGIN, body, { ip })).toMatchObject({ code: 400, msg: AuthMessages.captchaWrong });
    expect(await post(ctx.app, LOGIN, { ...body, captcha: cap.captcha }, { ip })).toMatchObject({
      code: 400,
      msg: Messages.captchaKey,
    });
    const [n] = await ctx.testDb.db.query<{ n: number }>('select count(*)::int as n from login_failures where user_id = $1', [
      u.id,
    ]);
    expect(n!.n).toBe(0);
  });

  it('refuses missing fields and undecryptable ones with code 400', async () => {
    const ip = freshIp();
    expect(await post(ctx.app, LOGIN, {}, { ip })).toMatchObject({ code: 400, msg: AuthMessages.loginName });
    expect(await post(ctx.app, LOGIN, { username: 'x' }, { ip })).toMatchObject({ code: 400, msg: AuthMessages.loginPassword });
    expect(await post(ctx.app, LOGIN, { username: 'x', password: 'y' }, { ip })).toMatchObject({
      code: 400,
      msg: Messages.captcha,
    });
    const u = await createUser(ctx.app);
    for (const username of ['not base64 at all', 'AAAA', encrypt(ctx.app, u.username).slice(0, -4) + 'AAA=']) {
      const cap = await solvedCaptcha(ctx.app, ip);
      const r = await post(ctx.app, LOGIN, { username, password: encrypt(ctx.app, u.password), ...cap }, { ip });
      expect(r).toMatchObject({ code: 400, msg: AuthMessages.decrypt });
    }
    // Plain (unencrypted) credentials are refused too.
    const cap = await solvedCaptcha(ctx.app, ip);
    expect(await post(ctx.app, LOGIN, { username: u.username, password: u.password, ...cap }, { ip })).toMatchObject({
      code: 400,
    });
  });

  it('locks password login for 15 minutes after 5 wrong passwords within 15 minutes', async () => {
    const u = await createUser(ctx.app);
    for (let i = 0; i < 5; i++) {
      expect(await webLogin(ctx.app, u.username, `Wrong${i}23!`, { ip: freshIp() })).toMatchObject({
        code: 400,
        msg: '用户名或密码错误',
      });
      advanceClock(60_000);
    }
    const locked = await webLogin(ctx.app, u.username, u.password, { ip: freshIp() });
    expect(locked).toMatchObject({ status: 200, code: 429, msg: AuthMessages.locked });
    expect(locked.msg).toContain('15分钟');
    // Also through the mobile number: the lock belongs to the account.
    expect(await webLogin(ctx.app, u.mobile, u.password, { ip: freshIp() })).toMatchObject({ code: 429 });
    // The lock started with the 5th failure, one minute ago: 14 minutes in, it still holds.
    advanceClock(13 * 60_000);
    expect(await webLogin(ctx.app, u.username, u.password, { ip: freshIp() })).toMatchObject({ code: 429 });
    advanceClock(61_000);
    expect(await webLogin(ctx.app, u.username, u.password, { ip: freshIp() })).toMatchObject({ code: 0 });
  });

  it('does not lock when the wrong passwords are spread over more than 15 minutes', async () => {
    const u = await createUser(ctx.app);
    for (let i = 0; i < 6; i++) {
      expect(await webLogin(ctx.app, u.username, 'Wrong123!', { ip: freshIp() })).toMatchObject({ code: 400 });
      advanceClock(4 * 60_000);
    }
    expect(await webLogin(ctx.app, u.username, u.password, { ip: freshIp() })).toMatchObject({ code: 0 });
  });

  it('limits login attempts per client address to 30 a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      expect(await post(ctx.app, LOGIN, { username: 'a', password: 'b', captcha: 'c', key: 'd' }, { ip })).toMatchObject({
        code: 400,
      });
    }
    const r = await post(ctx.app, LOGIN, { username: 'a', password: 'b', captcha: 'c', key: 'd' }, { ip });
    expect(r).toMatchObject({ code: 429, msg: AuthMessages.loginTooFast });
    advanceClock(61_000);
    expect((await post(ctx.app, LOGIN, { username: 'a', password: 'b', captcha: 'c', key: 'd' }, { ip })).code).toBe(400);
  });

  it('refuses a disabled account with a clear message, only after a right password', async () => {
    const u = await createUser(ctx.app, { status: 'disabled' });
    expect(await webLogin(ctx.app, u.username, 'Wrong123!', { ip: freshIp() })).toMatchObject({
      code: 400,
      msg: '用户名或密码错误',
    });
    expect(await webLogin(ctx.app, u.username, u.password, { ip: freshIp() })).toMatchObject({
      code: 403,
      msg: AuthMessages.disabled,
    });
    const gone = await createUser(ctx.app, { status: 'deleted' });
    expect(await webLogin(ctx.app, gone.username, gone.password, { ip: freshIp() })).toMatchObject({
      code: 400,
      msg: '用户名或密码错误',
    });
  });

  it('logs in by SMS code (webMobile), single use', async () => {
    const u = await createUser(ctx.app);
    const ip = freshIp();
    const code = await smsCode(ctx.app, '/api/sys/auth/send/code', u.mobile, { ip });
    const body = { username: '', mobile: u.mobile, password: '', captcha: '', code, userType: 2 };
    const r = await post<{ accessToken: string }>(ctx.app, '/api/sys/auth/webMobile', body, { ip });
    expect(r.code).toBe(0);
    expect((await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: r.data.accessToken })).data).toMatchObject({
      mobile: u.mobile,
    });
    expect(await post(ctx.app, '/api/sys/auth/webMobile', body, { ip })).toMatchObject({
      code: 400,
      msg: AuthMessages.smsExpired,
    });
  });

  it('validates webMobile fields and refuses unregistered numbers', async () => {
    const ip = freshIp();
    expect(await post(ctx.app, '/api/sys/auth/webMobile', { code: '123456' }, { ip })).toMatchObject({
      code: 400,
      msg: Messages.mobile,
    });
    expect(await post(ctx.app, '/api/sys/auth/webMobile', { mobile: '13800138000', code: '12' }, { ip })).toMatchObject({
      code: 400,
      msg: Messages.code,
    });
    const { mobile } = uniqueIdentity();
    expect(await post(ctx.app, '/api/sys/auth/webMobile', { mobile, code: '123456' }, { ip })).toMatchObject({
      code: 400,
      msg: AuthMessages.mobileNotRegistered,
    });
  });
});

describe.each(engines)('secrets on %s', (engine) => {
  it('never writes the password or the ciphertext to the log', async () => {
    const { lines, stream } = captureLog();
    const testDb = await createTestDb(engine);
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'trace' }),
      db: testDb.db,
      // No redaction configured here: the point is that nothing logs the secrets in the first place.
      logger: { level: 'trace', stream },
    });
    try {
      const u = await createUser(app, { password: 'Secret#Pass42' });
      const ok = await webLogin(app, u.username, u.password, { ip: '10.9.9.9' });
      expect(ok.code).toBe(0);
      const bad = await webLogin(app, u.username, 'Other#Pass42', { ip: '10.9.9.9' });
      expect(bad.code).toBe(400);
      await post(app, '/api/sys/auth/getUserInfo', undefined, { token: ok.data.accessToken });
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(0);
      expect(log).toContain('/api/sys/auth/webLogin');
      expect(log).not.toContain('Secret#Pass42');
      expect(log).not.toContain('Other#Pass42');
      expect(log).not.toContain(encrypt(app, 'Secret#Pass42'));
      expect(log).not.toContain(ok.data.accessToken);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
