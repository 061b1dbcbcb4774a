import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { collect } from './helpers/usercentre.ts';
import { dispatchStatusAlerts } from '../src/modules/alerts/status.ts';
import { cstMinute, dispatchActivityReminders } from '../src/modules/alerts/activity.ts';
import { insertItem } from '../src/modules/portal/repository.ts';

describe.each(engines)('status-change alerts and activity reminders on %s', (engine) => {
  const ctx = useTestApp(engine);
  const db = () => ctx.app.db;

  async function standard(no: string, name: string, status = 'current') {
    const key = `${no}-${crypto.randomBytes(3).toString('hex')}`;
    const [r] = await db().query<{ id: number }>(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status)
       values ($1, $2, $2, 'GB/T', $3, 'national', $4) returning id::int as id`,
      [no, key, name, status],
    );
    return { id: r!.id, key };
  }
  /** What the importer and the catalogue editor do: change the status and record the history row. */
  async function changeStatus(id: number, from: string, to: string) {
    await db().query('update standards set status = $2 where id = $1', [id, to]);
    const [h] = await db().query<{ id: number }>(
      `insert into standard_status_history (standard_id, old_status, new_status, source) values ($1, $2, $3, '测试') returning id::int as id`,
      [id, from, to],
    );
    return h!.id;
  }
  const statusMessages = (userId: number) =>
    db().query<{ title: string; body: string; link: string; dedupe_key: string }>(
      "select title, body, link, dedupe_key from messages where user_id = $1 and kind = 'standard_status' order by id",
      [userId],
    );

  it('reaches each collecting user exactly once, with the old and new status and the replacing standard', async () => {
    const old = await standard('GB/T 9999.1-2009', '示例标准 第1部分：通则');
    const successor = await standard('GB/T 9999.1-2024', '示例标准 第1部分：通则（新版）');
    await db().query(
      `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind) values ($1, $2, 'GB/T 9999.1-2009', $3, 'replaces')`,
      [successor.id, old.key, old.id],
    );
    const past = new Date(Date.now() - 3600_000).toISOString();
    const a = await userWithToken(ctx.app);
    const b = await userWithToken(ctx.app);
    const bystander = await userWithToken(ctx.app);
    const disabled = await userWithToken(ctx.app);
    await collect(ctx.app, a.id, old.id, past);
    await collect(ctx.app, b.id, old.id, past);
    await collect(ctx.app, disabled.id, old.id, past);
    await collect(ctx.app, bystander.id, successor.id, past);
    await db().query("update users set status = 'disabled' where id = $1", [disabled.id]);

    const hid = await changeStatus(old.id, 'current', 'replaced');
    const late = await userWithToken(ctx.app);
    await collect(ctx.app, late.id, old.id); // collected after the change: nothing to tell

    const first = await dispatchStatusAlerts(db());
    expect(first.sent).toBe(2);
    const second = await dispatchStatusAlerts(db());
    expect(second).toEqual({ processed: 0, sent: 0 });

    for (const u of [a, b]) {
      const msgs = await statusMessages(u.id);
      expect(msgs).toHaveLength(1);
      expect(msgs[0]).toMatchObject({
        title: '收藏的标准状态变更：GB/T 9999.1-2009',
        link: `/standard-detail?id=${old.id}`,
        dedupe_key: `status:${hid}:${u.id}`,
      });
      expect(msgs[0]!.body).toBe(
        '您收藏的标准 GB/T 9999.1-2009 示例标准 第1部分：通则 状态已由「现行」变为「被代替」，请改用代替标准 GB/T 9999.1-2024《示例标准 第1部分：通则（新版）》。请点击查看标准详情。',
      );
      const info = await call<DataOf<'POST /api/sys/auth/getUserInfo'>>(ctx.app, 'POST', '/api/sys/auth/getUserInfo', u.token);
      expect(info.data.unread).toBe(1);
    }
    for (const u of [bystander, disabled, late]) expect(await statusMessages(u.id)).toHaveLength(0);

    // A later change (abolition) is a new history row: one more message each, still once.
    await changeStatus(old.id, 'replaced', 'abolished');
    expect((await dispatchStatusAlerts(db())).sent).toBe(3); // a, b and now the late collector
    expect(await statusMessages(late.id)).toHaveLength(1);
    expect((await statusMessages(a.id))[1]!.body).toContain('状态已由「被代替」变为「废止」');
  });

  it('concurrent runs and reruns after a crash never duplicate', async () => {
    const s = await standard('DB4420/T 77-2020', '示例地方标准');
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => userWithToken(ctx.app)));
    const past = new Date(Date.now() - 3600_000).toISOString();
    for (const u of users) await collect(ctx.app, u.id, s.id, past);
    const hid = await changeStatus(s.id, 'current', 'abolished');

    const runs = await Promise.all([dispatchStatusAlerts(db()), dispatchStatusAlerts(db()), dispatchStatusAlerts(db(), 1)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(5);
    // A run that sent its messages but died before marking the row: the rerun sends nothing new.
    await db().query('update standard_status_history set dispatched_at = null where id = $1', [hid]);
    expect((await dispatchStatusAlerts(db())).sent).toBe(0);
    for (const u of users) {
      const msgs = await statusMessages(u.id);
      expect(msgs).toHaveLength(1);
      expect(msgs[0]!.body).toBe('您收藏的标准 DB4420/T 77-2020 示例地方标准 状态已由「现行」变为「废止」。请点击查看标准详情。');
    }
    // New records (no old status) alert nobody and are marked done.
    await db().query(`insert into standard_status_history (standard_id, old_status, new_status) values ($1, null, 'current')`, [
      s.id,
    ]);
    expect(await dispatchStatusAlerts(db())).toEqual({ processed: 1, sent: 0 });
  });

  it('the server job runs both dispatchers and stops on close', async () => {
    const s = await standard('GB 5555-2015', '示例强制性标准');
    const u = await userWithToken(ctx.app);
    await collect(ctx.app, u.id, s.id, new Date(Date.now() - 60_000).toISOString());
    await changeStatus(s.id, 'current', 'abolished');
    await Promise.all([ctx.app.runAlerts(), ctx.app.runAlerts()]);
    expect(await statusMessages(u.id)).toHaveLength(1);
  });

  it('reminds users signed up for an activity starting within 24 h, once', async () => {
    const now = Date.now();
    const activity = (title: string, startInH: number) =>
      insertItem(db(), {
        section: 'activity',
        category: 'standard',
        title,
        attrs: {
          startAt: new Date(now + startInH * 3600_000).toISOString(),
          endAt: new Date(now + (startInH + 2) * 3600_000).toISOString(),
          place: '中山市示例会场',
          seatLimit: 10,
          signupDeadline: new Date(now + 3600_000).toISOString(),
          open: true,
        },
      });
    const soon = await activity('即将开始的活动', 5);
    const later = await activity('下周的活动', 24 * 7);
    const u = await userWithToken(ctx.app);
    const withdrawn = await userWithToken(ctx.app);
    const stranger = await userWithToken(ctx.app);
    for (const id of [soon, later]) {
      expect((await call(ctx.app, 'POST', `/api/user/activities/${id}/signup`, u.token, {})).code).toBe(0);
    }
    const w = await call<DataOf<'POST /api/user/activities/:id/signup'>>(
      ctx.app,
      'POST',
      `/api/user/activities/${soon}/signup`,
      withdrawn.token,
      {},
    );
    await db().query("update applications set status = 'withdrawn' where id = $1", [w.data.id]);

    const runs = await Promise.all([dispatchActivityReminders(db(), now), dispatchActivityReminders(db(), now)]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(1);
    expect((await dispatchActivityReminders(db(), now + 3600_000)).sent).toBe(0);
    const msgs = await db().query<{ title: string; body: string; link: string }>(
      "select title, body, link from messages where user_id = $1 and kind = 'activity'",
      [u.id],
    );
    expect(msgs).toEqual([
      {
        title: '活动即将开始：即将开始的活动',
        body: `您报名的活动「即将开始的活动」将于 ${cstMinute(now + 5 * 3600_000)}（北京时间）开始，地点：中山市示例会场。请合理安排时间，准时参加。`,
        link: `/activity-detail?id=${soon}`,
      },
    ]);
    for (const x of [withdrawn, stranger]) {
      expect((await db().query("select 1 from messages where user_id = $1 and kind = 'activity'", [x.id])).length).toBe(0);
    }
    // A week later the other activity is due.
    expect((await dispatchActivityReminders(db(), now + (24 * 7 - 3) * 3600_000)).sent).toBe(1);
  });
});
