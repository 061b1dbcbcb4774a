import { afterEach, describe, expect, it } from 'vitest';
import { Messages } from '@zs/shared';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { post } from './helpers/answer.ts';
import { createUser, smsCode, uniqueIdentity } from './helpers/builders.ts';
import { advanceClock, resetClock } from '../src/lib/clock.ts';
import { AuthMessages } from '../src/modules/auth/messages.ts';

const REGISTER = '/api/sys/auth/register';
const SEND = '/api/sys/auth/send/registrationCode';
let ipSeq = 0;
const freshIp = () => `10.3.0.${++ipSeq}`;

function form(over: Record<string, unknown> = {}) {
  const id = uniqueIdentity();
  return {
    username: id.username,
    password: 'Abc12345!',
    againPassword: 'Abc12345!',
    mobile: id.mobile,
    email: '',
    captcha: 'ab3d',
    key: '00000000-0000-0000-0000-000000000000',
    code: '123456',
    userType: 2,
    checkInfo: true,
    ...over,
  };
}

describe.each(engines)('registration on %s', (engine) => {
  const ctx = useTestApp(engine);
  afterEach(() => resetClock());

  it.each([
    ['username missing', { username: undefined }, Messages.username],
    ['username too short', { username: 'ab12' }, Messages.username],
    ['username too long', { username: 'a1'.repeat(13) }, Messages.username],
    ['username only letters', { username: 'abcdefgh' }, Messages.username],
    ['username only digits', { username: '12345678' }, Messages.username],
    ['username with a symbol', { username: 'abc_12345' }, Messages.username],
    ['username not a string', { username: 1234567 }, Messages.username],
    ['password missing', { password: undefined }, Messages.password],
    ['password without a symbol', { password: 'Abc123456', againPassword: 'Abc123456' }, Messages.password],
    ['password without a digit', { password: 'Abcdefg!', againPassword: 'Abcdefg!' }, Messages.password],
    ['password too short', { password: 'Ab1!', againPassword: 'Ab1!' }, Messages.password],
    ['password too long', { password: `Ab1!${'x'.repeat(22)}` }, Messages.password],
    ['againPassword different', { againPassword: 'Abc12345?' }, Messages.againPassword],
    ['againPassword missing', { againPassword: undefined }, Messages.againPassword],
    ['mobile missing', { mobile: undefined }, Messages.mobile],
    ['mobile starting 12', { mobile: '12800138000' }, Messages.mobile],
    ['mobile 10 digits', { mobile: '1380013800' }, Messages.mobile],
    ['email malformed', { email: 'a@b' }, Messages.email],
    ['email too long', { email: `${'a'.repeat(45)}@x.com` }, Messages.email],
    ['captcha missing', { captcha: undefined }, Messages.captcha],
    ['captcha blank', { captcha: '   ' }, Messages.captcha],
    ['code missing', { code: undefined }, Messages.code],
    ['code 5 digits', { code: '12345' }, Messages.code],
    ['code with letters', { code: '12a456' }, Messages.code],
    ['checkInfo missing', { checkInfo: undefined }, Messages.checkInfo],
    ['checkInfo false', { checkInfo: false }, Messages.checkInfo],
  ])('refuses %s with the spec message', async (_name, over, msg) => {
    const r = await post(ctx.app, REGISTER, form(over));
    expect(r).toMatchObject({ status: 200, code: 400, msg, data: null });
  });

  it('reports the first failing rule in field order', async () => {
    const all = {
      username: 'x',
      password: 'y',
      againPassword: 'z',
      mobile: '1',
      email: 'bad',
      captcha: '',
      code: '1',
      checkInfo: false,
    };
    expect((await post(ctx.app, REGISTER, all)).msg).toBe(Messages.username);
    expect((await post(ctx.app, REGISTER, { ...all, username: 'abc12345' })).msg).toBe(Messages.password);
    expect((await post(ctx.app, REGISTER, { ...all, username: 'abc12345', password: 'Abc12345!' })).msg).toBe(
      Messages.againPassword,
    );
    const upToMobile = { ...all, username: 'abc12345', password: 'Abc12345!', againPassword: 'Abc12345!' };
    expect((await post(ctx.app, REGISTER, upToMobile)).msg).toBe(Messages.mobile);
    expect((await post(ctx.app, REGISTER, { ...upToMobile, mobile: '13800138000' })).msg).toBe(Messages.email);
    const upToCaptcha = { ...upToMobile, mobile: '13800138000', email: 'a@b.cn' };
    expect((await post(ctx.app, REGISTER, upToCaptcha)).msg).toBe(Messages.captcha);
    expect((await post(ctx.app, REGISTER, { ...upToCaptcha, captcha: 'abcd' })).msg).toBe(Messages.code);
    expect((await post(ctx.app, REGISTER, { ...upToCaptcha, captcha: 'abcd', code: '123456' })).msg).toBe(Messages.checkInfo);
  });

  it('registers with a valid SMS code, answers a working token and stores only a hash', async () => {
    const ip = freshIp();
    const f = form({ email: 'reg@example.cn' });
    const code = await smsCode(ctx.app, SEND, f.mobile, { ip });
    const r = await post<{ accessToken: string }>(ctx.app, REGISTER, { ...f, code }, { ip });
    expect(r).toMatchObject({ status: 200, code: 0 });
    expect(r.data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: r.data.accessToken });
    expect(info).toMatchObject({ code: 0, data: { username: f.username, mobile: f.mobile, email: 'reg@example.cn', unread: 0 } });

    const [row] = await ctx.testDb.db.query<Record<string, unknown>>('select * from users where username = $1', [f.username]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(f.password);
    const tokens = await ctx.testDb.db.query<{ token_hash: string }>('select token_hash from auth_tokens');
    expect(tokens.map((t) => t.token_hash)).not.toContain(r.data.accessToken);
  });

  it('accepts the { data } wrapped form', async () => {
    const ip = freshIp();
    const f = form();
    const code = await smsCode(ctx.app, SEND, f.mobile, { ip });
    const r = await post(ctx.app, REGISTER, { data: { ...f, code, checkInfo: '1', userType: '2' } }, { ip });
    expect(r.code).toBe(0);
  });

  it('refuses a wrong, expired or reused code, and a code of another purpose', async () => {
    const ip = freshIp();
    const f = form();
    const code = await smsCode(ctx.app, SEND, f.mobile, { ip });
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await post(ctx.app, REGISTER, { ...f, code: wrong }, { ip })).toMatchObject({ code: 400, msg: AuthMessages.smsWrong });
    advanceClock(301_000);
    expect(await post(ctx.app, REGISTER, { ...f, code }, { ip })).toMatchObject({ code: 400, msg: AuthMessages.smsExpired });

    const f2 = form();
    const code2 = await smsCode(ctx.app, SEND, f2.mobile, { ip });
    expect(await post(ctx.app, REGISTER, { ...f2, code: code2 }, { ip })).toMatchObject({ code: 0 });
    // Single use: the same code cannot register a second account (the number is taken anyway, so try a login code path).
    const [count] = await ctx.testDb.db.query<{ n: number }>(
      "select count(*)::int as n from ephemeral where key like 'sms:code:register:%' and key like $1",
      [`%${f2.mobile}`],
    );
    expect(count!.n).toBe(0);

    // A login code does not register.
    const existing = await createUser(ctx.app);
    const loginCode = await smsCode(ctx.app, '/api/sys/auth/send/code', existing.mobile, { ip: freshIp() });
    await ctx.testDb.db.query('delete from users where id = $1', [existing.id]);
    const f3 = form({ mobile: existing.mobile, code: loginCode });
    expect(await post(ctx.app, REGISTER, f3, { ip })).toMatchObject({ code: 400, msg: AuthMessages.smsExpired });
  });

  it('discards a code after 5 wrong guesses', async () => {
    const ip = freshIp();
    const f = form();
    const code = await smsCode(ctx.app, SEND, f.mobile, { ip });
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) {
      expect(await post(ctx.app, REGISTER, { ...f, code: wrong }, { ip })).toMatchObject({ msg: AuthMessages.smsWrong });
    }
    expect(await post(ctx.app, REGISTER, { ...f, code: wrong }, { ip })).toMatchObject({ msg: AuthMessages.smsExpired });
    expect(await post(ctx.app, REGISTER, { ...f, code }, { ip })).toMatchObject({ code: 400, msg: AuthMessages.smsExpired });
  });

  it('refuses a taken username (any case) or mobile without consuming the code', async () => {
    const ip = freshIp();
    const taken = await createUser(ctx.app);
    const f = form({ username: taken.username.toUpperCase() });
    const code = await smsCode(ctx.app, SEND, f.mobile, { ip });
    expect(await post(ctx.app, REGISTER, { ...f, code }, { ip })).toMatchObject({ code: 400, msg: AuthMessages.usernameTaken });
    const r = await post(ctx.app, REGISTER, { ...f, username: uniqueIdentity().username, code }, { ip });
    expect(r.code).toBe(0);
    expect(await post(ctx.app, REGISTER, form({ mobile: taken.mobile }), { ip })).toMatchObject({
      code: 400,
      msg: '该手机号已注册',
    });
  });
});
