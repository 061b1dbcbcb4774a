import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, post, type DataOf } from './helpers/answer.ts';
import { loginToken } from './helpers/builders.ts';
import { userWithToken } from './helpers/login.ts';
import { certForm, upload } from './helpers/usercentre.ts';
import { serviceItem } from './helpers/fixtures.ts';

describe.each(engines)('operator review desk on %s', (engine) => {
  const ctx = useTestApp(engine);
  const countOf = async (sql: string, params: unknown[]) =>
    (await ctx.app.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

  const operatorRoutes: Array<['GET' | 'POST', string, unknown?]> = [
    ['GET', '/api/admin/certifications'],
    ['GET', '/api/admin/certifications?status=pending'],
    ['GET', '/api/admin/certifications/1'],
    ['POST', '/api/admin/certifications/1/review', { decision: 'approve' }],
    ['GET', '/api/admin/applications'],
    ['GET', '/api/admin/applications/1'],
    ['POST', '/api/admin/applications/1/review', { decision: 'accept' }],
  ];
  const adminOnlyRoutes: Array<['GET' | 'POST', string, unknown?]> = [
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users/1/status', { status: 'disabled' }],
    ['POST', '/api/admin/users/1/role', { role: 'admin' }],
    ['GET', '/api/admin/audit-log'],
  ];

  it('refuses visitors (401) and plain or certified users (403) on every operator route; operators on admin-only routes', async () => {
    const plain = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    const certified = await userWithToken(ctx.app);
    await ctx.app.db.query(
      `insert into enterprise_certifications (user_id, company_name, credit_code, legal_rep, contact_name, contact_mobile, status)
       values ($1, '认证企业', '91350100M000100Y43', '法人', '联系人', '13800000000', 'approved')`,
      [certified.id],
    );
    for (const [method, url, body] of [...operatorRoutes, ...adminOnlyRoutes]) {
      expect(await call(ctx.app, method, url, undefined, body), `${method} ${url}`).toMatchObject({
        status: 200,
        code: 401,
        data: null,
      });
      expect(await call(ctx.app, method, url, 'not-a-token', body), url).toMatchObject({ code: 401 });
      for (const u of [plain, certified]) {
        expect(await call(ctx.app, method, url, u.token, body), `${method} ${url}`).toMatchObject({
          status: 200,
          code: 403,
          data: null,
        });
      }
    }
    for (const [method, url, body] of adminOnlyRoutes) {
      expect(await call(ctx.app, method, url, op.token, body), url).toMatchObject({ code: 403 });
    }
    // … and the operator does get through the operator routes (to a 404 for the unknown ids)
    expect(await call(ctx.app, 'GET', '/api/admin/certifications/999999', op.token)).toMatchObject({ code: 404 });
    expect(await call(ctx.app, 'GET', '/api/admin/applications', op.token)).toMatchObject({ code: 0 });
  });

  it('lists the certification queue oldest first and shows one in full', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const ids: number[] = [];
    for (const name of ['队列甲有限公司', '队列乙有限公司']) {
      const u = await userWithToken(ctx.app);
      ids.push(
        (
          await call<DataOf<'POST /api/user/certification'>>(
            ctx.app,
            'POST',
            '/api/user/certification',
            u.token,
            certForm((await upload(ctx.app, u.token)).data.id, { companyName: name }),
          )
        ).data.id,
      );
    }
    const q = await call<DataOf<'GET /api/admin/certifications'>>(
      ctx.app,
      'GET',
      '/api/admin/certifications?status=pending&size=100',
      op.token,
    );
    expect(q.code).toBe(0);
    const mine = (q.data.list as Array<{ id: number; companyName: string; username: string }>).filter((c) => ids.includes(c.id));
    expect(mine.map((c) => c.companyName)).toEqual(['队列甲有限公司', '队列乙有限公司']);
    const detail = await call<DataOf<'GET /api/admin/certifications/:id'>>(
      ctx.app,
      'GET',
      `/api/admin/certifications/${ids[0]}`,
      op.token,
    );
    expect(detail).toMatchObject({
      code: 0,
      data: {
        id: ids[0],
        status: 'pending',
        licenceFile: { url: expect.stringMatching(/^\/api\/user\/files\/\d+$/) },
        earlierSubmissions: [],
      },
    });
    // The operator can open the licence through the files endpoint.
    const file = await ctx.app.inject({ method: 'GET', url: detail.data.licenceFile!.url, headers: { authorization: op.token } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(await call(ctx.app, 'GET', '/api/admin/certifications?status=weird', op.token)).toMatchObject({
      code: 400,
      msg: '认证状态不正确',
    });
    expect(await call(ctx.app, 'GET', '/api/admin/certifications/abc', op.token)).toMatchObject({ code: 404 });
  });

  it('reviews applications forward only: one message with the reason and one audit row per decision', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const u = await userWithToken(ctx.app);
    const serviceId = await serviceItem(ctx.app);
    const applied = await call<DataOf<'POST /api/user/applications/service'>>(
      ctx.app,
      'POST',
      '/api/user/applications/service',
      u.token,
      {
        serviceId,
        contactName: '王五',
        contactMobile: '13712345678',
        need: '需要对十个标准进行查新服务。',
      },
    );
    expect(applied.code, applied.msg).toBe(0);
    const id = applied.data.id as number;
    const review = (body: unknown) => call(ctx.app, 'POST', `/api/admin/applications/${id}/review`, op.token, body);

    const queue = await call<DataOf<'GET /api/admin/applications'>>(
      ctx.app,
      'GET',
      '/api/admin/applications?status=submitted&kind=service&size=100',
      op.token,
    );
    expect(queue.data.list.some((a: { id: number; username: string }) => a.id === id && a.username === u.username)).toBe(true);
    expect(await call(ctx.app, 'GET', `/api/admin/applications/${id}`, op.token)).toMatchObject({
      code: 0,
      data: { id, status: 'submitted', username: u.username, form: { contactName: '王五' } },
    });

    expect(await review({ decision: 'accept' })).toMatchObject({ code: 0, data: { status: 'accepted' } });
    expect(await review({ decision: 'accept' })).toMatchObject({ code: 400, msg: '当前状态不能执行该操作' });
    expect(await review({ decision: 'reject' })).toMatchObject({ code: 400, msg: '驳回时请填写驳回原因' });
    expect(await review({ decision: 'bogus' })).toMatchObject({ code: 400, msg: '请选择审核结论' });
    expect(await review({ decision: 'reject', reason: '材料不全' })).toMatchObject({
      code: 0,
      data: { status: 'rejected', reason: '材料不全' },
    });

    const msgs = (await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages', u.token)).data
      .list as Array<{
      title: string;
      body: string;
      link: string;
      kind: string;
    }>;
    expect(msgs).toHaveLength(2);
    expect(msgs.every((m) => m.link === `/geographical-detail?id=${id}` && m.kind === 'review')).toBe(true);
    expect(msgs[0]!.title).toBe('您的服务申请未通过审核');
    expect(msgs[0]!.body).toContain('材料不全');
    expect(msgs[1]!.title).toBe('您的服务申请已受理');
    const audits = await ctx.app.db.query<{ action: string; actor_id: number }>(
      "select action, actor_id from audit_log where target_type = 'application' and target_id = $1 order by id",
      [id],
    );
    expect(audits).toEqual([
      { action: 'application.accepted', actor_id: op.id },
      { action: 'application.rejected', actor_id: op.id },
    ]);
    const timeline = (
      await call<DataOf<'GET /api/user/applications/:id'>>(ctx.app, 'GET', `/api/user/applications/${id}`, u.token)
    ).data.timeline as Array<{
      status: string;
    }>;
    expect(timeline.map((t) => t.status)).toEqual(['submitted', 'accepted', 'rejected']);
    expect(await review({ decision: 'approve' })).toMatchObject({ code: 400 });
    expect(await countOf('messages where user_id = $1', [u.id])).toBe(2);
    expect(await call(ctx.app, 'POST', '/api/admin/applications/999999/review', op.token, { decision: 'accept' })).toMatchObject({
      code: 404,
    });
  });

  it('admins list users, disable (revoking every session), re-enable and change roles, all audited', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const u = await userWithToken(ctx.app);
    const second = await loginToken(ctx.app, u.id);

    const list = await call<DataOf<'GET /api/admin/users'>>(
      ctx.app,
      'GET',
      `/api/admin/users?keyword=${u.username.slice(0, 8)}`,
      admin.token,
    );
    expect(list.data.list.find((x: { id: number }) => x.id === u.id)).toMatchObject({
      username: u.username,
      mobile: u.mobile,
      role: 'user',
      status: 'active',
      certified: false,
      certificationStatus: 'none',
    });
    expect(
      (await call<DataOf<'GET /api/admin/users'>>(ctx.app, 'GET', `/api/admin/users?keyword=${u.mobile}`, admin.token)).data
        .total,
    ).toBe(1);
    expect(
      (await call<DataOf<'GET /api/admin/users'>>(ctx.app, 'GET', '/api/admin/users?keyword=%25', admin.token)).data.total,
    ).toBe(0);
    expect(await call(ctx.app, 'GET', '/api/admin/users?role=king', admin.token)).toMatchObject({ code: 400, msg: '角色不正确' });

    const off = await call(ctx.app, 'POST', `/api/admin/users/${u.id}/status`, admin.token, { status: 'disabled' });
    expect(off).toMatchObject({ code: 0, data: { id: u.id, status: 'disabled' } });
    for (const t of [u.token, second]) {
      expect(await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: t })).toMatchObject({ code: 401 });
    }
    expect(await call(ctx.app, 'POST', `/api/admin/users/${u.id}/status`, admin.token, { status: 'active' })).toMatchObject({
      code: 0,
    });
    // Re-enabling does not bring the revoked sessions back.
    expect(await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: u.token })).toMatchObject({ code: 401 });
    const fresh = await loginToken(ctx.app, u.id);
    expect(await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: fresh })).toMatchObject({ code: 0 });

    expect(await call(ctx.app, 'POST', `/api/admin/users/${u.id}/role`, admin.token, { role: 'operator' })).toMatchObject({
      code: 0,
    });
    expect(await call(ctx.app, 'GET', '/api/admin/certifications', fresh)).toMatchObject({ code: 0 });
    expect(await call(ctx.app, 'POST', `/api/admin/users/${u.id}/role`, admin.token, { role: 'root' })).toMatchObject({
      code: 400,
      msg: '请选择角色',
    });
    expect(await call(ctx.app, 'POST', `/api/admin/users/${u.id}/status`, admin.token, { status: 'deleted' })).toMatchObject({
      code: 400,
    });
    expect(await call(ctx.app, 'POST', `/api/admin/users/${admin.id}/status`, admin.token, { status: 'disabled' })).toMatchObject(
      {
        code: 400,
        msg: '不能修改自己的账号状态或角色',
      },
    );
    expect(await call(ctx.app, 'POST', '/api/admin/users/999999/role', admin.token, { role: 'user' })).toMatchObject({
      code: 404,
    });

    const log = await call<DataOf<'GET /api/admin/audit-log'>>(
      ctx.app,
      'GET',
      `/api/admin/audit-log?targetType=user&size=100`,
      admin.token,
    );
    const mine = (
      log.data.list as Array<{ targetId: number; action: string; actorId: number; detail: Record<string, unknown> }>
    ).filter((a) => a.targetId === u.id);
    expect(mine.map((a) => a.action)).toEqual(['user.role', 'user.status', 'user.status']);
    expect(mine[0]).toMatchObject({ actorId: admin.id, detail: { from: 'user', to: 'operator' } });
    expect(mine[2]).toMatchObject({ detail: { from: 'active', to: 'disabled' } });
  });
});
