import { beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { answerOf, call, type DataOf } from './helpers/answer.ts';
import { createUser } from './helpers/builders.ts';
import { userWithToken } from './helpers/login.ts';
import { multipart, PDF, PNG } from './helpers/multipart.ts';
import { reviewApplication } from '../src/modules/applications/review.ts';
import { openActivity, serviceItem } from './helpers/fixtures.ts';

describe.each(engines)('applications and sign-ups on %s', (engine) => {
  const ctx = useTestApp(engine);
  let serviceId: number;

  async function fileOf(token: string, content = PNG) {
    const { payload, headers } = multipart([{ filename: '证明.png', content }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/files',
      payload,
      headers: { ...headers, authorization: token },
    });
    return answerOf<DataOf<'POST /api/user/files'>>(res).data.id;
  }
  const form = (fileId: number, over: Record<string, unknown> = {}) => ({
    enterpriseName: '示例食品（中山）有限公司',
    creditCode: '91350100M000100Y43',
    contactName: '李四',
    contactMobile: '13912345678',
    productName: '示例丝苗米',
    category: 'rice',
    townCode: '442000111',
    standardNo: 'GB/T 1354-2018',
    description: '示例产品简介，用于测试香山之品申请流程。',
    attachments: [fileId],
    ...over,
  });
  const activity = (attrs: Record<string, unknown> = {}) => openActivity(ctx.app, attrs);

  beforeAll(async () => {
    serviceId = await serviceItem(ctx.app);
  });

  it('submits a 香山之品 application with a reference number, timeline and attachments', async () => {
    const u = await userWithToken(ctx.app);
    const f1 = await fileOf(u.token);
    const f2 = await fileOf(u.token, PDF);
    const r = await call<DataOf<'POST /api/user/applications/brand-product'>>(
      ctx.app,
      'POST',
      '/api/user/applications/brand-product',
      u.token,
      form(f1, { attachments: [f1, f2], creditCode: '91350100m000100y43' }),
    );
    expect(r).toMatchObject({ status: 200, code: 0 });
    expect(r.data.referenceNo).toMatch(/^XS\d{4}-\d{6}$/);
    const d = await call<DataOf<'GET /api/user/applications/:id'>>(
      ctx.app,
      'GET',
      `/api/user/applications/${r.data.id}`,
      u.token,
    );
    expect(d.data).toMatchObject({
      kind: 'brand_product',
      kindName: '香山之品申请',
      referenceNo: r.data.referenceNo,
      status: 'submitted',
      statusName: '提交',
      refTitle: '示例丝苗米',
      withdrawable: true,
      form: { creditCode: '91350100M000100Y43', category: 'rice', categoryName: '大米', townName: '南头镇' },
      timeline: [{ status: 'submitted', statusName: '提交' }],
    });
    expect(d.data.attachments.map((a: { id: number }) => a.id)).toEqual([f1, f2]);
    expect(d.data).not.toHaveProperty('userId');
  });

  it('validates every field with the shared messages', async () => {
    const u = await userWithToken(ctx.app);
    const f = await fileOf(u.token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ creditCode: '91350100M000100Y44' }, '请输入正确的统一社会信用代码'],
      [{ creditCode: '' }, '请输入正确的统一社会信用代码'],
      [{ contactMobile: '12345678901' }, '请输入11位中国大陆手机号'],
      [{ category: 'gold' }, '请选择产品类别'],
      [{ townCode: '440300' }, '请选择所在镇街'],
      [{ attachments: [] }, '请上传至少一个附件（最多10个）'],
      [{ attachments: ['x'] }, '请上传至少一个附件（最多10个）'],
      [{ description: '太短' }, '请输入产品简介（10-2000个字符）'],
      [{ enterpriseName: undefined }, '请输入企业名称（2-100个字符）'],
    ];
    for (const [over, msg] of cases) {
      expect(await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f, over)), msg).toMatchObject({
        status: 200,
        code: 400,
        msg,
      });
    }
    const other = await userWithToken(ctx.app);
    const theirs = await fileOf(other.token);
    expect(await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(theirs))).toMatchObject({
      code: 400,
      msg: expect.stringContaining('附件不存在或不属于当前用户'),
    });
    expect(await call(ctx.app, 'POST', '/api/user/applications/brand-product', undefined, form(f))).toMatchObject({ code: 401 });
    expect(await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, [1, 2])).toMatchObject({ code: 400 });
  });

  it('refuses a double submit: same product pending, concurrent submits, and replays an idempotency key', async () => {
    const u = await userWithToken(ctx.app);
    const f = await fileOf(u.token);
    const first = await call<DataOf<'POST /api/user/applications/brand-product'>>(
      ctx.app,
      'POST',
      '/api/user/applications/brand-product',
      u.token,
      form(f),
    );
    expect(first.code).toBe(0);
    expect(
      await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f, { productName: ' 示例 丝苗米 ' })),
    ).toMatchObject({
      code: 400,
      msg: '该产品已有待处理或已通过的申请，请勿重复提交',
    });

    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f, { productName: '并发产品' })),
      ),
    );
    expect(burst.filter((r) => r.code === 0)).toHaveLength(1);
    expect(burst.filter((r) => r.code !== 0).every((r) => r.code === 400 && r.status === 200)).toBe(true);

    const key = 'submit-3f2a9c1e-0001';
    const a = await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f, { productName: '幂等产品' }), {
      headers: { 'idempotency-key': key },
    });
    const b = await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f, { productName: '幂等产品' }), {
      headers: { 'idempotency-key': key },
    });
    expect(a.code).toBe(0);
    expect(b.data).toEqual(a.data);
    expect(
      await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f), {
        headers: { 'idempotency-key': 'bad key!' },
      }),
    ).toMatchObject({
      code: 400,
      msg: 'Idempotency-Key 格式不正确',
    });

    // After withdrawing, the same product can be applied for again.
    expect((await call(ctx.app, 'POST', `/api/user/applications/${first.data.id}/withdraw`, u.token)).code).toBe(0);
    expect((await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f))).code).toBe(0);
  });

  it('applies for a service once, and refuses unknown services', async () => {
    const u = await userWithToken(ctx.app);
    const body = { serviceId, contactName: '王五', contactMobile: '13700001111', need: '需要对本企业的产品标准进行查新。' };
    const r = await call<DataOf<'POST /api/user/applications/service'>>(
      ctx.app,
      'POST',
      '/api/user/applications/service',
      u.token,
      body,
    );
    expect(r.code).toBe(0);
    expect(r.data.referenceNo).toMatch(/^FW\d{4}-\d{6}$/);
    expect(await call(ctx.app, 'POST', '/api/user/applications/service', u.token, body)).toMatchObject({
      code: 400,
      msg: '您已申请该服务，请等待处理结果',
    });
    expect(await call(ctx.app, 'POST', '/api/user/applications/service', u.token, { ...body, serviceId: 999999 })).toMatchObject({
      code: 404,
    });
    expect(await call(ctx.app, 'POST', '/api/user/applications/service', u.token, { ...body, need: '短' })).toMatchObject({
      code: 400,
      msg: '请描述服务需求（10-1000个字符）',
    });
    const d = await call(ctx.app, 'GET', `/api/user/applications/${r.data.id}`, u.token);
    expect(d.data).toMatchObject({ kind: 'service', refId: serviceId, refTitle: '标准查新' });
  });

  it('signs up for an open activity once, and refuses closed, past-deadline and ended ones', async () => {
    const u = await userWithToken(ctx.app);
    const id = await activity();
    const r = await call<DataOf<'POST /api/user/activities/:id/signup'>>(
      ctx.app,
      'POST',
      `/api/user/activities/${id}/signup`,
      u.token,
    );
    expect(r, r.msg).toMatchObject({ code: 0, data: { seatsLeft: 49 } });
    expect(r.data.referenceNo).toMatch(/^HD\d{4}-\d{6}$/);
    expect(await call(ctx.app, 'POST', `/api/user/activities/${id}/signup`, u.token, {})).toMatchObject({
      code: 400,
      msg: '您已报名该活动',
    });
    const closed = await activity({ open: false });
    expect(await call(ctx.app, 'POST', `/api/user/activities/${closed}/signup`, u.token)).toMatchObject({
      code: 400,
      msg: '该活动未开放报名',
    });
    const late = await activity({ signupDeadline: new Date(Date.now() - 60_000).toISOString() });
    expect(await call(ctx.app, 'POST', `/api/user/activities/${late}/signup`, u.token)).toMatchObject({
      code: 400,
      msg: '报名已截止',
    });
    expect(await call(ctx.app, 'POST', `/api/user/activities/${serviceId}/signup`, u.token)).toMatchObject({ code: 404 });
    expect(await call(ctx.app, 'POST', '/api/user/activities/abc/signup', u.token)).toMatchObject({ code: 404 });
    expect(await call(ctx.app, 'POST', `/api/user/activities/${id}/signup`, u.token, { contactMobile: '123' })).toMatchObject({
      code: 400,
      msg: '请输入11位中国大陆手机号',
    });
    expect(await call(ctx.app, 'POST', `/api/user/activities/${id}/signup`)).toMatchObject({ code: 401 });
  });

  it('never exceeds the seat limit under concurrent sign-ups, and a withdrawal frees a seat', async () => {
    const id = await activity({ seatLimit: 3 });
    const seats = async () => {
      const { data } = await call<DataOf<'GET /api/portal/:section/:id'>>(ctx.app, 'GET', `/api/portal/activity/${id}`);
      return { signedUp: data.signedUp, seatsLeft: data.seatsLeft };
    };
    expect(await seats()).toEqual({ signedUp: 0, seatsLeft: 3 });
    const users = await Promise.all(Array.from({ length: 8 }, () => userWithToken(ctx.app)));
    const results = await Promise.all(
      users.map((u) =>
        call<DataOf<'POST /api/user/activities/:id/signup'>>(ctx.app, 'POST', `/api/user/activities/${id}/signup`, u.token),
      ),
    );
    const okOnes = results.filter((r) => r.code === 0);
    expect(okOnes).toHaveLength(3);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 400 && r.msg === '报名名额已满')).toBe(true);
    const [{ n }] = (await ctx.app.db.query<{ n: number }>(
      "select count(*)::int as n from applications where kind = 'activity' and ref_id = $1 and status = 'submitted'",
      [id],
    )) as [{ n: number }];
    expect(n).toBe(3);
    expect(await seats()).toEqual({ signedUp: 3, seatsLeft: 0 });
    const winner = users[results.findIndex((r) => r.code === 0)]!;
    const winnerApp = okOnes.find((r) => r.data)!.data.id;
    const loser = users[results.findIndex((r) => r.code !== 0)]!;
    const mine = await call<DataOf<'GET /api/user/applications'>>(
      ctx.app,
      'GET',
      '/api/user/applications?kind=activity',
      winner.token,
    );
    expect((await call(ctx.app, 'POST', `/api/user/applications/${mine.data.list[0]!.id}/withdraw`, winner.token)).code).toBe(0);
    expect(await seats()).toEqual({ signedUp: 2, seatsLeft: 1 }); // a withdrawn sign-up is not live
    expect(winnerApp).toBeGreaterThan(0);
    expect((await call(ctx.app, 'POST', `/api/user/activities/${id}/signup`, loser.token)).code).toBe(0);
  });

  it('lists and shows only the caller’s own applications; guessed ids are not found', async () => {
    const a = await userWithToken(ctx.app);
    const b = await userWithToken(ctx.app);
    const fa = await fileOf(a.token);
    const app1 = await call<DataOf<'POST /api/user/applications/brand-product'>>(
      ctx.app,
      'POST',
      '/api/user/applications/brand-product',
      a.token,
      form(fa, { productName: '甲产品' }),
    );
    await call(ctx.app, 'POST', '/api/user/applications/brand-product', a.token, form(fa, { productName: '乙产品' }));
    await call(ctx.app, 'POST', '/api/user/applications/service', a.token, {
      serviceId,
      contactName: '甲先生',
      contactMobile: '13700002222',
      need: '需要标准查新服务支持。',
    });

    const all = await call<DataOf<'GET /api/user/applications'>>(ctx.app, 'GET', '/api/user/applications?size=2', a.token);
    expect(all.data).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(all.data.list).toHaveLength(2);
    expect(
      (await call<DataOf<'GET /api/user/applications'>>(ctx.app, 'GET', '/api/user/applications?kind=service', a.token)).data
        .total,
    ).toBe(1);
    expect(
      (await call<DataOf<'GET /api/user/applications'>>(ctx.app, 'GET', '/api/user/applications?status=withdrawn', a.token)).data
        .total,
    ).toBe(0);
    expect(await call(ctx.app, 'GET', '/api/user/applications?status=hacked', a.token)).toMatchObject({
      code: 400,
      msg: '申请状态不正确',
    });
    expect(await call(ctx.app, 'GET', '/api/user/applications?size=1000', a.token)).toMatchObject({ code: 400 });

    expect((await call<DataOf<'GET /api/user/applications'>>(ctx.app, 'GET', '/api/user/applications', b.token)).data.total).toBe(
      0,
    );
    expect(await call(ctx.app, 'GET', `/api/user/applications/${app1.data.id}`, b.token)).toMatchObject({ code: 404 });
    for (const guess of [app1.data.id + 1, app1.data.id - 1, 999999]) {
      const r = await call(ctx.app, 'GET', `/api/user/applications/${guess}`, b.token);
      expect(r.code).toBe(404);
    }
    expect(await call(ctx.app, 'POST', `/api/user/applications/${app1.data.id}/withdraw`, b.token)).toMatchObject({ code: 404 });
    expect(
      (await call<DataOf<'GET /api/user/applications/:id'>>(ctx.app, 'GET', `/api/user/applications/${app1.data.id}`, a.token))
        .data.status,
    ).toBe('submitted');
    expect(await call(ctx.app, 'GET', '/api/user/applications')).toMatchObject({ code: 401 });
  });

  it('allows withdrawal only while submitted or accepted; reviews move forward only', async () => {
    const u = await userWithToken(ctx.app);
    const op = await createUser(ctx.app, { role: 'operator' });
    const f = await fileOf(u.token);
    const mk = async (name: string) =>
      (
        await call<DataOf<'POST /api/user/applications/brand-product'>>(
          ctx.app,
          'POST',
          '/api/user/applications/brand-product',
          u.token,
          form(f, { productName: name }),
        )
      ).data.id as number;

    const a = await mk('撤回一');
    const w = await call<DataOf<'POST /api/user/applications/:id/withdraw'>>(
      ctx.app,
      'POST',
      `/api/user/applications/${a}/withdraw`,
      u.token,
    );
    expect(w.data).toMatchObject({ status: 'withdrawn', statusName: '已撤回', withdrawable: false });
    expect(w.data.timeline.map((t: { status: string }) => t.status)).toEqual(['submitted', 'withdrawn']);
    expect(await call(ctx.app, 'POST', `/api/user/applications/${a}/withdraw`, u.token)).toMatchObject({
      code: 400,
      msg: '当前状态不可撤回（审核开始后不能撤回）',
    });

    const b = await mk('撤回二');
    await reviewApplication(ctx.app.db, b, op.id, 'accepted');
    expect((await call(ctx.app, 'POST', `/api/user/applications/${b}/withdraw`, u.token)).code).toBe(0);

    const c = await mk('审核中');
    await reviewApplication(ctx.app.db, c, op.id, 'accepted');
    const reviewed = await reviewApplication(ctx.app.db, c, op.id, 'reviewing');
    expect(reviewed.timeline.map((t) => t.status)).toEqual(['submitted', 'accepted', 'reviewing']);
    expect(await call(ctx.app, 'POST', `/api/user/applications/${c}/withdraw`, u.token)).toMatchObject({
      code: 400,
      msg: '当前状态不可撤回（审核开始后不能撤回）',
    });
    await expect(reviewApplication(ctx.app.db, c, op.id, 'accepted')).rejects.toThrow('当前状态不能执行该操作');
    await expect(reviewApplication(ctx.app.db, c, op.id, 'rejected', '  ')).rejects.toThrow('驳回时请填写驳回原因');
    const rejected = await reviewApplication(ctx.app.db, c, op.id, 'rejected', '材料不全');
    expect(rejected).toMatchObject({ status: 'rejected', statusName: '驳回', reason: '材料不全' });
    await expect(reviewApplication(ctx.app.db, c, op.id, 'approved')).rejects.toThrow('当前状态不能执行该操作');
    await expect(reviewApplication(ctx.app.db, 999999, op.id, 'approved')).rejects.toThrow('申请不存在');

    const d = await mk('直接通过');
    expect((await reviewApplication(ctx.app.db, d, op.id, 'approved')).status).toBe('approved');
    expect(await call(ctx.app, 'POST', `/api/user/applications/${d}/withdraw`, u.token)).toMatchObject({ code: 400 });
    // An approved product blocks a new application for the same product; a rejected one does not.
    expect(
      await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f, { productName: '直接通过' })),
    ).toMatchObject({ code: 400 });
    expect(
      (await call(ctx.app, 'POST', '/api/user/applications/brand-product', u.token, form(f, { productName: '审核中' }))).code,
    ).toBe(0);
  });
});
