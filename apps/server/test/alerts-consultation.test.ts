import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { deliverDue } from '../src/modules/alerts/delivery.ts';
import { scanConsultationDrafts } from '../src/modules/alerts/index.ts';
import { resetClock } from '../src/lib/clock.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { testConfig } from './helpers/app.ts';
import { call } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { draftForm, setNow } from './helpers/consultation.ts';
import { waitMailTo, userWithVerifiedMail } from './helpers/mail-user.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';

const SITE = 'https://std.example.cn';
const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
const tag = () => crypto.randomBytes(3).toString('hex').toUpperCase();

describe.each(engines)('alerts for drafts for public comment on %s', (engine) => {
  let smtp: TestSmtp;
  let testDb: TestDb;
  let app: FastifyInstance;
  let admin: { token: string };
  const db = () => app.db;

  beforeAll(async () => {
    smtp = await startSmtp();
    testDb = await createTestDb(engine);
    const env = { SMTP_URL: smtp.url, SITE_URL: SITE, ...(engine === 'postgres' ? redis : {}) };
    app = await buildApp({ config: testConfig(env), db: testDb.db, logger: false });
    await app.ready();
    admin = await userWithToken(app, 'admin');
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    await smtp?.close();
  });

  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));
  const deliver = () => deliverDue(db(), app.mailer, SITE, 'test-worker', { sms: app.sms, smsDailyCap: 3 });
  const put = (token: string, kind: string, channel: string, enabled: boolean) =>
    call(app, 'PUT', '/api/user/alerts/preferences', token, { kind, channel, enabled });
  const watch = async (token: string, kind: string, value: string) =>
    expect((await call(app, 'POST', '/api/user/watches', token, { kind, value })).code).toBe(0);
  const rowsOf = (userId: number) =>
    db().query<{ event: string; channel: string; kind: string; status: string }>(
      'select event, channel, kind, status from alert_deliveries where user_id = $1 order by id',
      [userId],
    );
  const messagesOf = (userId: number) =>
    db().query<{ kind: string; title: string; body: string; link: string }>(
      'select kind, title, body, link from messages where user_id = $1 order by id',
      [userId],
    );

  const waitMail = (to: string, count: number) => waitMailTo(smtp, to, count);
  const mailUser = () => userWithVerifiedMail(app, smtp);
  async function draft(over: Record<string, unknown>) {
    const form = draftForm(over);
    const created = await call<{ id: number }>(app, 'POST', '/api/admin/consultations', admin.token, form);
    expect(created.code, created.msg).toBe(0);
    return { id: created.data.id, form };
  }
  const setStatus = async (id: number, body: Record<string, unknown>) => {
    const res = await call<{ status: string }>(app, 'POST', `/api/admin/consultations/${id}/status`, admin.token, body);
    expect(res.code, res.msg).toBe(0);
    return res.data.status;
  };

  it('a published draft reaches keyword and unit watchers by site and email, once, never by SMS', async () => {
    const t = tag();
    const byKeyword = await mailUser();
    const byUnit = await userWithToken(app);
    const byResponsible = await userWithToken(app);
    const unrelated = await mailUser();
    await watch(byKeyword.token, 'keyword', `腊味${t}`);
    await put(byKeyword.token, 'consultation_draft', 'email', true);
    // SMS is for status changes only: asked for on this kind, it is refused; on for status changes, it stays silent here.
    expect((await put(byKeyword.token, 'consultation_draft', 'sms', true)).msg).toBe('短信只用于关注标准的状态变更');
    expect((await put(byKeyword.token, 'standard_status', 'sms', true)).code).toBe(0);
    await watch(byUnit.token, 'unit', `起草单位${t}`);
    await watch(byResponsible.token, 'unit', `归口单位${t}`);
    await watch(unrelated.token, 'keyword', `米粉${t}`);
    await watch(unrelated.token, 'unit', `无关单位${t}`);
    await put(unrelated.token, 'consultation_draft', 'email', true);
    // A unit watch never matches across the drafting and the 归口 units.
    const across = await userWithToken(app);
    await watch(across.token, 'unit', `${t}乙中山市`);

    const { id, form } = await draft({
      projectName: `示例：地理标志产品 黄圃腊味${t} 加工规范`,
      draftingUnits: `示例起草单位${t}甲；示例起草单位${t}乙`,
      responsibleUnit: `中山市示例归口单位${t}`,
      deadline: '2027-03-31T17:00:00+08:00',
    });
    // Not public yet: nothing.
    expect(await scanConsultationDrafts(db())).toBe(0);
    expect(await setStatus(id, { action: 'publish' })).toBe('published');
    // Nobody runs the job here: publishing kicks it once committed.
    await vi.waitFor(async () => expect((await rowsOf(byKeyword.id)).map((r) => r.channel).sort()).toEqual(['email', 'site']), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await scanConsultationDrafts(db())).toBe(0);
    await deliver();

    const [site] = await messagesOf(byKeyword.id);
    expect(site).toMatchObject({
      kind: 'system',
      title: `征求意见稿：${form.projectName}`,
      link: `/consultation-detail?id=${id}`,
    });
    expect(site!.body).toContain(form.planNo);
    expect(site!.body).toContain('截止 2027-03-31 17:00');
    const mails = await waitMail(byKeyword.email, 2);
    const mail = mails.find((m) => m.subject.includes('征求意见稿'))!;
    expect(mail.subject).toBe(`征求意见稿：${form.projectName}（${form.planNo}）`);
    expect(mail.text).toContain(form.projectName);
    expect(mail.text).toContain(`计划号 ${form.planNo}`);
    expect(mail.text).toContain('截止 2027-03-31 17:00');
    expect(mail.text).toContain(`${SITE}/consultation-detail?id=${id}`);
    expect(mail.text).toContain(`${SITE}/alerts-unsubscribe?token=`);
    expect((await rowsOf(byKeyword.id)).map((r) => `${r.event}:${r.channel}:${r.kind}:${r.status}`).sort()).toEqual([
      `draft:${id}:email:consultation_draft:sent`,
      `draft:${id}:site:consultation_draft:sent`,
    ]);
    expect(await db().query("select 1 from sms_outbox where mobile = $1 and purpose = 'alert'", [byKeyword.mobile])).toEqual([]);
    expect(await db().query("select 1 from alert_deliveries where channel = 'sms' and event = $1", [`draft:${id}`])).toEqual([]);

    // Unit watches: the drafting units and the 归口 unit; by default in-site only.
    for (const u of [byUnit, byResponsible]) {
      expect((await rowsOf(u.id)).map((r) => `${r.channel}:${r.status}`)).toEqual(['site:sent']);
      expect((await messagesOf(u.id))[0]!.body).toContain(`关注的起草或归口单位`);
    }
    expect(await rowsOf(unrelated.id)).toEqual([]);
    expect(await messagesOf(unrelated.id)).toEqual([]);
    expect(mailsTo(unrelated.email)).toHaveLength(1); // the verification mail only
    expect(await rowsOf(across.id)).toEqual([]);

    // Unpublished and published again: not announced twice.
    expect(await setStatus(id, { action: 'unpublish' })).toBe('unpublished');
    expect(await setStatus(id, { action: 'publish' })).toBe('published');
    await scanConsultationDrafts(db());
    await app.runAlerts();
    await deliver();
    expect(await rowsOf(byKeyword.id)).toHaveLength(2);
    expect(await messagesOf(byKeyword.id)).toHaveLength(1);
    expect(mailsTo(byKeyword.email).filter((m) => m.subject.includes('征求意见稿'))).toHaveLength(1);
    expect(await messagesOf(byUnit.id)).toHaveLength(1);
  });

  it('a scheduled draft is announced when its time comes; a user who turned the kind off gets nothing', async () => {
    const t = tag();
    const watcher = await userWithToken(app);
    const off = await mailUser();
    const offline = await userWithToken(app);
    await watch(watcher.token, 'keyword', `凉茶${t}`);
    await watch(off.token, 'keyword', `凉茶${t}`);
    await watch(offline.token, 'unit', `起草单位${t}`);
    // Off by both channels: no row at all; off for in-site only (email never turned on): nothing either.
    await put(off.token, 'consultation_draft', 'email', false);
    await put(off.token, 'consultation_draft', 'site', false);
    await put(offline.token, 'consultation_draft', 'site', false);
    // Turning another kind off does not silence this one.
    await put(watcher.token, 'new_standard', 'site', false);

    const { id } = await draft({ projectName: `示例：凉茶${t} 生产规范`, draftingUnits: `示例起草单位${t}` });
    const at = new Date(Date.now() + 3600_000).toISOString();
    expect(await setStatus(id, { action: 'publish', publishAt: at })).toBe('scheduled');
    expect(await scanConsultationDrafts(db())).toBe(0);
    expect(await rowsOf(watcher.id)).toEqual([]);
    setNow(Date.parse(at) + 60_000);
    expect(await scanConsultationDrafts(db())).toBe(1);
    expect(await scanConsultationDrafts(db())).toBe(0);
    resetClock();
    await deliver();
    expect((await messagesOf(watcher.id)).map((m) => m.link)).toEqual([`/consultation-detail?id=${id}`]);
    expect(await rowsOf(off.id)).toEqual([]);
    expect(await messagesOf(off.id)).toEqual([]);
    expect(mailsTo(off.email)).toHaveLength(1); // the verification mail only
    expect(await rowsOf(offline.id)).toEqual([]);

    // The user centre lists the kind with its Chinese label and no SMS choice.
    const settings = await call<{ preferences: Array<{ kind: string; channel: string; enabled: boolean }> }>(
      app,
      'GET',
      '/api/user/alerts/settings',
      off.token,
    );
    expect(settings.data.preferences.filter((p) => p.kind === 'consultation_draft')).toEqual([
      expect.objectContaining({ channel: 'email', enabled: false }),
      expect.objectContaining({ channel: 'site', enabled: false }),
    ]);
  });
});
