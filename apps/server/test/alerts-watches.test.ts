import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { deliverDue } from '../src/modules/alerts/delivery.ts';
import { buildDigests, queueUpcomingImplementations, scanNewStandards } from '../src/modules/alerts/jobs.ts';
import { dispatchStatusAlerts } from '../src/modules/alerts/index.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { testConfig } from './helpers/app.ts';
import { call } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { collect } from './helpers/usercentre.ts';
import { waitMailTo, userWithVerifiedMail } from './helpers/mail-user.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';

const SITE = 'https://std.example.cn';
const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
const tag = () => crypto.randomBytes(3).toString('hex').toUpperCase();

describe.each(engines)('watch lists, event kinds, channels and digests on %s', (engine) => {
  let smtp: TestSmtp;
  let testDb: TestDb;
  let app: FastifyInstance;
  const db = () => app.db;

  beforeAll(async () => {
    smtp = await startSmtp();
    testDb = await createTestDb(engine);
    const env = { SMTP_URL: smtp.url, SITE_URL: SITE, ALERT_SMS_DAILY_CAP: '2', ...(engine === 'postgres' ? redis : {}) };
    app = await buildApp({ config: testConfig(env), db: testDb.db, logger: false });
    await app.ready();
    // The first scan notes where the catalogue ends; what is added afterwards is news.
    await scanNewStandards(app.db);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    await smtp?.close();
  });

  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));
  const deliver = () => deliverDue(db(), app.mailer, SITE, 'test-worker', { sms: app.sms, smsDailyCap: 2 });
  const put = (token: string, kind: string, channel: string, enabled: boolean, cadence?: string) =>
    call(app, 'PUT', '/api/user/alerts/preferences', token, { kind, channel, enabled, ...(cadence ? { cadence } : {}) });
  const watch = (token: string, kind: string, value: string) =>
    call<{ id: number }>(app, 'POST', '/api/user/watches', token, { kind, value });

  const waitMail = (to: string, count: number) => waitMailTo(smtp, to, count);
  const mailUser = () => userWithVerifiedMail(app, smtp);
  async function standard(no: string, name: string, extra: Record<string, string | null> = {}) {
    const key = `${no}-${crypto.randomBytes(3).toString('hex')}`;
    const base = extra.no_base ?? key;
    const [r] = await db().query<{ id: number }>(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status, ccs_code, ics_code,
                              drafting_units, committee, implement_date)
       values ($1, $2, $3, $4, $5, 'local', 'current', $6, $7, $8, $9, $10::date) returning id::int as id`,
      [
        no,
        key,
        base,
        no.split(' ')[0],
        name,
        extra.ccs ?? null,
        extra.ics ?? null,
        extra.units ?? null,
        extra.committee ?? null,
        extra.implement ?? null,
      ],
    );
    return { id: r!.id, base };
  }
  async function changeStatus(id: number, from: string, to: string) {
    await db().query('update standards set status = $2 where id = $1', [id, to]);
    const [h] = await db().query<{ id: number }>(
      `insert into standard_status_history (standard_id, old_status, new_status, source) values ($1, $2, $3, '测试') returning id::int as id`,
      [id, from, to],
    );
    return h!.id;
  }
  const rowsOf = (userId: number) =>
    db().query<{ event: string; channel: string; kind: string; status: string; last_error: string | null; cadence: string }>(
      'select event, channel, kind, status, last_error, cadence from alert_deliveries where user_id = $1 order by id',
      [userId],
    );
  const messagesOf = (userId: number) =>
    db().query<{ title: string; body: string }>('select title, body from messages where user_id = $1 order by id', [userId]);

  it('manages a watch list with checked, normalised values and Chinese messages', async () => {
    const u = await userWithToken(app);
    const s = await standard(`DB4420/T ${tag()}-2020`, '示例 关注标准');
    expect((await watch(u.token, 'series', ' db4420/t ')).data).toMatchObject({ kind: 'series', value: 'DB4420/T' });
    expect((await watch(u.token, 'standard', String(s.id))).data).toMatchObject({
      kind: 'standard',
      label: expect.stringContaining('示例 关注标准'),
    });
    expect((await watch(u.token, 'ics', '91.140')).code).toBe(0);
    // The same watch again is the same row.
    const again = await watch(u.token, 'series', 'DB4420/T');
    const list = await call<{ list: Array<{ id: number }>; limit: number }>(app, 'GET', '/api/user/watches', u.token);
    expect(list.data.list).toHaveLength(3);
    expect(list.data.list.map((w) => w.id)).toContain(again.data.id);
    const bad = await watch(u.token, 'ccs', '中文');
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toMatch(/CCS 分类/);
    expect((await watch(u.token, 'standard', '999999999')).msg).toBe('标准不存在');
    expect((await watch(u.token, 'keyword', '水')).msg).toMatch(/至少两个字/);
    expect((await call(app, 'DELETE', `/api/user/watches/${again.data.id}`, u.token)).code).toBe(0);
    expect((await call(app, 'DELETE', `/api/user/watches/${again.data.id}`, u.token)).code).not.toBe(0);
    // Another user cannot remove it, nor see it.
    const other = await userWithToken(app);
    expect((await call<{ list: unknown[] }>(app, 'GET', '/api/user/watches', other.token)).data.list).toHaveLength(0);
    expect((await call(app, 'GET', '/api/user/watches')).code).not.toBe(0);
    // SMS only for status changes; digests only by email.
    expect((await put(u.token, 'new_standard', 'sms', true)).msg).toBe('短信只用于关注标准的状态变更');
    expect((await put(u.token, 'standard_status', 'site', true, 'daily')).msg).toBe('只有邮件可以按日或按周汇总');
    expect((await call(app, 'PUT', '/api/user/alerts/lead-days', u.token, { leadDays: [5] })).msg).toMatch(/30、7 或 1/);
  });

  it('a status change reaches watchers by site, email and SMS (with the replacement), collectors once', async () => {
    const watcher = await mailUser();
    const collector = await userWithToken(app);
    const quiet = await userWithToken(app);
    const s = await standard(`DB4420/T ${tag()}-2015`, '示例 状态变更');
    await watch(watcher.token, 'standard', String(s.id));
    await watch(collector.token, 'standard', String(s.id));
    await collect(app, collector.id, s.id, new Date(Date.now() - 3600_000).toISOString());
    await watch(quiet.token, 'standard', String(s.id));
    await put(quiet.token, 'standard_status', 'site', false);
    await put(watcher.token, 'standard_status', 'email', true);
    await put(watcher.token, 'standard_status', 'sms', true);
    await changeStatus(s.id, 'current', 'abolished');
    await dispatchStatusAlerts(db());
    await deliver();
    expect(await messagesOf(watcher.id)).toEqual([expect.objectContaining({ body: expect.stringContaining('废止') })]);
    // Collected and watched: one message (the collectors' path and the outbox share the dedupe key).
    expect(await messagesOf(collector.id)).toHaveLength(1);
    expect(await messagesOf(quiet.id)).toHaveLength(0);
    const [mail] = await waitMail(watcher.email, 2);
    expect(mailsTo(watcher.email).at(-1)!.subject).toContain('标准状态变更');
    expect(mail).toBeTruthy();
    // The SMS went through the sms module's sender: in development, its outbox.
    const sms = await db().query<{ code: string }>("select code from sms_outbox where mobile = $1 and purpose = 'alert'", [
      watcher.mobile,
    ]);
    expect(sms).toEqual([{ code: expect.stringContaining('废止') }]);
    const rows = await rowsOf(watcher.id);
    expect(rows.map((r) => `${r.channel}:${r.status}`).sort()).toEqual(['email:sent', 'site:sent', 'sms:sent']);
  });

  it('a status change made in the console: collectors told in its transaction, the watchers queued after it commits', async () => {
    const op = await userWithToken(app, 'operator');
    const watcher = await mailUser();
    const collector = await userWithToken(app);
    const s = await standard(`DB4420/T ${tag()}-2016`, '示例 后台状态变更');
    await watch(watcher.token, 'standard', String(s.id));
    await put(watcher.token, 'standard_status', 'email', true);
    await collect(app, collector.id, s.id, new Date(Date.now() - 3600_000).toISOString());
    const res = await call<{ notified: number }>(app, 'POST', `/api/admin/standards/${s.id}/status`, op.token, {
      status: 'abolished',
      effectiveDate: '2026-01-01',
      reason: '示例：后台废止',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.notified).toBe(1);
    expect(await messagesOf(collector.id)).toHaveLength(1);
    // Nobody runs the job here: the console kicks it once the change is committed, and the fan-out leaves no trace.
    await vi.waitFor(async () => expect((await rowsOf(watcher.id)).map((r) => r.channel).sort()).toEqual(['email', 'site']), {
      timeout: 10_000,
      interval: 50,
    });
    await vi.waitFor(async () => expect(await db().query('select 1 from alert_status_fanouts')).toEqual([]));
    await deliver();
    const [mail] = await waitMail(watcher.email, 2).then((m) => m.filter((x) => x.subject.includes('标准状态变更')));
    expect(mail!.text).toContain('示例 后台状态变更');
  });

  it('a console fan-out left pending (the process died after the commit) is queued by the next run, once', async () => {
    const watcher = await userWithToken(app);
    const s = await standard(`DB4420/T ${tag()}-2017`, '示例 未完成扇出');
    await watch(watcher.token, 'standard', String(s.id));
    const historyId = await changeStatus(s.id, 'current', 'abolished');
    // As the console's transaction leaves it: the history row dispatched, its fan-out recorded, nothing queued.
    await db().query('update standard_status_history set dispatched_at = now() where id = $1', [historyId]);
    const change = {
      id: historyId,
      standard_id: s.id,
      old_status: 'current',
      new_status: 'abolished',
      changed_at: new Date().toISOString(),
      standard_no: '示例',
      name_zh: '示例 未完成扇出',
      replaced_by: null,
      replaced_by_name: null,
      replaced_by_id: null,
    };
    await db().query('insert into alert_status_fanouts (history_id, change) values ($1, $2::jsonb)', [
      historyId,
      JSON.stringify(change),
    ]);
    await dispatchStatusAlerts(db());
    await dispatchStatusAlerts(db());
    expect((await rowsOf(watcher.id)).map((r) => `${r.channel}:${r.status}`)).toEqual(['site:queued']);
    expect(await db().query('select 1 from alert_status_fanouts where history_id = $1', [historyId])).toEqual([]);
  });

  it('caps SMS per user and day, and never sends one twice across two workers', async () => {
    const u = await userWithToken(app);
    await put(u.token, 'standard_status', 'sms', true);
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const s = await standard(`DB4420/T ${tag()}-2016`, `示例 短信 ${i}`);
      await watch(u.token, 'standard', String(s.id));
      ids.push(await changeStatus(s.id, 'current', 'abolished'));
    }
    await dispatchStatusAlerts(db());
    // Two workers at once (on PostgreSQL a second pool): each row to one of them.
    const second: Database = engine === 'postgres' ? await openDatabase({ databaseUrl: testDb.url!, poolSize: 2 }) : db();
    try {
      await Promise.all([
        deliverDue(db(), app.mailer, SITE, 'w1', { sms: app.sms, smsDailyCap: 2 }),
        deliverDue(second, app.mailer, SITE, 'w2', { sms: app.sms, smsDailyCap: 2 }),
      ]);
    } finally {
      if (second !== db()) await second.close();
    }
    const sms = (await rowsOf(u.id)).filter((r) => r.channel === 'sms');
    expect(sms).toHaveLength(4);
    expect(sms.filter((r) => r.status === 'sent').length).toBeLessThanOrEqual(2);
    expect(sms.filter((r) => r.status === 'skipped' && /cap/.test(r.last_error ?? '')).length).toBeGreaterThanOrEqual(2);
    const outbox = await db().query<{ code: string }>("select code from sms_outbox where mobile = $1 and purpose = 'alert'", [
      u.mobile,
    ]);
    expect(outbox.length).toBe(sms.filter((r) => r.status === 'sent').length);
  });

  it('new standards in a watched series, class, keyword and unit, and a new edition, each once', async () => {
    const u = await mailUser();
    const t = tag();
    const old = await standard(`DB4420/T ${t}-2010`, '示例 旧版', { no_base: `base-${t}` });
    await watch(u.token, 'standard', String(old.id));
    await watch(u.token, 'series', `DB${t}/T`);
    await watch(u.token, 'ccs', 'Z9');
    await watch(u.token, 'keyword', `关键${t}`);
    await watch(u.token, 'unit', `示例单位${t}`);
    await put(u.token, 'new_standard', 'email', true);
    const collector = await userWithToken(app);
    await collect(app, collector.id, old.id);
    await standard(`DB${t}/T 1-2026`, '示例 系列新标准');
    await standard(`T/ZS ${t}-2026`, '示例 分类新标准', { ccs: 'Z91' });
    await standard(`T/ZS ${t}1-2026`, `示例 关键${t}新标准`);
    await standard(`T/ZS ${t}2-2026`, '示例 单位新标准', { committee: `示例单位${t}归口` });
    await standard(`T/ZS ${t}3-2026`, '示例 无关新标准', { ccs: 'A01' });
    const edition = await standard(`DB4420/T ${t}-2026`, '示例 新版', { no_base: `base-${t}` });
    const first = await scanNewStandards(db());
    expect(first.scanned).toBeGreaterThanOrEqual(6);
    expect(await scanNewStandards(db())).toEqual({ scanned: 0, queued: 0 });
    await deliver();
    const rows = await rowsOf(u.id);
    const news = rows.filter((r) => r.kind === 'new_standard');
    expect(news.filter((r) => r.channel === 'site')).toHaveLength(4);
    expect(news.filter((r) => r.channel === 'email')).toHaveLength(4);
    expect(rows.filter((r) => r.kind === 'new_edition').map((r) => r.event)).toEqual([`edition:${edition.id}`]);
    // The collector of the old edition hears of the new one too.
    expect((await rowsOf(collector.id)).map((r) => r.event)).toEqual([`edition:${edition.id}`]);
    const mails = await waitMail(u.email, 5);
    const alerts = mails.filter((m) => m.subject.includes('新标准'));
    expect(alerts).toHaveLength(4);
    expect(alerts.every((m) => m.headers.get('list-unsubscribe-post') === 'List-Unsubscribe=One-Click')).toBe(true);
    expect(alerts.map((m) => m.text).join('\n')).toContain('示例 系列新标准');
    expect((await messagesOf(u.id)).some((m) => m.body.includes('新版本'))).toBe(true);
  });

  it('即将实施 N days before, for the days the user chose, once per (user, standard, N)', async () => {
    const u = await userWithToken(app);
    const other = await userWithToken(app);
    const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
    const s30 = await standard(`DB4420/T ${tag()}-2026`, '示例 三十天后实施', { implement: day(30) });
    const s7 = await standard(`DB4420/T ${tag()}-2026`, '示例 七天后实施', { implement: day(7) });
    for (const s of [s30, s7]) {
      await watch(u.token, 'standard', String(s.id));
      await watch(other.token, 'standard', String(s.id));
    }
    expect((await call(app, 'PUT', '/api/user/alerts/lead-days', u.token, { leadDays: [30, 1] })).data).toEqual({
      leadDays: [30, 1],
    });
    await queueUpcomingImplementations(db());
    await queueUpcomingImplementations(db());
    await deliver();
    expect((await rowsOf(u.id)).map((r) => r.event)).toEqual([`impl:${s30.id}:30`]);
    // The default is 7 days.
    expect((await rowsOf(other.id)).map((r) => r.event)).toEqual([`impl:${s7.id}:7`]);
    expect((await messagesOf(u.id))[0]!.body).toContain('还有 30 天');
  });

  it('a daily digest: one mail per user listing the events, built once, after the day', async () => {
    const u = await mailUser();
    await put(u.token, 'standard_status', 'email', true, 'daily');
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const s = await standard(`DB4420/T ${tag()}-2017`, `示例 汇总 ${i}`);
      names.push(`示例 汇总 ${i}`);
      await watch(u.token, 'standard', String(s.id));
      await changeStatus(s.id, 'current', 'replaced');
    }
    await dispatchStatusAlerts(db());
    await deliver();
    // Not mailed at once: they wait for the digest.
    expect((await rowsOf(u.id)).filter((r) => r.channel === 'email').map((r) => `${r.cadence}:${r.status}`)).toEqual([
      'daily:queued',
      'daily:queued',
      'daily:queued',
    ]);
    expect(await buildDigests(db(), 'daily')).toEqual({ users: 0, events: 0 });
    const tomorrow = Date.now() + 86_400_000;
    const built = await buildDigests(db(), 'daily', tomorrow);
    expect(built.events).toBeGreaterThanOrEqual(3);
    expect(await buildDigests(db(), 'daily', tomorrow)).toEqual({ users: 0, events: 0 });
    await deliver();
    const mails = await waitMail(u.email, 2);
    const digest = mails.at(-1)!;
    expect(digest.subject).toBe('每日标准提醒汇总：3 条');
    for (const n of names) expect(digest.text).toContain(n);
    expect(digest.headers.get('list-unsubscribe')).toContain('/api/alerts/unsubscribe?token=');
    const email = (await rowsOf(u.id)).filter((r) => r.channel === 'email');
    expect(email.map((r) => r.status).sort()).toEqual(['digested', 'digested', 'digested', 'sent']);
  });

  it('a weekly digest: the events of the week in one mail, built once, only after the week (from Monday, Beijing)', async () => {
    const u = await mailUser();
    expect((await put(u.token, 'standard_status', 'email', true, 'weekly')).code).toBe(0);
    const names = [`示例 周汇总 ${tag()}`, `示例 周汇总 ${tag()}`];
    for (const name of names) {
      const s = await standard(`DB4420/T ${tag()}-2016`, name);
      await watch(u.token, 'standard', String(s.id));
      await changeStatus(s.id, 'current', 'abolished');
    }
    await dispatchStatusAlerts(db());
    await deliver();
    const email = async () => (await rowsOf(u.id)).filter((r) => r.channel === 'email');
    expect((await email()).map((r) => `${r.cadence}:${r.status}`)).toEqual(['weekly:queued', 'weekly:queued']);
    // Neither the daily digest nor this week's weekly one takes them: the week is not over.
    await buildDigests(db(), 'daily', Date.now() + 86_400_000);
    await buildDigests(db(), 'weekly');
    expect((await email()).map((r) => r.status)).toEqual(['queued', 'queued']);
    const nextWeek = Date.now() + 7 * 86_400_000;
    expect((await buildDigests(db(), 'weekly', nextWeek)).events).toBeGreaterThanOrEqual(2);
    await buildDigests(db(), 'weekly', nextWeek);
    await deliver();
    const mails = await waitMail(u.email, 2);
    expect(mails).toHaveLength(2); // the verification link, then one digest
    const digest = mails.at(-1)!;
    expect(digest.subject).toBe('每周标准提醒汇总：2 条');
    for (const n of names) expect(digest.text).toContain(n);
    expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect((await email()).map((r) => `${r.kind}:${r.status}`).sort()).toEqual([
      'digest:sent',
      'standard_status:digested',
      'standard_status:digested',
    ]);
  });

  it('a fan-out in chunks of users queues each watcher once, collectors without a second in-site message', async () => {
    const s = await standard(`DB4420/T ${tag()}-2019`, '示例 分批关注');
    // 23 users in id order; every third collected the standard before the change, all but the collectors-only watch.
    const users = await db().query<{ id: number }>(
      `insert into users (username, mobile, password_hash, role, status)
       select 'chunk' || $1 || g, '18' || lpad((g + $2)::text, 9, '0'), 'x', 'user', 'active' from generate_series(1, 23) g
       returning id::int as id`,
      [tag(), crypto.randomInt(0, 100_000_000)],
    );
    const ids = users.map((u) => u.id).sort((a, b) => a - b);
    const collectors = ids.filter((_, i) => i % 3 === 0);
    const collectorOnly = ids.filter((_, i) => i % 6 === 0);
    const watchers = ids.filter((id) => !collectorOnly.includes(id));
    await db().query(`insert into alert_watches (user_id, kind, value) select unnest($1::int[]), 'standard', $2`, [
      watchers,
      String(s.id),
    ]);
    await db().query(
      `insert into collections (user_id, item_type, item_id, created_at)
       select unnest($1::int[]), 'standard', $2, now() - interval '1 hour'`,
      [collectors, s.id],
    );
    await changeStatus(s.id, 'current', 'abolished');
    // Chunks of 4 users: bounds fall between watchers, collectors and users who are both.
    await dispatchStatusAlerts(db(), 500, 4);
    const site = await db().query<{ user_id: number }>(
      "select user_id from alert_deliveries where payload->>'standardId' = $1 and channel = 'site' order by user_id",
      [String(s.id)],
    );
    expect(site.map((r) => r.user_id)).toEqual(watchers.filter((id) => !collectors.includes(id)));
    await deliver();
    const got = await db().query<{ user_id: number; n: number }>(
      `select user_id, count(*)::int as n from messages where user_id = any($1::int[]) group by user_id order by user_id`,
      [ids],
    );
    // Everyone who watches or collected: exactly one message; nobody else.
    expect(got).toEqual(ids.map((id) => ({ user_id: id, n: 1 })));
  });

  it('a daily digest built in chunks of users: one digest per user with all of their events', async () => {
    const users = await db().query<{ id: number }>(
      `insert into users (username, mobile, password_hash, role, status)
       select 'dchunk' || $1 || g, '17' || lpad((g + $2)::text, 9, '0'), 'x', 'user', 'active' from generate_series(1, 7) g
       returning id::int as id`,
      [tag(), crypto.randomInt(0, 100_000_000)],
    );
    const ids = users.map((u) => u.id);
    // Three events each, queued as daily mails (what the fan-out writes for a daily preference).
    await db().query(
      `insert into alert_deliveries (user_id, event, channel, kind, payload, cadence)
       select u, 'status:dchunk' || e, 'email', 'standard_status', jsonb_build_object('standardNo', 'X ' || e), 'daily'
         from unnest($1::int[]) u cross join generate_series(1, 3) e`,
      [ids],
    );
    const tomorrow = Date.now() + 86_400_000;
    // Chunks of 2 rows: a chunk ends at a user's row and takes the rest of that user's rows with it.
    const built = await buildDigests(db(), 'daily', tomorrow, 2);
    expect(built.users).toBeGreaterThanOrEqual(7);
    const digests = await db().query<{ user_id: number; items: number }>(
      `select user_id, jsonb_array_length(payload->'items')::int as items from alert_deliveries
        where kind = 'digest' and user_id = any($1::int[]) order by user_id`,
      [ids],
    );
    expect(digests).toEqual([...ids].sort((a, b) => a - b).map((id) => ({ user_id: id, items: 3 })));
    expect(await buildDigests(db(), 'daily', tomorrow, 2)).toEqual({ users: 0, events: 0 });
  });

  it('a status change watched by many users is queued by one statement for all of them', async () => {
    const s = await standard(`DB4420/T ${tag()}-2018`, '示例 多人关注');
    const [{ n }] = (await db().query<{ n: number }>(
      `with u as (insert into users (username, mobile, password_hash, role, status)
                  select 'bulk' || $1 || g, '19' || lpad((g + $2)::text, 9, '0'), 'x', 'user', 'active' from generate_series(1, 300) g
                  returning id)
       , w as (insert into alert_watches (user_id, kind, value) select id, 'standard', $3 from u returning 1)
       select count(*)::int as n from w`,
      [tag(), crypto.randomInt(0, 100_000_000), String(s.id)],
    )) as [{ n: number }];
    expect(n).toBe(300);
    await changeStatus(s.id, 'current', 'abolished');
    await dispatchStatusAlerts(db());
    const [{ queued }] = (await db().query<{ queued: number }>(
      "select count(*)::int as queued from alert_deliveries where payload->>'standardId' = $1 and channel = 'site'",
      [String(s.id)],
    )) as [{ queued: number }];
    expect(queued).toBe(300);
  });
});
