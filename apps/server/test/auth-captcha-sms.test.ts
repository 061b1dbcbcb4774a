import { afterEach, describe, expect, it } from 'vitest';
import { Messages } from '@zs/shared';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { post } from './helpers/answer.ts';
import { createUser, lastSmsCode, solvedCaptcha, uniqueIdentity } from './helpers/builders.ts';
import { advanceClock, resetClock } from '../src/lib/clock.ts';
import { AuthMessages } from '../src/modules/auth/messages.ts';

const REG = '/api/sys/auth/send/registrationCode';
const CODE = '/api/sys/auth/send/code';
let ipSeq = 0;
/** Each test its own client address, so per-address limits of one test do not reach another. */
const freshIp = () => `10.1.0.${++ipSeq}`;

describe.each(engines)('captcha and SMS codes on %s', (engine) => {
  const ctx = useTestApp(engine, { SMS_IP_DAILY_LIMIT: '4' });
  afterEach(() => resetClock());

  it('serves a 4-character SVG captcha as a data URL with a key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/sys/auth/captcha' });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.data.image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const { captcha } = await solvedCaptcha(ctx.app);
    expect(captcha).toMatch(/^[a-z0-9]{4}$/);
    expect(captcha).not.toMatch(/[0o1il]/);
  });

  it('checks the captcha once, case-insensitively: a second use of the same key fails', async () => {
    const ip = freshIp();
    const { mobile } = uniqueIdentity();
    const cap = await solvedCaptcha(ctx.app, ip);
    const first = await post(ctx.app, REG, { mobile, key: cap.key, captcha: cap.captcha.toUpperCase(), userType: 2 }, { ip });
    expect(first).toMatchObject({ status: 200, code: 0 });
    advanceClock(61_000);
    const again = await post(ctx.app, REG, { mobile, ...cap, userType: 2 }, { ip });
    expect(again).toMatchObject({ code: 400, msg: Messages.captchaKey });
  });

  it('consumes the captcha on a wrong answer too', async () => {
    const ip = freshIp();
    const { mobile } = uniqueIdentity();
    const cap = await solvedCaptcha(ctx.app, ip);
    const wrong = await post(ctx.app, REG, { mobile, key: cap.key, captcha: 'zzzz', userType: 2 }, { ip });
    expect(wrong).toMatchObject({ code: 400, msg: AuthMessages.captchaWrong });
    const right = await post(ctx.app, REG, { mobile, ...cap, userType: 2 }, { ip });
    expect(right).toMatchObject({ code: 400, msg: Messages.captchaKey });
    const dev = await ctx.app.inject({ method: 'GET', url: `/api/dev/captcha?key=${cap.key}` });
    expect(dev.json().code).toBe(404);
  });

  it('expires the captcha after 5 minutes', async () => {
    const ip = freshIp();
    const { mobile } = uniqueIdentity();
    const cap = await solvedCaptcha(ctx.app, ip);
    advanceClock(301_000);
    const r = await post(ctx.app, REG, { mobile, ...cap, userType: 2 }, { ip });
    expect(r).toMatchObject({ code: 400, msg: Messages.captchaKey });
  });

  it('validates the mobile first, then the captcha, with the spec messages', async () => {
    const cap = await solvedCaptcha(ctx.app);
    expect(await post(ctx.app, REG, { captcha: 'abcd', key: cap.key })).toMatchObject({ code: 400, msg: Messages.mobile });
    expect(await post(ctx.app, REG, { mobile: '12345678901', captcha: 'abcd', key: cap.key })).toMatchObject({
      code: 400,
      msg: Messages.mobile,
    });
    expect(await post(ctx.app, REG, { mobile: '13800138000', key: cap.key })).toMatchObject({ code: 400, msg: Messages.captcha });
    expect(await post(ctx.app, REG, { mobile: '13800138000', captcha: 'abcd' })).toMatchObject({
      code: 400,
      msg: Messages.captchaKey,
    });
    expect(await post(ctx.app, CODE, { mobile: '1380013800', ...cap })).toMatchObject({ code: 400, msg: Messages.mobile });
    // The invalid calls above did not reach the captcha check, so the captcha is still usable.
    const dev = await ctx.app.inject({ method: 'GET', url: `/api/dev/captcha?key=${cap.key}` });
    expect(dev.json().code).toBe(0);
  });

  it('accepts the body wrapped in { data } and sends a 6-digit code to the outbox', async () => {
    const ip = freshIp();
    const { mobile } = uniqueIdentity();
    const cap = await solvedCaptcha(ctx.app, ip);
    const r = await post(ctx.app, REG, { data: { mobile, ...cap, userType: '2' } }, { ip });
    expect(r).toMatchObject({ code: 0 });
    const out = (await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${mobile}` })).json();
    expect(out.data).toHaveLength(1);
    expect(out.data[0]).toMatchObject({ mobile, purpose: 'register' });
    expect(out.data[0].code).toMatch(/^\d{6}$/);
    expect(new Date(out.data[0].sentAt).toString()).not.toBe('Invalid Date');
  });

  it('refuses registration codes for registered numbers and login codes for unregistered ones', async () => {
    const ip = freshIp();
    const user = await createUser(ctx.app);
    let cap = await solvedCaptcha(ctx.app, ip);
    expect(await post(ctx.app, REG, { mobile: user.mobile, ...cap }, { ip })).toMatchObject({ code: 400, msg: '该手机号已注册' });
    cap = await solvedCaptcha(ctx.app, ip);
    const stranger = uniqueIdentity().mobile;
    expect(await post(ctx.app, CODE, { mobile: stranger, ...cap }, { ip })).toMatchObject({
      code: 400,
      msg: AuthMessages.mobileNotRegistered,
    });
    cap = await solvedCaptcha(ctx.app, ip);
    expect(await post(ctx.app, CODE, { mobile: user.mobile, ...cap }, { ip })).toMatchObject({ code: 0 });
    expect(await lastSmsCode(ctx.app, user.mobile)).toMatch(/^\d{6}$/);
    expect(await lastSmsCode(ctx.app, stranger)).toBeUndefined();
  });

  it('sends at most one code per number per 60 s', async () => {
    const ip = freshIp();
    const { mobile } = uniqueIdentity();
    expect(await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { ip })).toMatchObject({ code: 0 });
    advanceClock(30_000);
    expect(await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { ip })).toMatchObject({
      status: 200,
      code: 429,
      msg: AuthMessages.smsCooldown,
    });
    advanceClock(31_000);
    expect(await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { ip })).toMatchObject({ code: 0 });
  });

  it('sends at most 10 codes per number per day', async () => {
    const { mobile } = uniqueIdentity();
    for (let i = 0; i < 10; i++) {
      // A new address every three sends keeps the per-address limit (4 in this file) out of the way.
      const ip = `10.2.${i}.1`;
      expect(await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { ip })).toMatchObject({ code: 0 });
      advanceClock(61_000);
    }
    const r = await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, '10.2.99.1')) }, { ip: '10.2.99.1' });
    expect(r).toMatchObject({ code: 429, msg: AuthMessages.smsDaily });
    advanceClock(24 * 3600_000);
    expect(
      await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, '10.2.98.1')) }, { ip: '10.2.98.1' }),
    ).toMatchObject({
      code: 0,
    });
  });

  it('sends at most SMS_IP_DAILY_LIMIT codes per client address per day', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const { mobile } = uniqueIdentity();
      expect(await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { ip })).toMatchObject({ code: 0 });
    }
    const { mobile } = uniqueIdentity();
    expect(await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, ip)) }, { ip })).toMatchObject({
      code: 429,
      msg: AuthMessages.smsIpDaily,
    });
    const other = freshIp();
    expect(await post(ctx.app, REG, { mobile, ...(await solvedCaptcha(ctx.app, other)) }, { ip: other })).toMatchObject({
      code: 0,
    });
  });

  it('limits captcha images per address to 120 a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 120; i++) {
      const r = await ctx.app.inject({ method: 'GET', url: '/api/sys/auth/captcha', remoteAddress: ip });
      expect(r.json().code).toBe(0);
    }
    const r = await ctx.app.inject({ method: 'GET', url: '/api/sys/auth/captcha', remoteAddress: ip });
    expect(r.json()).toMatchObject({ code: 429, msg: AuthMessages.captchaTooFast });
  });

  it('answers a provider failure with the generic server error and keeps no code', async () => {
    const ip = freshIp();
    const { mobile } = uniqueIdentity();
    const real = ctx.app.sms.send;
    ctx.app.sms.send = async () => {
      throw new Error('gateway down');
    };
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: REG,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ mobile, ...(await solvedCaptcha(ctx.app, ip)) }),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, msg: '服务器繁忙，请稍后再试', data: null });
      expect(await ctx.app.ephemeral.get(`sms:code:register:${mobile}`)).toBeNull();
    } finally {
      ctx.app.sms.send = real;
    }
  });
});
