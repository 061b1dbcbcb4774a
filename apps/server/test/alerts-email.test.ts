import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { parseConfig } from '../src/config.ts';
import { claimDue, deliverDue } from '../src/modules/alerts/delivery.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { testConfig } from './helpers/app.ts';
import { call, post, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { collect } from './helpers/usercentre.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from './helpers/smtp.ts';

const SITE = 'https://std.example.cn';
const FROM = 'alerts@std.example.cn';
const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
const path = (link: string) => link.slice(SITE.length);
const address = () => `u${crypto.randomBytes(5).toString('hex')}@example.com`;

type Settings = DataOf<'GET /api/user/alerts/settings'>;

describe.each(engines)('email alerts against a real SMTP server on %s', (engine) => {
  let smtp: TestSmtp;
  let testDb: TestDb;
  let app: FastifyInstance;
  const db = () => app.db;

  beforeAll(async () => {
    smtp = await startSmtp();
    testDb = await createTestDb(engine);
    const env: Record<string, string> = {
      SMTP_URL: smtp.url,
      MAIL_FROM: `标准服务平台 <${FROM}>`,
      SITE_URL: SITE,
      ...(engine === 'postgres' ? redis : {}),
    };
    app = await buildApp({ config: testConfig(env), db: testDb.db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    await smtp?.close();
  });

  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));
  async function nextMailTo(to: string): Promise<ReceivedMail> {
    const before = mailsTo(to).length;
    const until = Date.now() + 5000;
    while (mailsTo(to).length <= before) {
      if (Date.now() > until) throw new Error(`no mail to ${to}`);
      await smtp.waitFor(smtp.mails.length + 1, until - Date.now()).catch(() => undefined);
    }
    return mailsTo(to).at(-1)!;
  }
  const settings = async (token: string) => (await call<Settings>(app, 'GET', '/api/user/alerts/settings', token)).data;
  const setEmail = (token: string, email: string) => post(app, '/api/sys/auth/webSetEmail', { email }, { token });
  const linkIn = (text: string, re: RegExp) => re.exec(text)?.[0] ?? '';
  // The mailed link is a page of the web app; the page confirms through GET /api/mail/verify with the same token.
  const verifyLinkOf = (m: ReceivedMail) => linkIn(m.text, /https:\/\/std\.example\.cn\/email-verify\?token=[\w-]+/);
  const verifyApi = (link: string) => `/api/mail/verify${new URL(link).search}`;

  /** A logged-in user whose address is verified through the mailed link and who chose status-change mails. */
  async function subscriber(optIn = true) {
    const u = await userWithToken(app);
    const email = address();
    const pending = nextMailTo(email);
    expect(await setEmail(u.token, email)).toMatchObject({ code: 0 });
    expect((await call(app, 'GET', verifyApi(verifyLinkOf(await pending)))).code).toBe(0);
    if (optIn) {
      const put = await call(app, 'PUT', '/api/user/alerts/preferences', u.token, {
        kind: 'standard_status',
        channel: 'email',
        enabled: true,
      });
      expect(put.code).toBe(0);
    }
    return { ...u, email };
  }

  async function standard(no: string, name: string) {
    const key = `${no}-${crypto.randomBytes(3).toString('hex')}`;
    const [r] = await db().query<{ id: number }>(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status)
       values ($1, $2, $2, 'GB/T', $3, 'national', 'current') returning id::int as id`,
      [no, key, name],
    );
    return { id: r!.id, key };
  }
  async function changeStatus(id: number, from: string, to: string) {
    await db().query('update standards set status = $2 where id = $1', [id, to]);
    const [h] = await db().query<{ id: number }>(
      `insert into standard_status_history (standard_id, old_status, new_status, source) values ($1, $2, $3, '测试') returning id::int as id`,
      [id, from, to],
    );
    return h!.id;
  }
  const past = () => new Date(Date.now() - 3600_000).toISOString();
  const deliveries = (userId: number) =>
    db().query<{ id: number; event: string; status: string; attempts: number; last_error: string | null; wait_s: number }>(
      `select id::int as id, event, status, attempts, last_error,
              extract(epoch from (next_attempt_at - now()))::int as wait_s
         from alert_deliveries where user_id = $1 order by id`,
      [userId],
    );

  it('stores a new address unverified, mails a link, and the link verifies it without logging in', async () => {
    const u = await userWithToken(app);
    const email = address();
    const pending = nextMailTo(email);
    expect(await setEmail(u.token, email)).toMatchObject({ code: 0 });
    expect(await settings(u.token)).toMatchObject({ emailEnabled: true, email, emailVerified: false });

    const mail = await pending;
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe('请验证您的邮箱地址');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const link = verifyLinkOf(mail);
    expect(link).not.toBe('');
    expect(mail.html).toContain(link);
    // The development outbox shows the same mail (DEV_OUTBOX=1 in tests).
    const outbox = await call<DataOf<'GET /api/dev/mail-outbox'>>(app, 'GET', `/api/dev/mail-outbox?to=${email}`);
    expect(outbox.data[0]).toMatchObject({ to: email, subject: '请验证您的邮箱地址' });
    expect(outbox.data[0]!.text).toContain(link);

    // The link opens a page (HTML, not JSON, kept out of search engines); opening the page alone verifies nothing.
    const page = await app.inject({ method: 'GET', url: path(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>邮箱验证');
    expect(page.body).toContain('noindex');
    expect(await settings(u.token)).toMatchObject({ emailVerified: false });
    const opened = await call<DataOf<'GET /api/mail/verify'>>(app, 'GET', verifyApi(link));
    expect(opened).toMatchObject({ code: 0, data: { email } });
    expect(await settings(u.token)).toMatchObject({ email, emailVerified: true });
    // Saving the verified address again keeps it verified and mails nothing.
    const mailsBefore = mailsTo(email).length;
    expect(await setEmail(u.token, email.toUpperCase())).toMatchObject({ code: 0 });
    expect(await settings(u.token)).toMatchObject({ emailVerified: true });
    expect(mailsTo(email.toUpperCase())).toHaveLength(0);
    expect(mailsTo(email)).toHaveLength(mailsBefore);
    // The link works once; a made-up one never.
    expect((await call(app, 'GET', verifyApi(link))).code).toBe(400);
    expect((await call(app, 'GET', '/api/mail/verify?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).code).toBe(400);
    // An expired link does nothing.
    const other = address();
    const again = nextMailTo(other);
    await setEmail(u.token, other);
    expect(await settings(u.token)).toMatchObject({ email: other, emailVerified: false });
    await db().query("update email_addresses set token_expires_at = now() - interval '1 second' where user_id = $1", [u.id]);
    expect((await call(app, 'GET', verifyApi(verifyLinkOf(await again)))).code).toBe(400);
    expect((await settings(u.token)).emailVerified).toBe(false);
  });

  it('a status change mails each verified collector who chose email once, with the content and RFC 8058 headers', async () => {
    const old = await standard('GB/T 7777.1-2009', '示例标准 第1部分：通则 <测试>');
    const successor = await standard('GB/T 7777.1-2024', '示例标准 第1部分：通则（新版）');
    await db().query(
      `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind) values ($1, $2, 'GB/T 7777.1-2009', $3, 'replaces')`,
      [successor.id, old.key, old.id],
    );
    const a = await subscriber();
    const notOptedIn = await subscriber(false);
    // Chose email but never verified the address: nothing but the verification link goes there.
    const unverified = await userWithToken(app);
    const unverifiedAddress = address();
    await setEmail(unverified.token, unverifiedAddress);
    await call(app, 'PUT', '/api/user/alerts/preferences', unverified.token, {
      kind: 'standard_status',
      channel: 'email',
      enabled: true,
    });
    for (const u of [a, notOptedIn, unverified]) await collect(app, u.id, old.id, past());

    const hid = await changeStatus(old.id, 'current', 'replaced');
    const pending = nextMailTo(a.email);
    await app.runAlerts();
    await app.deliverAlerts();
    const mail = await pending;

    expect(mail.to).toEqual([a.email]);
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe('标准状态变更：GB/T 7777.1-2009 现行 → 被代替');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('GB/T 7777.1-2009');
      expect(part).toContain('现行');
      expect(part).toContain('被代替');
      expect(part).toContain('GB/T 7777.1-2024');
      expect(part).toContain(`${SITE}/standard-detail?id=${old.id}`);
      // The replacement links to its own record, not a search.
      expect(part).toContain(`${SITE}/standard-detail?id=${successor.id}`);
      expect(part).not.toContain('/standard-search');
    }
    expect(mail.text).toContain('示例标准 第1部分：通则 <测试>');
    expect(mail.html).toContain('示例标准 第1部分：通则 &lt;测试&gt;');
    const unsubscribe = /^<(https:\/\/std\.example\.cn\/api\/alerts\/unsubscribe\?token=[\w-]+)>$/.exec(
      mail.headers.get('list-unsubscribe') ?? '',
    )?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The reader's link is the web app's page with the same token; the header's address takes the one-click POST.
    expect(mail.text).toContain(`${SITE}/alerts-unsubscribe${new URL(unsubscribe!).search}`);
    expect(mail.html).toContain(`${SITE}/alerts-unsubscribe${new URL(unsubscribe!).search}`);

    expect(await deliveries(a.id)).toMatchObject([{ event: `status:${hid}`, status: 'sent', attempts: 1, last_error: null }]);
    for (const u of [notOptedIn, unverified]) expect(await deliveries(u.id)).toEqual([]);
    expect(mailsTo(unverifiedAddress)).toHaveLength(1); // the verification link only
    // Reruns queue and send nothing more; the in-site message is there as before.
    await app.runAlerts();
    await app.deliverAlerts();
    expect(mailsTo(a.email)).toHaveLength(2); // verification + this alert
    const [msg] = await db().query<{ n: number }>(
      "select count(*)::int as n from messages where user_id = $1 and kind = 'standard_status'",
      [a.id],
    );
    expect(msg!.n).toBe(1);
  });

  it('unsubscribes without login by POST only (RFC 8058 one-click and the page button); opening a link changes nothing', async () => {
    const s = await standard('GB/T 7778-2010', '示例标准 退订');
    const u = await subscriber();
    await collect(app, u.id, s.id, past());
    await changeStatus(s.id, 'current', 'abolished');
    const pending = nextMailTo(u.email);
    await app.runAlerts();
    await app.deliverAlerts();
    const mail = await pending;
    const link = /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe')!)![1]!;
    const pageLink = `${SITE}/alerts-unsubscribe${new URL(link).search}`;
    expect(mail.text).toContain(pageLink);
    // A mail scanner (or the reader) opening either link unsubscribes nothing: the page is HTML, the API tells the state.
    const page = await app.inject({ method: 'GET', url: path(pageLink) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>退订提醒邮件');
    expect(page.body).toContain('noindex');
    expect(await call(app, 'GET', path(link))).toMatchObject({
      code: 0,
      data: { kind: 'standard_status', channel: 'email', enabled: true },
    });
    expect((await settings(u.token)).preferences[0]!.enabled).toBe(true);

    const res = await app.inject({
      method: 'POST',
      url: path(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.json()).toMatchObject({ code: 0, data: { kind: 'standard_status', channel: 'email' } });
    expect((await settings(u.token)).preferences[0]).toEqual({
      kind: 'standard_status',
      channel: 'email',
      enabled: false,
      cadence: 'immediate',
    });
    // Unsubscribed: the next change is not mailed (only the in-site message).
    await changeStatus(s.id, 'abolished', 'current');
    await app.runAlerts();
    await app.deliverAlerts();
    expect(mailsTo(u.email)).toHaveLength(2);
    expect(await call(app, 'GET', path(link))).toMatchObject({ code: 0, data: { enabled: false } });
    // Turned on again, the page's button (a JSON POST, no login) turns it off; a wrong token does nothing.
    await call(app, 'PUT', '/api/user/alerts/preferences', u.token, { kind: 'standard_status', channel: 'email', enabled: true });
    expect((await call(app, 'POST', path(link), undefined, {})).code).toBe(0);
    expect((await settings(u.token)).preferences[0]!.enabled).toBe(false);
    expect((await call(app, 'GET', '/api/alerts/unsubscribe?token=nonexistent-token-xx')).code).toBe(400);
    expect((await call(app, 'POST', '/api/alerts/unsubscribe?token=nonexistent-token-xx', undefined, {})).code).toBe(400);
    expect((await call(app, 'GET', '/api/alerts/unsubscribe')).msg).toBe('缺少 token');
  });

  it('a temporary refusal is retried with backoff, a permanent one is marked failed with the reason', async () => {
    const s = await standard('GB/T 7779-2011', '示例标准 重试');
    const u = await subscriber();
    await collect(app, u.id, s.id, past());
    await changeStatus(s.id, 'current', 'abolished');
    const before = mailsTo(u.email).length;
    smtp.refuseNext(1, 451, 'Mailbox busy, try later');
    await app.runAlerts();
    await app.deliverAlerts();
    const [row] = await deliveries(u.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toContain('try later');
    expect(row!.wait_s).toBeGreaterThan(50); // backoff: a minute before the next try
    await app.deliverAlerts();
    expect(mailsTo(u.email)).toHaveLength(before); // not due yet
    await db().query("update alert_deliveries set next_attempt_at = now() - interval '1 second' where id = $1", [row!.id]);
    await app.deliverAlerts();
    expect(mailsTo(u.email)).toHaveLength(before + 1);
    expect((await deliveries(u.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });

    await changeStatus(s.id, 'abolished', 'current');
    smtp.refuseNext(1, 550, 'Mailbox unavailable');
    await app.runAlerts();
    await app.deliverAlerts();
    const failed = (await deliveries(u.id))[1]!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toContain('Mailbox unavailable');
    expect(mailsTo(u.email)).toHaveLength(before + 1);
  });

  it('after a crash a claimed row is sent, a row cut off while handing over and a sent row are never sent again', async () => {
    const u = await subscriber();
    const events: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const s = await standard(`GB/T 78${n}0-2012`, `示例标准 崩溃 ${n}`);
      await collect(app, u.id, s.id, past());
      events.push(await changeStatus(s.id, 'current', 'abolished'));
    }
    await app.runAlerts(); // queues four rows, sends none yet
    const rows = await deliveries(u.id);
    expect(rows.map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    const [claimedByDead, cutOff, alreadySent, claimedByLive] = rows.map((r) => r.id) as [number, number, number, number];
    // What a worker killed at each point leaves behind.
    await db().query(
      "update alert_deliveries set status = 'claimed', claimed_by = 'dead:1', claimed_at = now() - interval '10 minutes' where id = $1",
      [claimedByDead],
    );
    await db().query(
      "update alert_deliveries set status = 'sending', claimed_by = 'dead:1', claimed_at = now() - interval '10 minutes', attempts = 1 where id = $1",
      [cutOff],
    );
    await db().query("update alert_deliveries set status = 'sent', sent_at = now(), attempts = 1 where id = $1", [alreadySent]);
    // A live worker's fresh claim is left to it.
    await db().query("update alert_deliveries set status = 'claimed', claimed_by = 'live:2', claimed_at = now() where id = $1", [
      claimedByLive,
    ]);
    const before = mailsTo(u.email).length;
    await app.deliverAlerts();
    await app.deliverAlerts();
    const after = mailsTo(u.email).slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]!.text).toContain('示例标准 崩溃 1');
    const byId = new Map((await deliveries(u.id)).map((r) => [r.id, r]));
    expect(byId.get(claimedByDead)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(byId.get(cutOff)!.status).toBe('failed');
    expect(byId.get(cutOff)!.last_error).toContain('never sent twice');
    expect(byId.get(alreadySent)!.status).toBe('sent');
    expect(byId.get(claimedByLive)!.status).toBe('claimed');
  });

  it('a worker claims the rows due longest first (due time, then id), never one not yet due', async () => {
    const u = await userWithToken(app);
    // Due long ago, so they come before anything else waiting in this database; ids in another order than due times.
    const ids: number[] = [];
    for (const due of ["'2000-01-03'", "'2000-01-01'", "'2000-01-02'", "now() + interval '1 hour'"]) {
      const [r] = await db().query<{ id: number }>(
        `insert into alert_deliveries (user_id, event, channel, kind, payload, next_attempt_at)
         values ($1, $2, 'email', 'standard_status', '{}'::jsonb, ${due}) returning id::int as id`,
        [u.id, `claim-order:${ids.length}`],
      );
      ids.push(r!.id);
    }
    const [third, first, second, notDue] = ids as [number, number, number, number];
    try {
      expect((await claimDue(db(), 'order-test', 2)).map((r) => r.id).sort()).toEqual([first, second].sort());
      expect((await claimDue(db(), 'order-test', 1)).map((r) => r.id)).toEqual([third]);
      const [left] = await db().query<{ status: string }>('select status from alert_deliveries where id = $1', [notDue]);
      expect(left!.status).toBe('queued');
    } finally {
      await db().query('delete from alert_deliveries where id = any($1::bigint[])', [ids]);
    }
  });

  it('two instances queueing and delivering at the same time send each mail exactly once', async () => {
    const s = await standard('GB/T 7790-2013', '示例标准 并发');
    const users = [];
    for (let i = 0; i < 12; i++) users.push(await subscriber());
    for (const u of users) await collect(app, u.id, s.id, past());
    // On PostgreSQL the second instance has its own connection pool on the same database, as another server would.
    let second: FastifyInstance | null = null;
    let secondDb: Database | null = null;
    if (engine === 'postgres') {
      secondDb = await openDatabase({ databaseUrl: testDb.url!, poolSize: 4 });
      const env = { SMTP_URL: smtp.url, MAIL_FROM: FROM, SITE_URL: SITE, ...redis };
      second = await buildApp({ config: testConfig(env), db: secondDb, logger: false });
      await second.ready();
    }
    const other = second ?? app;
    try {
      await changeStatus(s.id, 'current', 'abolished');
      const before = smtp.mails.length;
      await Promise.all([app.runAlerts(), other.runAlerts()]);
      await Promise.all([
        app.deliverAlerts(),
        other.deliverAlerts(),
        deliverDue(other.db, other.mailer, SITE, 'third-worker', { batch: 2, parallel: 1 }),
      ]);
      const arrived = smtp.mails.slice(before);
      expect(arrived).toHaveLength(users.length);
      expect(new Set(arrived.map((m) => m.to[0])).size).toBe(users.length);
      for (const u of users) expect((await deliveries(u.id)).map((r) => r.status)).toEqual(['sent']);
    } finally {
      await second?.close();
      await secondDb?.close();
    }
  });
});

describe('email settings', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await createTestDb('pglite');
    app = await buildApp({ config: testConfig({ DEV_OUTBOX: '0' }), db: testDb.db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('without SMTP_URL email is off, the user centre is told so, and an address is kept unverified', async () => {
    const u = await userWithToken(app);
    expect(await post(app, '/api/sys/auth/webSetEmail', { email: 'off@example.com' }, { token: u.token })).toMatchObject({
      code: 0,
    });
    const s = await call<Settings>(app, 'GET', '/api/user/alerts/settings', u.token);
    expect(s.data).toMatchObject({ emailEnabled: false, email: 'off@example.com', emailVerified: false });
    expect(s.data.emailOffReason).toContain('未配置邮件服务');
    expect((await call(app, 'GET', '/api/user/alerts/settings')).code).toBe(401);
  });

  it('a public deployment refuses plain SMTP unless allowed, and wants SITE_URL', () => {
    const publicOk = { DEPLOYMENT: 'public', SMS_PROVIDER: 'aliyun', TRUST_PROXY: '127.0.0.1', SITE_URL: SITE };
    expect(() => parseConfig({ ...publicOk, SMTP_URL: 'smtp://u:p@mail.example.cn:25' })).toThrow(/SMTP_URL is plain smtp/);
    expect(parseConfig({ ...publicOk, SMTP_URL: 'smtps://u:p@mail.example.cn:465' }).mail.smtpUrl).toBe(
      'smtps://u:p@mail.example.cn:465',
    );
    expect(() => parseConfig({ ...publicOk, SMTP_URL: 'smtp://u:p@mail.example.cn:587?requireTLS=true' })).not.toThrow();
    expect(() => parseConfig({ ...publicOk, SMTP_URL: 'smtp://mail.example.cn:25', ALLOW_PLAIN_SMTP: '1' })).not.toThrow();
    expect(() => parseConfig({ ...publicOk, SITE_URL: '', SMTP_URL: 'smtps://mail.example.cn' })).toThrow(/SITE_URL/);
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example.cn' })).toThrow(/SMTP_URL must be/);
    expect(parseConfig({ SMTP_URL: 'smtp://localhost:2525' }).mail).toMatchObject({ smtpUrl: 'smtp://localhost:2525' });
    expect(parseConfig({}).mail.smtpUrl).toBeUndefined();
  });
});
