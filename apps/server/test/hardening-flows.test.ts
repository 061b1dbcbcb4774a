import { afterEach, describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { answerOf, call, post, type DataOf } from './helpers/answer.ts';
import { createUser, encrypt, lastSmsCode, smsCode, solvedCaptcha, uniqueIdentity } from './helpers/builders.ts';
import { userWithToken, webLogin } from './helpers/login.ts';
import { certForm, creditCode, upload } from './helpers/usercentre.ts';
import { multipart, PDF } from './helpers/multipart.ts';
import { serviceItem } from './helpers/fixtures.ts';
import { advanceClock, resetClock } from '../src/lib/clock.ts';
import { AuthMessages } from '../src/modules/auth/messages.ts';

let ipSeq = 0;
const freshIp = () => `10.12.7.${++ipSeq}`;

describe.each(engines)('smaller holes closed on %s', (engine) => {
  const ctx = useTestApp(engine, { SMS_IP_DAILY_LIMIT: '3' });
  afterEach(() => resetClock());

  it('answers concurrent retries of one Idempotency-Key with the first result', async () => {
    const u = await userWithToken(ctx.app);
    const serviceId = await serviceItem(ctx.app);
    const body = JSON.stringify({
      serviceId,
      contactName: '王五',
      contactMobile: '13700001111',
      need: '需要对本企业的产品标准进行查新。',
    });
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/user/applications/service',
          headers: { authorization: u.token, 'content-type': 'application/json', 'idempotency-key': 'retry-0c4e7a21-77' },
          payload: body,
        }),
      ),
    );
    const envs = answers.map((a) => answerOf<DataOf<'POST /api/user/applications/service'>>(a));
    expect(envs.map((e) => e.code)).toEqual(Array(16).fill(0));
    expect(new Set(envs.map((e) => e.data.referenceNo)).size).toBe(1);
    const [row] = await ctx.app.db.query<{ n: number }>('select count(*)::int as n from applications where user_id = $1', [u.id]);
    expect(row!.n).toBe(1);
  });

  it('warns the reviewer when another account holds the same credit code', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const code = creditCode();
    const ids: number[] = [];
    for (const name of ['甲公司有限公司', '乙公司有限公司']) {
      const u = await userWithToken(ctx.app);
      const r = await call<DataOf<'POST /api/user/certification'>>(ctx.app, 'POST', '/api/user/certification', u.token, {
        ...certForm((await upload(ctx.app, u.token)).data.id, { companyName: name }),
        creditCode: code,
      });
      expect(r.code).toBe(0);
      ids.push(r.data.id as number);
    }
    const first = await call(ctx.app, 'POST', `/api/admin/certifications/${ids[0]}/review`, op.token, { decision: 'approve' });
    // The second was already waiting with the same code when the first was approved.
    expect(first).toMatchObject({ code: 0 });
    expect(first.msg).toContain('另有 1 个账号使用同一统一社会信用代码');
    const second = await call(ctx.app, 'POST', `/api/admin/certifications/${ids[1]}/review`, op.token, { decision: 'approve' });
    expect(second.msg).toContain('另有 1 个账号使用同一统一社会信用代码');
    const detail = await call<DataOf<'GET /api/admin/certifications/:id'>>(
      ctx.app,
      'GET',
      `/api/admin/certifications/${ids[1]}`,
      op.token,
    );
    expect(detail.data.sameCreditCodeElsewhere).toBe(1);
    // A code nobody else uses: no warning.
    const u = await userWithToken(ctx.app);
    const lone = await call<DataOf<'POST /api/user/certification'>>(
      ctx.app,
      'POST',
      '/api/user/certification',
      u.token,
      certForm((await upload(ctx.app, u.token)).data.id),
    );
    const ok = await call(ctx.app, 'POST', `/api/admin/certifications/${lone.data.id}/review`, op.token, { decision: 'approve' });
    expect(ok).toMatchObject({ code: 0, msg: '已通过认证' });
  });

  it('strips bidi controls from uploaded file names', async () => {
    const u = await userWithToken(ctx.app);
    for (const [given, stored] of [
      ['invoice\u202efdp.pdf', 'invoicefdp.pdf'],
      ['\u2066报告\u2069\u200e\u200f.pdf', '报告.pdf'],
      ['a\u202a\u202b\u202c\u202d\u2067\u2068b.pdf', 'ab.pdf'],
    ] as const) {
      const { payload, headers } = multipart([{ filename: given, content: PDF }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/files',
        payload,
        headers: { ...headers, authorization: u.token },
      });
      expect(res.json()).toMatchObject({ code: 0, data: { name: stored } });
    }
  });

  it('does not charge the address budget for requests refused by a number cooldown', async () => {
    const ip = freshIp();
    const { mobile } = uniqueIdentity();
    const send = async (m: string) =>
      post(ctx.app, '/api/sys/auth/send/registrationCode', { mobile: m, ...(await solvedCaptcha(ctx.app, ip)) }, { ip });
    expect((await send(mobile)).code).toBe(0);
    for (let i = 0; i < 5; i++) expect(await send(mobile)).toMatchObject({ code: 429, msg: AuthMessages.smsCooldown });
    // The budget is 3 a day: two more numbers still get their code.
    expect((await send(uniqueIdentity().mobile)).code).toBe(0);
    expect((await send(uniqueIdentity().mobile)).code).toBe(0);
    expect(await send(uniqueIdentity().mobile)).toMatchObject({ code: 429, msg: AuthMessages.smsIpDaily });
  });

  it('keeps SMS login and password reset open for a locked account, and says so', async () => {
    const u = await createUser(ctx.app);
    const login = (password: string) => webLogin(ctx.app, u.username, password, { ip: freshIp() });
    for (let i = 0; i < 5; i++) expect((await login(`Wrong${i}23!`)).code).toBe(400);
    const locked = await login(u.password);
    expect(locked.code).toBe(429);
    expect(locked.msg).toContain('手机验证码登录');
    expect(locked.msg).toContain('找回密码');

    const code = await smsCode(ctx.app, '/api/sys/auth/send/code', u.mobile, { ip: freshIp() });
    const bySms = await post(ctx.app, '/api/sys/auth/webMobile', { mobile: u.mobile, code, userType: 2 }, { ip: freshIp() });
    expect(bySms).toMatchObject({ code: 0, data: { accessToken: expect.any(String) } });

    advanceClock(61_000);
    await smsCode(ctx.app, '/api/sys/auth/send/code', u.mobile, { ip: freshIp() });
    const resetCode = (await lastSmsCode(ctx.app, u.mobile))!;
    const pw = 'New#Pass2026';
    const reset = await post(
      ctx.app,
      '/api/sys/auth/webSetPwd',
      { mobile: u.mobile, password: encrypt(ctx.app, pw), code: resetCode, againPassword: encrypt(ctx.app, pw), userType: 2 },
      { ip: freshIp() },
    );
    expect(reset.code).toBe(0);
    expect((await login(pw)).code).toBe(0);
  });
});
