import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, post, type DataOf } from './helpers/answer.ts';
import { encrypt } from './helpers/builders.ts';
import { userWithToken } from './helpers/login.ts';
import { certForm, upload } from './helpers/usercentre.ts';
import { insertMessage } from '../src/modules/messages/repository.ts';
import { serviceItem } from './helpers/fixtures.ts';

/**
 * One user's data through another user's token: every user-centre resource, by its real id and by
 * guessed ids around it. The answer is 404 or 403, never the data, and nothing changes.
 */
describe.each(engines)('isolation between users on %s', (engine) => {
  const ctx = useTestApp(engine);

  async function owner() {
    const u = await userWithToken(ctx.app);
    await ctx.app.db.query("update users set email = 'owner@example.com' where id = $1", [u.id]);
    await insertMessage((t, p) => ctx.app.db.query(t, p), {
      userId: u.id,
      kind: 'review',
      title: '私人消息',
      body: '只有本人可见的内容',
      link: '/my-apply',
    });
    const [msg] = await ctx.app.db.query<{ id: number }>('select id from messages where user_id = $1', [u.id]);
    const serviceId = await serviceItem(ctx.app);
    const app = await call<DataOf<'POST /api/user/applications/service'>>(
      ctx.app,
      'POST',
      '/api/user/applications/service',
      u.token,
      {
        serviceId,
        contactName: '隐私人',
        contactMobile: '13612340000',
        need: '这是一条只属于本人的服务申请。',
      },
    );
    const fileId = (await upload(ctx.app, u.token)).data.id as number;
    const cert = await call<DataOf<'POST /api/user/certification'>>(
      ctx.app,
      'POST',
      '/api/user/certification',
      u.token,
      certForm(fileId, { companyName: '隐私企业有限公司' }),
    );
    return { ...u, messageId: msg!.id, applicationId: app.data.id as number, fileId, certId: cert.data.id as number };
  }

  it('another user can neither read nor change any of the owner’s resources, by real or guessed ids', async () => {
    const a = await owner();
    const b = await userWithToken(ctx.app);
    const around = (id: number) => [id, id - 1, id + 1, id + 2, id + 100].filter((x) => x > 0);
    const leaks = (r: { data: unknown }) => JSON.stringify(r.data ?? null);

    for (const id of around(a.messageId)) {
      const r = await call(ctx.app, 'GET', `/api/user/messages/${id}`, b.token);
      expect(r, `message ${id}`).toMatchObject({ code: 404, data: null });
      expect(await post(ctx.app, `/api/user/messages/${id}/read`, undefined, { token: b.token })).toMatchObject({ code: 404 });
    }
    for (const id of around(a.applicationId)) {
      expect(await call(ctx.app, 'GET', `/api/user/applications/${id}`, b.token), `application ${id}`).toMatchObject({
        code: 404,
        data: null,
      });
      expect(await post(ctx.app, `/api/user/applications/${id}/withdraw`, {}, { token: b.token })).toMatchObject({ code: 404 });
    }
    for (const id of around(a.fileId)) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/user/files/${id}`, headers: { authorization: b.token } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect([403, 404]).toContain(res.json().code);
    }
    // Lists, the certification, the profile and the export only ever show B's own (empty) data.
    const lists = [
      await call(ctx.app, 'GET', '/api/user/messages?size=100', b.token),
      await call(ctx.app, 'GET', '/api/user/applications?size=100', b.token),
      await call(ctx.app, 'GET', '/api/user/certification', b.token),
      await call(ctx.app, 'GET', '/api/user/profile', b.token),
    ];
    for (const r of lists) {
      expect(r.code).toBe(0);
      for (const secret of ['私人消息', '隐私人', '13612340000', '隐私企业有限公司', 'owner@example.com', a.username]) {
        expect(leaks(r)).not.toContain(secret);
      }
    }
    expect(lists[2]!.data).toMatchObject({ status: 'none', certification: null });
    // B cannot use A's licence for a certification of its own.
    expect(await call(ctx.app, 'POST', '/api/user/certification', b.token, certForm(a.fileId))).toMatchObject({ code: 400 });
    // Settings and read-all act on B only.
    expect(await post(ctx.app, '/api/sys/auth/webSetEmail', { email: 'b@example.com' }, { token: b.token })).toMatchObject({
      code: 0,
    });
    expect(await post(ctx.app, '/api/user/messages/read-all', undefined, { token: b.token })).toMatchObject({
      code: 0,
      data: { updated: 0 },
    });
    // B cannot delete A's account with A's password either: the password is checked against B.
    expect(
      await call(ctx.app, 'POST', '/api/user/delete-account', b.token, { password: encrypt(ctx.app, a.password) }),
    ).toMatchObject({
      code: 400,
      msg: '当前密码错误',
    });

    // A's data is untouched: the message is still unread until A opens it.
    expect(
      (await post<{ unread: number }>(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: a.token })).data.unread,
    ).toBe(1);
    const mine = await call(ctx.app, 'GET', `/api/user/messages/${a.messageId}`, a.token);
    expect(mine).toMatchObject({ code: 0, data: { title: '私人消息', read: true } });
    expect(await call(ctx.app, 'GET', `/api/user/applications/${a.applicationId}`, a.token)).toMatchObject({
      code: 0,
      data: { status: 'submitted' },
    });
    expect(await call(ctx.app, 'GET', '/api/user/profile', a.token)).toMatchObject({ data: { email: 'owner@example.com' } });
    expect(await call(ctx.app, 'GET', '/api/user/certification', a.token)).toMatchObject({ data: { status: 'pending' } });
    const own = await ctx.app.inject({ method: 'GET', url: `/api/user/files/${a.fileId}`, headers: { authorization: a.token } });
    expect(own.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('a message opened by its owner was not marked read by another user’s attempts', async () => {
    const a = await owner();
    const b = await userWithToken(ctx.app);
    await call(ctx.app, 'GET', `/api/user/messages/${a.messageId}`, b.token);
    await post(ctx.app, `/api/user/messages/${a.messageId}/read`, undefined, { token: b.token });
    const info = await post<{ unread: number }>(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: a.token });
    expect(info.data.unread).toBe(1);
  });

  it('visitors get 401 on every user-centre call', async () => {
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/user/messages'],
      ['GET', '/api/user/messages/1'],
      ['POST', '/api/user/messages/1/read'],
      ['POST', '/api/user/messages/read-all'],
      ['GET', '/api/user/certification'],
      ['POST', '/api/user/certification', certForm(1)],
      ['GET', '/api/user/profile'],
      ['GET', '/api/user/export'],
      ['POST', '/api/user/delete-account', { password: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      expect(await call(ctx.app, method, url, undefined, body), url).toMatchObject({ status: 200, code: 401, data: null });
    }
  });
});
