import { afterEach, describe, expect, it } from 'vitest';
import fp from 'fastify-plugin';
import { Messages } from '@zs/shared';
import { buildApp } from '../src/app.ts';
import { engines, createTestDb } from './helpers/db.ts';
import { testConfig, useTestApp } from './helpers/app.ts';
import { answerOf, post } from './helpers/answer.ts';
import { certify, createUser, encrypt, loginToken, setRole, smsCode, solvedCaptcha, uniqueIdentity } from './helpers/builders.ts';
import { webLogin } from './helpers/login.ts';
import { advanceClock, resetClock } from '../src/lib/clock.ts';
import { AuthMessages } from '../src/modules/auth/messages.ts';

const INFO = '/api/sys/auth/getUserInfo';
let ipSeq = 0;
const freshIp = () => `10.5.0.${++ipSeq}`;

describe.each(engines)('tokens and user info on %s', (engine) => {
  const ctx = useTestApp(engine, { TOKEN_TTL_HOURS: '2' });
  afterEach(() => resetClock());

  it('answers the user info with unread, certification and role', async () => {
    const u = await createUser(ctx.app, { email: 'a@b.cn' });
    const token = await loginToken(ctx.app, u.id);
    expect(await post(ctx.app, INFO, undefined, { token })).toEqual({
      status: 200,
      code: 0,
      msg: '成功',
      data: {
        username: u.username,
        mobile: u.mobile,
        unread: 0,
        email: 'a@b.cn',
        certified: false,
        enterpriseName: null,
        role: 'user',
      },
    });
    await certify(ctx.app, u.id, '中山示例科技有限公司');
    await setRole(ctx.app, u.id, 'operator');
    expect((await post(ctx.app, INFO, undefined, { token })).data).toMatchObject({
      certified: true,
      enterpriseName: '中山示例科技有限公司',
      role: 'operator',
    });
  });

  it('answers 401 without a token, with a forged or malformed one, and with "Bearer" accepted', async () => {
    const u = await createUser(ctx.app);
    const token = await loginToken(ctx.app, u.id);
    expect(await post(ctx.app, INFO)).toMatchObject({ status: 200, code: 401, msg: '登录已过期，请重新登录!' });
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await post(ctx.app, INFO, undefined, { token: forged })).code).toBe(401);
    expect((await post(ctx.app, INFO, undefined, { token: 'x'.repeat(5000) })).code).toBe(401);
    expect((await post(ctx.app, INFO, undefined, { token: "' or 1=1 --" })).code).toBe(401);
    expect((await post(ctx.app, INFO, undefined, { token: `Bearer ${token}` })).code).toBe(0);
  });

  it('expires tokens after TOKEN_TTL_HOURS', async () => {
    const u = await createUser(ctx.app);
    const token = await loginToken(ctx.app, u.id, ctx.app.config.tokenTtlHours);
    advanceClock(2 * 3600_000 - 60_000);
    expect((await post(ctx.app, INFO, undefined, { token })).code).toBe(0);
    advanceClock(61_000);
    expect((await post(ctx.app, INFO, undefined, { token })).code).toBe(401);
  });

  it('issues tokens from login with the configured lifetime', async () => {
    const u = await createUser(ctx.app);
    const r = await webLogin(ctx.app, u.username, u.password, { ip: freshIp() });
    advanceClock(2 * 3600_000 + 1000);
    expect((await post(ctx.app, INFO, undefined, { token: r.data.accessToken })).code).toBe(401);
  });

  it('logout revokes the presented token and answers 0 even without one', async () => {
    const u = await createUser(ctx.app);
    const a = await loginToken(ctx.app, u.id);
    const b = await loginToken(ctx.app, u.id);
    expect(await post(ctx.app, '/api/sys/auth/logout', undefined, { token: a })).toMatchObject({ code: 0 });
    expect((await post(ctx.app, INFO, undefined, { token: a })).code).toBe(401);
    expect((await post(ctx.app, INFO, undefined, { token: b })).code).toBe(0);
    expect((await post(ctx.app, '/api/sys/auth/logout', undefined, { token: a })).code).toBe(0);
    expect((await post(ctx.app, '/api/sys/auth/logout')).code).toBe(0);
  });

  it('logout-all revokes every token of the user', async () => {
    const u = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const a = await loginToken(ctx.app, u.id);
    const b = await loginToken(ctx.app, u.id);
    const c = await loginToken(ctx.app, other.id);
    expect((await post(ctx.app, '/api/user/logout-all')).code).toBe(401);
    expect((await post(ctx.app, '/api/user/logout-all', undefined, { token: a })).code).toBe(0);
    expect((await post(ctx.app, INFO, undefined, { token: a })).code).toBe(401);
    expect((await post(ctx.app, INFO, undefined, { token: b })).code).toBe(401);
    expect((await post(ctx.app, INFO, undefined, { token: c })).code).toBe(0);
  });

  it('invalidates the tokens of disabled and deleted users', async () => {
    const u = await createUser(ctx.app);
    const token = await loginToken(ctx.app, u.id);
    await ctx.testDb.db.query("update users set status = 'disabled' where id = $1", [u.id]);
    expect((await post(ctx.app, INFO, undefined, { token })).code).toBe(401);
    await ctx.testDb.db.query("update users set status = 'deleted' where id = $1", [u.id]);
    expect((await post(ctx.app, INFO, undefined, { token })).code).toBe(401);
  });
});

describe.each(engines)('requireUser and requireRole on %s', (engine) => {
  it('guards encapsulated scopes: 401 without a user, 403 for the wrong role', async () => {
    const testDb = await createTestDb(engine);
    const app = await buildApp({ config: testConfig(), db: testDb.db, logger: false });
    await app.register(
      fp(async (a) => {
        a.get('/api/test/open', async (req) => ({ code: 0, msg: '成功', data: req.user?.id ?? null }));
        await a.register(async (scope) => {
          scope.addHook('onRequest', a.requireRole('operator', 'admin'));
          scope.get('/api/test/ops', async () => ({ code: 0, msg: '成功', data: 'ops' }));
        });
        await a.register(async (scope) => {
          scope.addHook('preHandler', a.requireUser);
          scope.get('/api/test/mine', async (req) => ({ code: 0, msg: '成功', data: req.user!.username }));
        });
      }),
    );
    try {
      const u = await createUser(testDb.db);
      const token = await loginToken(testDb.db, u.id);
      const get = async (url: string, tok?: string) =>
        answerOf(await app.inject({ method: 'GET', url, headers: tok ? { authorization: tok } : {} }));
      expect(await get('/api/test/open')).toMatchObject({ code: 0, data: null });
      expect(await get('/api/test/open', token)).toMatchObject({ code: 0, data: u.id });
      expect(await get('/api/test/mine')).toMatchObject({ code: 401 });
      expect(await get('/api/test/mine', token)).toMatchObject({ code: 0, data: u.username });
      expect(await get('/api/test/ops')).toMatchObject({ code: 401 });
      expect(await get('/api/test/ops', token)).toMatchObject({ code: 403 });
      await setRole(testDb.db, u.id, 'operator');
      expect(await get('/api/test/ops', token)).toMatchObject({ code: 0, data: 'ops' });
      await setRole(testDb.db, u.id, 'admin');
      expect(await get('/api/test/ops', token)).toMatchObject({ code: 0 });
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});

describe.each(engines)('account changes on %s', (engine) => {
  const ctx = useTestApp(engine);
  afterEach(() => resetClock());
  const SETPWD = '/api/sys/auth/webSetPwd';

  it('resets the password by SMS: new password works, old tokens end, lock-out cleared', async () => {
    const u = await createUser(ctx.app);
    const old = await loginToken(ctx.app, u.id);
    await ctx.app.ephemeral.set(`lock:user:${u.id}`, '1', 900);
    const ip = freshIp();
    const code = await smsCode(ctx.app, '/api/sys/auth/send/code', u.mobile, { ip });
    const pw = 'New#Pass2026';
    const r = await post(
      ctx.app,
      SETPWD,
      { mobile: u.mobile, code, captcha: 'x', userType: 2, password: encrypt(ctx.app, pw), againPassword: encrypt(ctx.app, pw) },
      { ip },
    );
    expect(r).toMatchObject({ code: 0, data: null });
    expect((await post(ctx.app, INFO, undefined, { token: old })).code).toBe(401);
    const login = await webLogin(ctx.app, u.mobile, pw, { ip, userType: null });
    expect(login.code).toBe(0);
    const [row] = await ctx.testDb.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [u.id]);
    expect(row!.password_hash).not.toContain(pw);
  });

  it('validates the reset form in order with the spec messages', async () => {
    const e = (s: string) => encrypt(ctx.app, s);
    const ip = freshIp();
    const ok = { mobile: '13800138000', password: e('Abc12345!'), code: '123456', againPassword: e('Abc12345!') };
    expect(await post(ctx.app, SETPWD, { ...ok, mobile: '1' }, { ip })).toMatchObject({ code: 400, msg: Messages.mobile });
    expect(await post(ctx.app, SETPWD, { ...ok, password: undefined }, { ip })).toMatchObject({
      code: 400,
      msg: Messages.password,
    });
    expect(await post(ctx.app, SETPWD, { ...ok, password: e('abc') }, { ip })).toMatchObject({
      code: 400,
      msg: Messages.password,
    });
    expect(await post(ctx.app, SETPWD, { ...ok, password: 'plain-not-encrypted' }, { ip })).toMatchObject({
      code: 400,
      msg: AuthMessages.decrypt,
    });
    expect(await post(ctx.app, SETPWD, { ...ok, code: '12' }, { ip })).toMatchObject({ code: 400, msg: Messages.code });
    expect(await post(ctx.app, SETPWD, { ...ok, againPassword: '' }, { ip })).toMatchObject({
      code: 400,
      msg: Messages.againPasswordEmpty,
    });
    expect(await post(ctx.app, SETPWD, { ...ok, againPassword: e('Abc12345?') }, { ip })).toMatchObject({
      code: 400,
      msg: Messages.againPassword,
    });
    expect(await post(ctx.app, SETPWD, { ...ok, mobile: uniqueIdentity().mobile }, { ip })).toMatchObject({
      code: 400,
      msg: AuthMessages.mobileNotRegistered,
    });
    const u = await createUser(ctx.app);
    expect(await post(ctx.app, SETPWD, { ...ok, mobile: u.mobile }, { ip })).toMatchObject({
      code: 400,
      msg: AuthMessages.smsExpired,
    });
  });

  it('changes the password when logged in, keeping only the current session', async () => {
    const e = (s: string) => encrypt(ctx.app, s);
    const u = await createUser(ctx.app);
    const mine = await loginToken(ctx.app, u.id);
    const other = await loginToken(ctx.app, u.id);
    const url = '/api/user/password';
    expect(
      (await post(ctx.app, url, { oldPassword: e(u.password), password: e('Zz#12345'), againPassword: e('Zz#12345') })).code,
    ).toBe(401);
    expect(await post(ctx.app, url, {}, { token: mine })).toMatchObject({ code: 400, msg: AuthMessages.oldPassword });
    expect(await post(ctx.app, url, { oldPassword: e(u.password), password: e('short') }, { token: mine })).toMatchObject({
      msg: Messages.password,
    });
    expect(await post(ctx.app, url, { oldPassword: e(u.password), password: e('Zz#12345') }, { token: mine })).toMatchObject({
      msg: Messages.againPasswordEmpty,
    });
    expect(
      await post(
        ctx.app,
        url,
        { oldPassword: e('Wrong#123'), password: e('Zz#12345'), againPassword: e('Zz#12345') },
        { token: mine },
      ),
    ).toMatchObject({ code: 400, msg: AuthMessages.oldPasswordWrong });
    expect(
      await post(
        ctx.app,
        url,
        { oldPassword: e(u.password), password: e('Zz#12345'), againPassword: e('Zz#12345') },
        { token: mine },
      ),
    ).toMatchObject({ code: 0 });
    expect((await post(ctx.app, INFO, undefined, { token: mine })).code).toBe(0);
    expect((await post(ctx.app, INFO, undefined, { token: other })).code).toBe(401);
  });

  it('changes the mobile number with a code sent to the new number', async () => {
    const u = await createUser(ctx.app);
    const taken = await createUser(ctx.app);
    const token = await loginToken(ctx.app, u.id);
    const ip = freshIp();
    const SEND = '/api/zs/ent/userInfoBz/send/sengSmsCode';
    expect(
      (await post(ctx.app, SEND, { mobile: uniqueIdentity().mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { ip })).code,
    ).toBe(401);
    expect(
      await post(ctx.app, SEND, { mobile: taken.mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { token, ip }),
    ).toMatchObject({
      code: 400,
      msg: AuthMessages.mobileTaken,
    });
    expect(await post(ctx.app, SEND, { mobile: u.mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { token, ip })).toMatchObject({
      code: 400,
      msg: AuthMessages.mobileSame,
    });
    expect(await post(ctx.app, SEND, { mobile: '123', captcha: 'abcd', key: 'k' }, { token, ip })).toMatchObject({
      msg: Messages.mobile,
    });
    const fresh = uniqueIdentity().mobile;
    const code = await smsCode(ctx.app, SEND, fresh, { token, ip });
    expect(await post(ctx.app, '/api/sys/auth/webSetMobile', { mobile: fresh, code: '12' }, { token })).toMatchObject({
      msg: Messages.code,
    });
    expect(await post(ctx.app, '/api/sys/auth/webSetMobile', { mobile: fresh, code }, { token })).toMatchObject({ code: 0 });
    expect((await post(ctx.app, INFO, undefined, { token })).data).toMatchObject({ mobile: fresh });
    expect((await post(ctx.app, '/api/sys/auth/webSetMobile', { mobile: fresh, code })).code).toBe(401);
  });

  it('refuses to change to a number registered after the code was sent', async () => {
    const u = await createUser(ctx.app);
    const token = await loginToken(ctx.app, u.id);
    const ip = freshIp();
    const fresh = uniqueIdentity().mobile;
    const code = await smsCode(ctx.app, '/api/zs/ent/userInfoBz/send/sengSmsCode', fresh, { token, ip });
    await createUser(ctx.app, { mobile: fresh });
    expect(await post(ctx.app, '/api/sys/auth/webSetMobile', { mobile: fresh, code }, { token })).toMatchObject({
      code: 400,
      msg: AuthMessages.mobileTaken,
    });
  });

  it('sets the email (required here, shared email rule)', async () => {
    const u = await createUser(ctx.app);
    const token = await loginToken(ctx.app, u.id);
    const url = '/api/sys/auth/webSetEmail';
    for (const email of [undefined, '', 'nope', `${'a'.repeat(46)}@b.cn`, 42]) {
      expect(await post(ctx.app, url, { email }, { token })).toMatchObject({ code: 400, msg: Messages.email });
    }
    expect(await post(ctx.app, url, { email: 'me@zs.gov.cn' }, { token })).toMatchObject({ code: 0 });
    expect((await post(ctx.app, INFO, undefined, { token })).data).toMatchObject({ email: 'me@zs.gov.cn' });
    expect((await post(ctx.app, url, { email: 'me@zs.gov.cn' })).code).toBe(401);
  });
});
