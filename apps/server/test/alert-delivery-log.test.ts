import { describe, expect, it } from 'vitest';
import { maskMobile } from '@zs/shared/constants';
import { useTestApp } from './helpers/app.ts';
import { engines } from './helpers/db.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';

type Summary = DataOf<'GET /api/admin/alerts/deliveries/summary'>;
type Rows = DataOf<'GET /api/admin/alerts/deliveries'>;

/** The office's delivery log (docs/alerts.md): counts and the filterable list of the alert outbox. */
describe.each(engines)('alert delivery log (%s)', (engine) => {
  const ctx = useTestApp(engine);

  /** Outbox rows as the worker leaves them, on chosen Beijing days. */
  async function rows(
    userId: number,
    spec: Array<[event: string, channel: string, status: string, lastError: string | null, day: string]>,
  ) {
    for (const [event, channel, status, lastError, day] of spec) {
      await ctx.app.db.query(
        `insert into alert_deliveries (user_id, event, channel, kind, payload, status, attempts, last_error, created_at, sent_at)
         values ($1, $2, $3, 'standard_status', $4::jsonb, $5, $6, $7, ($8::date + time '10:00') at time zone 'Asia/Shanghai',
                 case when $5 = 'sent' then now() end)`,
        [
          userId,
          event,
          channel,
          JSON.stringify({ standardNo: `GB/T ${event}` }),
          status,
          status === 'queued' ? 0 : 1,
          lastError,
          day,
        ],
      );
    }
  }

  it("removes a deleted user's outbox rows, and only theirs (the cascade without a per-row key check, decisions/0096)", async () => {
    const a = await userWithToken(ctx.app);
    const b = await userWithToken(ctx.app);
    await rows(a.id, [['status:1', 'email', 'queued', null, '2026-03-01']]);
    await rows(b.id, [['status:1', 'email', 'queued', null, '2026-03-01']]);
    await ctx.app.db.query('delete from users where id = $1', [a.id]);
    const left = await ctx.app.db.query<{ user_id: number }>('select user_id from alert_deliveries order by id');
    expect(left.map((r) => r.user_id)).toEqual([b.id]);
    await ctx.app.db.query('delete from users where id = $1', [b.id]);
    expect(await ctx.app.db.query('select 1 from alert_deliveries')).toEqual([]);
  });

  it('counts sent, queued, failed and unsubscribed per channel and per day, and lists the rows with the user masked', async () => {
    const office = await userWithToken(ctx.app, 'operator');
    const a = await userWithToken(ctx.app);
    const b = await userWithToken(ctx.app);
    await rows(a.id, [
      ['status:1', 'email', 'sent', null, '2026-03-01'],
      ['status:2', 'email', 'sent', null, '2026-03-01'],
      ['status:3', 'email', 'failed', '550 mailbox unavailable', '2026-03-01'],
      ['status:4', 'email', 'claimed', null, '2026-03-02'],
    ]);
    await rows(b.id, [
      ['status:1', 'email', 'skipped', 'unsubscribed', '2026-03-02'],
      ['status:2', 'email', 'skipped', 'no verified address', '2026-03-02'],
      ['status:3', 'email', 'queued', null, '2026-03-02'],
      ['status:9', 'email', 'sent', null, '2026-02-01'], // outside the range asked for
      ['status:5', 'email', 'digested', null, '2026-03-01'], // went out inside a digest
      ['status:1', 'sms', 'sent', null, '2026-03-01'],
    ]);

    const s = await call<Summary>(
      ctx.app,
      'GET',
      '/api/admin/alerts/deliveries/summary?from=2026-03-01&to=2026-03-02',
      office.token,
    );
    expect(s.code).toBe(0);
    expect(s.data.totals).toEqual({ sent: 3, queued: 2, failed: 1, unsubscribed: 1, skipped: 1, digested: 1 });
    expect(s.data.byChannel).toEqual([
      { channel: 'email', sent: 2, queued: 2, failed: 1, unsubscribed: 1, skipped: 1, digested: 1 },
      { channel: 'sms', sent: 1, queued: 0, failed: 0, unsubscribed: 0, skipped: 0, digested: 0 },
    ]);
    expect(s.data.byDay).toEqual([
      { day: '2026-03-02', channel: 'email', sent: 0, queued: 2, failed: 0, unsubscribed: 1, skipped: 1, digested: 0 },
      { day: '2026-03-01', channel: 'email', sent: 2, queued: 0, failed: 1, unsubscribed: 0, skipped: 0, digested: 1 },
      { day: '2026-03-01', channel: 'sms', sent: 1, queued: 0, failed: 0, unsubscribed: 0, skipped: 0, digested: 0 },
    ]);

    const all = await call<Rows>(ctx.app, 'GET', '/api/admin/alerts/deliveries?from=2026-03-01&to=2026-03-02', office.token);
    expect(all.data.total).toBe(9);
    const failed = all.data.list.find((r) => r.state === 'failed')!;
    expect(failed).toMatchObject({
      username: a.username,
      mobile: maskMobile(a.mobile),
      event: 'status:3',
      channel: 'email',
      stateName: '失败',
      attempts: 1,
      lastError: '550 mailbox unavailable',
      standardNo: 'GB/T status:3',
    });
    // The full mobile never leaves the server.
    expect(JSON.stringify(all.data)).not.toContain(a.mobile);
    expect(JSON.stringify(all.data)).not.toContain(b.mobile);

    const list = async (q: string) =>
      (await call<Rows>(ctx.app, 'GET', `/api/admin/alerts/deliveries?${q}`, office.token)).data.list.map(
        (r) => `${r.username} ${r.event} ${r.state}`,
      );
    expect(await list('state=unsubscribed')).toEqual([`${b.username} status:1 unsubscribed`]);
    expect(await list('state=queued')).toEqual([`${b.username} status:3 queued`, `${a.username} status:4 queued`]);
    expect(await list(`user=${a.mobile}&state=sent`)).toEqual([`${a.username} status:2 sent`, `${a.username} status:1 sent`]);
    expect(await list(`user=${b.username}&event=status:9`)).toEqual([`${b.username} status:9 sent`]);
    expect(await list('channel=sms')).toEqual([`${b.username} status:1 sent`]);
    expect(await list('state=digested')).toEqual([`${b.username} status:5 digested`]);
    expect(await list('from=2026-03-02&to=2026-03-02&state=skipped')).toEqual([`${b.username} status:2 skipped`]);
  });

  it('is for the office only; bad filters answer in Chinese', async () => {
    const user = await userWithToken(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/admin/alerts/deliveries', user.token)).code).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/admin/alerts/deliveries/summary')).code).toBe(401);
    const admin = await userWithToken(ctx.app, 'admin');
    const bad = async (q: string) => (await call(ctx.app, 'GET', `/api/admin/alerts/deliveries?${q}`, admin.token)).msg;
    expect(await bad('state=lost')).toContain('状态不正确');
    expect(await bad('from=2026-02-30')).toContain('开始日期不是有效日期');
    expect(await bad('channel=E-MAIL')).toContain('渠道格式不正确');
    expect(await bad('size=500')).toContain('每页条数须为1-100的整数');
    expect((await call(ctx.app, 'GET', '/api/admin/alerts/deliveries/summary?to=x', admin.token)).msg).toContain(
      '结束日期格式应为',
    );
  });
});
