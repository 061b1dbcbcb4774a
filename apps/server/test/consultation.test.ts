import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, get } from './helpers/answer.ts';
import { certify, createUser, loginToken, setRole } from './helpers/builders.ts';
import { multipart, PDF } from './helpers/multipart.ts';
import { comment, consoleUpload, draftForm, publishedDraft, setNow } from './helpers/consultation.ts';
import { resetClock } from '../src/lib/clock.ts';

const TEN_YEARS_H = 24 * 3650;
/** A user with a token that outlives the clock moves of these tests. */
async function person(app: FastifyInstance, role?: 'operator' | 'admin') {
  const u = await createUser(app);
  if (role) await setRole(app, u.id, role);
  return { ...u, token: await loginToken(app, u.id, TEN_YEARS_H) };
}

const DEADLINE = '2027-03-31T17:00:00+08:00';
const MINUTE = 60_000;

describe.each(engines)('drafts for public comment on %s', (engine) => {
  const ctx = useTestApp(engine);
  afterEach(() => resetClock());

  it('follows the console workflow: draft, scheduled, review, published, unpublished', async () => {
    const admin = await person(ctx.app, 'admin');
    const operator = await person(ctx.app, 'operator');
    const pdf = await consoleUpload(ctx.app, operator.token, 'pdf');
    const docx = await consoleUpload(ctx.app, operator.token, 'docx');

    const bad = await call(
      ctx.app,
      'POST',
      '/api/admin/consultations',
      operator.token,
      draftForm({ planNo: '', deadline: '2027-02-01T00:00:00+08:00' }),
    );
    expect(bad).toMatchObject({ code: 400 });
    expect(bad.msg).toMatch(/请填写计划号|截止时间须晚于开始时间/);

    // A user's private upload can never become a public draft document.
    const up = multipart([{ filename: 'mine.pdf', content: PDF }]);
    const own = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user/files',
        headers: { authorization: operator.token, ...up.headers },
        payload: up.payload,
      })
    ).json().data as { id: number; name: string };
    const privateFile = await call(
      ctx.app,
      'POST',
      '/api/admin/consultations',
      operator.token,
      draftForm({ draftFile: { fileId: own.id, name: own.name, url: '/x' } }),
    );
    expect(privateFile).toMatchObject({ code: 400, msg: '文件不存在或不是后台上传的文件' });

    const created = await call<{ id: number; status: string; draftFile: { url: string } }>(
      ctx.app,
      'POST',
      '/api/admin/consultations',
      operator.token,
      draftForm({ projectName: '示例：腊味 加工规范', draftFile: pdf, explanationFile: docx }),
    );
    expect(created).toMatchObject({ code: 0, data: { status: 'draft', draftFile: { url: pdf.url } } });
    const id = created.data.id;
    const listed = await get<{ list: Array<{ id: number; status: string }> }>(
      ctx.app,
      '/api/admin/consultations?status=',
      operator.token,
    );
    expect(listed.data.list.find((d) => d.id === id)).toMatchObject({ status: 'draft' });
    const drafts = await get<{ list: Array<{ id: number }> }>(ctx.app, '/api/admin/consultations?status=draft', operator.token);
    expect(drafts.data.list.map((d) => d.id)).toContain(id);
    expect((await get(ctx.app, `/api/portal/consultations/${id}`)).code).toBe(404);

    // Scheduled: hidden until its time, then public without any job running.
    const at = new Date(Date.now() + 3600_000).toISOString();
    const sched = await call(ctx.app, 'POST', `/api/admin/consultations/${id}/status`, operator.token, {
      action: 'publish',
      publishAt: at,
    });
    expect(sched).toMatchObject({ code: 0, data: { status: 'scheduled' } });
    expect((await get(ctx.app, `/api/portal/consultations/${id}`)).code).toBe(404);
    setNow(Date.parse(at) + MINUTE);
    const live = await get<{ projectName: string; draftFile: { url: string }; commentCount: number }>(
      ctx.app,
      `/api/portal/consultations/${id}`,
    );
    expect(live).toMatchObject({
      code: 0,
      data: { projectName: '示例：腊味 加工规范', commentCount: 0, draftFile: { url: pdf.url } },
    });
    // The draft document is served publicly at that address (the reader loads it from there).
    const doc = await ctx.app.inject({ method: 'GET', url: pdf.url });
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect((await get<{ status: string }>(ctx.app, `/api/admin/consultations/${id}`, operator.token)).data.status).toBe(
      'published',
    );
    resetClock();

    const down = await call(ctx.app, 'POST', `/api/admin/consultations/${id}/status`, operator.token, { action: 'unpublish' });
    expect(down).toMatchObject({ code: 0, data: { status: 'unpublished' } });

    // 发布需审核 on: an operator's 发布 waits for an admin; a return needs a reason.
    expect((await call(ctx.app, 'PUT', '/api/admin/content/settings', admin.token, { reviewRequired: true })).code).toBe(0);
    try {
      const asked = await call(ctx.app, 'POST', `/api/admin/consultations/${id}/status`, operator.token, { action: 'publish' });
      expect(asked).toMatchObject({ code: 0, data: { status: 'pending' } });
      expect((await get(ctx.app, `/api/portal/consultations/${id}`)).code).toBe(404);
      const byOperator = await call(ctx.app, 'POST', `/api/admin/consultations/${id}/status`, operator.token, {
        action: 'approve',
      });
      expect(byOperator).toMatchObject({ code: 403 });
      const noReason = await call(ctx.app, 'POST', `/api/admin/consultations/${id}/status`, admin.token, { action: 'return' });
      expect(noReason).toMatchObject({ code: 400, msg: '退回时请填写原因（1-500个字符）' });
      const ok = await call(ctx.app, 'POST', `/api/admin/consultations/${id}/status`, admin.token, { action: 'approve' });
      expect(ok).toMatchObject({ code: 0, data: { status: 'published' } });
      expect((await get(ctx.app, `/api/portal/consultations/${id}`)).code).toBe(0);
    } finally {
      await call(ctx.app, 'PUT', '/api/admin/content/settings', admin.token, { reviewRequired: false });
    }
  });

  it('accepts comments until the deadline (Asia/Shanghai) and not a minute after', async () => {
    const admin = await person(ctx.app, 'admin');
    const user = await person(ctx.app);
    const id = await publishedDraft(ctx.app, admin.token, { deadline: DEADLINE });
    const url = `/api/user/consultations/${id}/comments`;

    setNow('2027-02-28T23:00:00+08:00');
    expect(await call(ctx.app, 'POST', url, user.token, { comments: [comment('1')] })).toMatchObject({
      code: 400,
      msg: '意见征集尚未开始',
    });

    setNow('2027-03-30T09:00:00+08:00');
    const d = await get<{ open: boolean; daysLeft: number }>(ctx.app, `/api/portal/consultations/${id}`);
    expect(d.data).toMatchObject({ open: true, daysLeft: 1 });

    setNow(Date.parse(DEADLINE) - MINUTE);
    expect((await get<{ daysLeft: number }>(ctx.app, `/api/portal/consultations/${id}`)).data.daysLeft).toBe(0);
    const sent = await call<{ ids: number[] }>(ctx.app, 'POST', url, user.token, { comments: [comment('4.1'), comment('5.2')] });
    expect(sent).toMatchObject({ code: 0 });
    const [first, second] = sent.data.ids;
    const edited = await call(
      ctx.app,
      'PUT',
      `/api/user/consultation-comments/${first}`,
      user.token,
      comment('4.1', { content: '改后的意见' }),
    );
    expect(edited).toMatchObject({ code: 0, data: { content: '改后的意见', editable: true } });

    setNow(Date.parse(DEADLINE) + MINUTE);
    const late = await call(ctx.app, 'POST', url, user.token, { comments: [comment('6')] });
    expect(late).toMatchObject({ code: 400, msg: '意见征集已截止，不能再提交或修改' });
    expect(await call(ctx.app, 'PUT', `/api/user/consultation-comments/${second}`, user.token, comment('5.2'))).toMatchObject({
      code: 400,
      msg: '意见征集已截止，不能再提交或修改',
    });
    expect(await call(ctx.app, 'DELETE', `/api/user/consultation-comments/${second}`, user.token)).toMatchObject({ code: 400 });
    const mine = await get<Array<{ clause: string; editable: boolean }>>(ctx.app, url, user.token);
    expect(mine.data.map((c) => [c.clause, c.editable])).toEqual([
      ['4.1', false],
      ['5.2', false],
    ]);
    const closed = await get<{ open: boolean; daysLeft: null; commentCount: number }>(ctx.app, `/api/portal/consultations/${id}`);
    expect(closed.data).toMatchObject({ open: false, daysLeft: null, commentCount: 2 });
  });

  it('lets a user edit and withdraw only their own undecided comments, with limits and plain text', async () => {
    const admin = await person(ctx.app, 'admin');
    const alice = await person(ctx.app);
    const bob = await person(ctx.app);
    await certify(ctx.app, bob.id, '示例：中山市某食品有限公司');
    const bobToken = await loginToken(ctx.app, bob.id, TEN_YEARS_H);
    const id = await publishedDraft(ctx.app, admin.token);
    setNow('2027-03-10T10:00:00+08:00');
    const url = `/api/user/consultations/${id}/comments`;

    expect((await call(ctx.app, 'POST', url, undefined, { comments: [comment('1')] })).code).toBe(401);
    const tooMany = await call(ctx.app, 'POST', url, alice.token, {
      comments: Array.from({ length: 31 }, (_, i) => comment(String(i + 1))),
    });
    expect(tooMany).toMatchObject({ code: 400, msg: '每次可提交 1-30 条意见' });
    const long = await call(ctx.app, 'POST', url, alice.token, { comments: [comment('1', { content: '长'.repeat(2001) })] });
    expect(long).toMatchObject({ code: 400, msg: '请填写意见内容（1-2000个字符）' });
    const noClause = await call(ctx.app, 'POST', url, alice.token, { comments: [comment(' ')] });
    expect(noClause).toMatchObject({ code: 400, msg: '请填写章条编号（1-50个字符）' });

    const markup = '<script>alert(1)</script> 温度 <5℃ & >3℃';
    const a = await call<{ ids: number[] }>(ctx.app, 'POST', url, alice.token, {
      comments: [comment('3.1', { content: markup })],
    });
    const b = await call<{ ids: number[] }>(ctx.app, 'POST', url, bobToken, { comments: [comment('3.2')] });
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    const aliceId = a.data.ids[0]!;

    // Someone else's comment answers as missing, for editing and for withdrawing.
    expect(await call(ctx.app, 'PUT', `/api/user/consultation-comments/${aliceId}`, bobToken, comment('3.1'))).toMatchObject({
      code: 404,
      msg: '意见不存在',
    });
    expect(await call(ctx.app, 'DELETE', `/api/user/consultation-comments/${aliceId}`, bobToken)).toMatchObject({ code: 404 });

    const staff = await call<Array<{ content: string; enterpriseName: string | null; username: string }>>(
      ctx.app,
      'GET',
      `/api/admin/consultations/${id}/comments`,
      admin.token,
    );
    // Stored as typed (shown escaped by the web), the enterprise named for a certified commenter.
    expect(staff.data.map((c) => [c.content, c.enterpriseName])).toEqual([
      [markup, null],
      ['第3.2条的意见（示例）', '示例：中山市某食品有限公司'],
    ]);

    // Decided: no longer editable by its author.
    await call(ctx.app, 'POST', `/api/admin/consultation-comments/${b.data.ids[0]}/decision`, admin.token, {
      decision: 'adopted',
    });
    expect(
      await call(ctx.app, 'PUT', `/api/user/consultation-comments/${b.data.ids[0]}`, bobToken, comment('3.2')),
    ).toMatchObject({
      code: 400,
      msg: '该意见已处理，不能修改或撤回',
    });
    expect(await call(ctx.app, 'DELETE', `/api/user/consultation-comments/${aliceId}`, alice.token)).toMatchObject({ code: 0 });
    expect((await get<unknown[]>(ctx.app, url, alice.token)).data).toEqual([]);

    // Flood limit per user: submissions per hour.
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await call(ctx.app, 'POST', url, alice.token, { comments: [comment(`9.${i}`)] })).code;
    expect(last).toBe(429);
  });

  it('lets only the office decide and assign; the commenter is told the outcome', async () => {
    const admin = await person(ctx.app, 'admin');
    const operator = await person(ctx.app, 'operator');
    const user = await person(ctx.app);
    const id = await publishedDraft(ctx.app, admin.token);
    setNow('2027-03-10T10:00:00+08:00');
    const sent = await call<{ ids: number[] }>(ctx.app, 'POST', `/api/user/consultations/${id}/comments`, user.token, {
      comments: [comment('4.1'), comment('5.2')],
    });
    const [c1, c2] = sent.data.ids;

    expect(
      (await call(ctx.app, 'POST', `/api/admin/consultation-comments/${c1}/decision`, user.token, { decision: 'adopted' })).code,
    ).toBe(403);
    expect((await get(ctx.app, `/api/admin/consultations/${id}/comments`, user.token)).code).toBe(403);
    expect((await call(ctx.app, 'POST', '/api/admin/consultations', user.token, draftForm())).code).toBe(403);

    const noReason = await call(ctx.app, 'POST', `/api/admin/consultation-comments/${c2}/decision`, operator.token, {
      decision: 'partial',
    });
    expect(noReason).toMatchObject({ code: 400, msg: '部分采纳或未采纳时请填写理由（1-500个字符）' });
    const d1 = await call(ctx.app, 'POST', `/api/admin/consultation-comments/${c1}/decision`, operator.token, {
      decision: 'adopted',
    });
    expect(d1).toMatchObject({ code: 0, data: { decision: 'adopted', decisionReason: null } });
    const d2 = await call(ctx.app, 'POST', `/api/admin/consultation-comments/${c2}/decision`, operator.token, {
      decision: 'rejected',
      reason: '与上位标准不一致',
    });
    expect(d2).toMatchObject({ code: 0, data: { decision: 'rejected', decisionReason: '与上位标准不一致' } });

    const toUser = await call(ctx.app, 'POST', `/api/admin/consultation-comments/${c1}/assignee`, operator.token, {
      assigneeId: user.id,
    });
    expect(toUser).toMatchObject({ code: 400, msg: '只能分派给运营人员或管理员' });
    const assigned = await call(ctx.app, 'POST', `/api/admin/consultation-comments/${c1}/assignee`, admin.token, {
      assigneeId: operator.id,
    });
    expect(assigned).toMatchObject({ code: 0, data: { assigneeId: operator.id, assigneeName: operator.username } });

    const msgs = await get<{ list: Array<{ title: string; body: string; link: string }> }>(
      ctx.app,
      '/api/user/messages',
      user.token,
    );
    const texts = msgs.data.list.map((m) => m.body).sort();
    expect(texts).toEqual(['章条 4.1：采纳', '章条 5.2：未采纳：与上位标准不一致']);
    expect(msgs.data.list[0]!.link).toBe(`/consultation-detail?id=${id}`);

    const mine = await get<{ list: Array<{ decision: string }> }>(ctx.app, '/api/user/consultation-comments', user.token);
    expect(mine.data.list.map((c) => c.decision).sort()).toEqual(['adopted', 'rejected']);
  });

  it('lists open and closed drafts with type, year and keyword filters', async () => {
    const admin = await person(ctx.app, 'admin');
    const tag = `筛选${Date.now() % 10000}`;
    const open = await publishedDraft(ctx.app, admin.token, { projectName: `${tag} 开放`, kind: 'group' });
    const closed = await publishedDraft(ctx.app, admin.token, {
      projectName: `${tag} 已截止`,
      kind: 'xiangshan',
      startsAt: '2026-01-05T09:00:00+08:00',
      deadline: '2026-02-05T17:00:00+08:00',
    });
    setNow('2027-03-10T10:00:00+08:00');
    const ids = async (q: string) =>
      (
        await get<{ list: Array<{ id: number }> }>(ctx.app, `/api/portal/consultations?keyword=${encodeURIComponent(tag)}${q}`)
      ).data.list.map((d) => d.id);
    expect(await ids('')).toEqual([open, closed]);
    expect(await ids('&state=open')).toEqual([open]);
    expect(await ids('&state=closed')).toEqual([closed]);
    expect(await ids('&kind=xiangshan')).toEqual([closed]);
    expect(await ids('&year=2026')).toEqual([closed]);
    expect(await ids('&year=2027')).toEqual([open]);
    expect((await get(ctx.app, '/api/portal/consultations?kind=nope')).code).toBe(400);
  });
});
