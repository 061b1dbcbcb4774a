import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/plugin.ts';
import { deliverDue } from '../src/modules/alerts/delivery.ts';
import { setPreference } from '../src/modules/alerts/preferences.ts';
import { dispatchStatusAlerts } from '../src/modules/alerts/status.ts';
import { parseConfig } from '../src/config.ts';
import { createTestDb, type TestDb } from './helpers/db.ts';
import { createUser } from './helpers/builders.ts';
import { startServer, type ServerProcess } from './helpers/server-process.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';

const SITE = 'https://std.example.cn';

/**
 * The alert worker of a real server process killed with SIGKILL while mails are being handed to SMTP (issue 27:
 * at most once, also after a kill -9). Needs PostgreSQL: the killed server and the one after it share the database.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('alert mails when the server is killed with SIGKILL', () => {
  let testDb: TestDb;
  let smtp: TestSmtp;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await server?.kill9();
    await testDb?.drop();
    await smtp?.close();
  });

  it('a mail cut off in the handover is never sent again, an accepted one never twice, nothing stays claimed', async () => {
    const db = testDb.db;
    const [s] = await db.query<{ id: number }>(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status)
       values ('GB/T 7800-2014', 'gbt7800kill', 'gbt7800kill', 'GB/T', '示例标准 强制结束', 'national', 'current') returning id::int as id`,
    );
    const users: Array<{ id: number; email: string }> = [];
    for (let i = 0; i < 3; i++) {
      const u = await createUser(db);
      const email = `k${crypto.randomBytes(5).toString('hex')}@example.com`;
      await db.query('insert into email_addresses (user_id, email, verified_at) values ($1, $2, now())', [u.id, email]);
      await setPreference(db, u.id, { kind: 'standard_status', channel: 'email', enabled: true });
      await db.query(
        "insert into collections (user_id, item_type, item_id, created_at) values ($1, 'standard', $2, now() - interval '1 hour')",
        [u.id, s!.id],
      );
      users.push({ id: u.id, email });
    }
    await db.query("update standards set status = 'abolished' where id = $1", [s!.id]);
    await db.query(
      "insert into standard_status_history (standard_id, old_status, new_status, source) values ($1, 'current', 'abolished', '测试')",
      [s!.id],
    );
    expect((await dispatchStatusAlerts(db)).sent).toBe(3);

    // The first mail stalls inside SMTP; the others are accepted; then the process dies without a word.
    smtp.hangNext(1);
    server = await startServer({
      DATABASE_URL: testDb.url!,
      SMTP_URL: smtp.url,
      SITE_URL: SITE,
      MAIL_FROM: 'alerts@std.example.cn',
    });
    const until = Date.now() + 60_000;
    while (smtp.hung < 1 || smtp.mails.length < 2) {
      if (Date.now() > until) throw new Error(`worker did not send: hung ${smtp.hung}, accepted ${smtp.mails.length}`);
      await smtp.waitFor(smtp.mails.length + 1, 1000).catch(() => undefined);
    }
    await server.kill9();
    server = undefined;
    const accepted = smtp.mails.map((m) => m.to[0]);

    // The next instance, once the dead worker's lease has run out.
    await db.query("update alert_deliveries set claimed_at = claimed_at - interval '10 minutes' where claimed_at is not null");
    const config = parseConfig({ SMTP_URL: smtp.url, SITE_URL: SITE, MAIL_FROM: 'alerts@std.example.cn' });
    const { mailer, close } = createMailer(config.mail, false, db);
    try {
      await deliverDue(db, mailer, SITE, 'after-the-kill');
      await deliverDue(db, mailer, SITE, 'after-the-kill');
    } finally {
      close();
    }
    const rows = await db.query<{ user_id: number; status: string; last_error: string | null }>(
      'select user_id, status, last_error from alert_deliveries order by id',
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(['sent', 'failed']).toContain(r.status);
    // Each address got at most one mail; the stalled one none, and its row says why.
    const all = smtp.mails.map((m) => m.to[0]);
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...accepted].sort());
    const stalled = users.find((u) => !accepted.includes(u.email))!;
    const stalledRow = rows.find((r) => r.user_id === stalled.id)!;
    expect(stalledRow.status).toBe('failed');
    expect(stalledRow.last_error).toContain('never sent twice');
  });
});
