import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, post, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { insertMessage } from '../src/modules/messages/repository.ts';
import type { MessageKind } from '@zs/shared';

describe.each(engines)('messages on %s', (engine) => {
  const ctx = useTestApp(engine);
  const send = (userId: number, kind: MessageKind, title: string, link: string | null = '/my-apply') =>
    insertMessage((t, p) => ctx.app.db.query(t, p), { userId, kind, title, body: `${title}的正文`, link });
  const unreadOf = async (token: string) =>
    (await post<{ unread: number }>(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token })).data.unread;

  it('lists only the own messages, newest first, paged, with unread and kind filters', async () => {
    const a = await userWithToken(ctx.app);
    const b = await userWithToken(ctx.app);
    for (let i = 1; i <= 12; i += 1) await send(a.id, i % 3 === 0 ? 'certification' : 'review', `消息${i}`);
    await send(b.id, 'system', '别人的消息');

    const p1 = await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages?page=1&size=5', a.token);
    expect(p1).toMatchObject({ status: 200, code: 0, data: { total: 12, page: 1, size: 5, unread: 12 } });
    expect(p1.data.list.map((m: { title: string }) => m.title)).toEqual(['消息12', '消息11', '消息10', '消息9', '消息8']);
    expect(p1.data.list[0]).toMatchObject({ kind: 'certification', kindName: '企业认证', read: false, link: '/my-apply' });
    const p3 = await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages?page=3&size=5', a.token);
    expect(p3.data.list).toHaveLength(2);

    const certs = await call<DataOf<'GET /api/user/messages'>>(
      ctx.app,
      'GET',
      '/api/user/messages?kind=certification&size=100',
      a.token,
    );
    expect(certs.data.total).toBe(4);
    expect(certs.data.list.every((m: { kind: string }) => m.kind === 'certification')).toBe(true);

    const bList = await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages', b.token);
    expect(bList.data.total).toBe(1);
    expect(bList.data.list[0]!.title).toBe('别人的消息');
  });

  it('opening a message marks it read; read and read-all update the bell count', async () => {
    const u = await userWithToken(ctx.app);
    await send(u.id, 'review', '一');
    await send(u.id, 'review', '二');
    await send(u.id, 'system', '三');
    expect(await unreadOf(u.token)).toBe(3);

    const list = (await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages', u.token)).data
      .list as Array<{ id: number; title: string }>;
    const one = list.find((m) => m.title === '一')!;
    const opened = await call<DataOf<'GET /api/user/messages/:id'>>(ctx.app, 'GET', `/api/user/messages/${one.id}`, u.token);
    expect(opened).toMatchObject({ code: 0, data: { id: one.id, title: '一', body: '一的正文', read: true } });
    expect(opened.data.readAt).toEqual(expect.any(String));
    expect(await unreadOf(u.token)).toBe(2);

    const unreadOnly = await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages?unread=1', u.token);
    expect(unreadOnly.data.list.map((m: { title: string }) => m.title).sort()).toEqual(['三', '二']);

    const two = list.find((m) => m.title === '二')!;
    expect(await post(ctx.app, `/api/user/messages/${two.id}/read`, undefined, { token: u.token })).toMatchObject({ code: 0 });
    expect(await unreadOf(u.token)).toBe(1);

    // The web client sends a JSON content type even without a body.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/messages/read-all',
      headers: { authorization: u.token, 'content-type': 'application/json' },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { updated: 1 } });
    expect(await unreadOf(u.token)).toBe(0);
    const again = await post(ctx.app, '/api/user/messages/read-all', undefined, { token: u.token });
    expect(again).toMatchObject({ code: 0, data: { updated: 0 } });
  });

  it('refuses visitors, unknown ids and bad filters with clear codes', async () => {
    const u = await userWithToken(ctx.app);
    expect(await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages')).toMatchObject({
      status: 200,
      code: 401,
    });
    expect(await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages/1')).toMatchObject({ code: 401 });
    expect(await post(ctx.app, '/api/user/messages/read-all')).toMatchObject({ code: 401 });
    for (const id of ['999999', 'abc', '0', '-1', '99999999999999999999', '1.5']) {
      expect(await call(ctx.app, 'GET', `/api/user/messages/${id}`, u.token)).toMatchObject({
        status: 200,
        code: 404,
        msg: '消息不存在',
      });
      expect(await post(ctx.app, `/api/user/messages/${id}/read`, undefined, { token: u.token })).toMatchObject({ code: 404 });
    }
    expect(await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages?kind=nope', u.token)).toMatchObject({
      code: 400,
      msg: '消息类型不正确',
    });
    expect(await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages?size=1000', u.token)).toMatchObject({
      code: 400,
    });
    expect(
      await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages?unread=maybe', u.token),
    ).toMatchObject({ code: 400 });
  });
});
