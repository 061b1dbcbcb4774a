import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, get, type DataOf } from './helpers/answer.ts';
import { createUser, loginToken, setRole } from './helpers/builders.ts';
import { multipart, PDF } from './helpers/multipart.ts';
import { setNow } from './helpers/consultation.ts';
import { resetClock } from '../src/lib/clock.ts';

const TEN_YEARS_H = 24 * 3650;
/** A user with a token that outlives the clock moves of these tests. */
async function person(app: FastifyInstance, role?: 'operator' | 'admin') {
  const u = await createUser(app);
  if (role) await setRole(app, u.id, role);
  return { ...u, token: await loginToken(app, u.id, TEN_YEARS_H) };
}

let n = 0;
const question = (over: Record<string, unknown> = {}) => ({
  category: 'standards',
  title: `示例咨询第${++n}号`,
  content: '请问 DB4420/T 地方标准的全文在哪里可以查阅？',
  isPublic: true,
  ...over,
});

type Q = DataOf<'POST /api/user/questions'>;
type CQ = DataOf<'GET /api/admin/questions/:id'>;
type Health = DataOf<'GET /api/admin/health'>;

// A made-up calendar for 2027, for the test only (not the real arrangement): holidays Mon 8 – Fri 12 Feb and
// Mon 15 Feb, Saturday 13 Feb a 调休 workday.
const CAL_2027 = {
  holidays: ['2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11', '2027-02-12', '2027-02-15'],
  workdays: ['2027-02-13'],
};

describe.each(engines)('questions to the office on %s', (engine) => {
  const ctx = useTestApp(engine);
  afterEach(() => resetClock());

  it('counts the reply deadline in working days across a holiday and a 调休 Saturday, overdue from the minute after', async () => {
    const asker = await person(ctx.app);
    const op = await person(ctx.app, 'operator');
    setNow('2027-02-05T10:00:00+08:00');
    // No 2027 calendar yet: Monday–Friday, so Mon 8 … Fri 12 and overdue from Saturday 00:00.
    const asked = await call<Q>(ctx.app, 'POST', '/api/user/questions', asker.token, question());
    expect(asked).toMatchObject({ code: 0, data: { state: 'pending', stateName: '待处理' } });
    expect(asked.data.deadline).toBe(new Date('2027-02-13T00:00:00+08:00').toISOString());
    const health0 = await call<Health>(ctx.app, 'GET', '/api/admin/health', op.token);
    expect(health0.data.findings.some((f) => f.kind === 'holiday_calendar' && f.label === '当年节假日安排未维护')).toBe(true);

    // The office enters the year: the open question's deadline follows it (Sat 13, Tue 16 … Fri 19).
    const bad = await call(ctx.app, 'PUT', '/api/admin/working-calendar/2027', op.token, {
      holidays: ['2027-02-08', '2028-01-01'],
      workdays: [],
    });
    expect(bad).toMatchObject({ code: 400, msg: '日期格式应为 YYYY-MM-DD，且须在所选年份内' });
    const both = await call(ctx.app, 'PUT', '/api/admin/working-calendar/2027', op.token, {
      holidays: ['2027-02-13'],
      workdays: ['2027-02-13'],
    });
    expect(both).toMatchObject({ code: 400, msg: '同一日期不能既是节假日又是调休上班日' });
    const saved = await call(ctx.app, 'PUT', '/api/admin/working-calendar/2027', op.token, CAL_2027);
    expect(saved).toMatchObject({ code: 0, data: { year: 2027, maintained: true, ...CAL_2027, replyDays: 5 } });
    const health1 = await call<Health>(ctx.app, 'GET', '/api/admin/health', op.token);
    expect(health1.data.findings.some((f) => f.kind === 'holiday_calendar')).toBe(false);

    const moved = await call<CQ>(ctx.app, 'GET', `/api/admin/questions/${asked.data.id}`, op.token);
    expect(moved.data.deadline).toBe(new Date('2027-02-20T00:00:00+08:00').toISOString());
    // A question asked now gets the same deadline; one asked the minute before midnight on Thursday one day less.
    const later = await call<Q>(ctx.app, 'POST', '/api/user/questions', asker.token, question());
    expect(later.data.deadline).toBe(new Date('2027-02-20T00:00:00+08:00').toISOString());
    setNow('2027-02-04T23:59:00+08:00');
    const thursday = await call<Q>(ctx.app, 'POST', '/api/user/questions', asker.token, question());
    expect(thursday.data.deadline).toBe(new Date('2027-02-19T00:00:00+08:00').toISOString());

    const overdueCount = async () =>
      (await call<Health>(ctx.app, 'GET', '/api/admin/health', op.token)).data.overdue.find((o) => o.key === 'questions')!.count;
    setNow('2027-02-19T23:59:00+08:00');
    expect((await call<CQ>(ctx.app, 'GET', `/api/admin/questions/${asked.data.id}`, op.token)).data.overdue).toBe(false);
    const before = await overdueCount();
    setNow('2027-02-20T00:01:00+08:00');
    expect((await call<CQ>(ctx.app, 'GET', `/api/admin/questions/${asked.data.id}`, op.token)).data.overdue).toBe(true);
    expect(await overdueCount()).toBe(before + 2);
    const dash = await call<DataOf<'GET /api/admin/dashboard'>>(ctx.app, 'GET', '/api/admin/dashboard', op.token);
    expect(dash.data.waiting.find((w) => w.key === 'questions-overdue')).toMatchObject({ overdue: true });
    expect(dash.data.waiting.find((w) => w.key === 'questions-overdue')!.count).toBeGreaterThanOrEqual(3);
    const queue = await call<DataOf<'GET /api/admin/questions'>>(ctx.app, 'GET', '/api/admin/questions?overdue=1', op.token);
    expect(queue.data.list.map((q) => q.id)).toEqual(expect.arrayContaining([asked.data.id, later.data.id, thursday.data.id]));
    expect(queue.data.list.every((q) => q.overdue)).toBe(true);

    // Answered, it is no longer overdue.
    await call(ctx.app, 'POST', `/api/admin/questions/${asked.data.id}/answer`, op.token, { answer: '可在标准检索页查阅。' });
    expect(await overdueCount()).toBe(before + 1);
  });

  it('checks the form, the attachment owner and the rate limit, and keeps text plain', async () => {
    const asker = await person(ctx.app);
    const other = await person(ctx.app);
    expect(await call(ctx.app, 'POST', '/api/user/questions', undefined, question())).toMatchObject({ code: 401 });
    const bad = await call(ctx.app, 'POST', '/api/user/questions', asker.token, question({ title: 'a', category: 'x' }));
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/请选择咨询类别|请填写标题/);
    expect(await call(ctx.app, 'POST', '/api/user/questions', asker.token, question({ isPublic: 'yes' }))).toMatchObject({
      code: 400,
      msg: '请选择是否公开',
    });

    const up = multipart([{ filename: '说明.pdf', content: PDF }]);
    const file = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user/files',
        headers: { authorization: other.token, ...up.headers },
        payload: up.payload,
      })
    ).json().data as { id: number; name: string };
    expect(await call(ctx.app, 'POST', '/api/user/questions', asker.token, question({ attachmentId: file.id }))).toMatchObject({
      code: 400,
      msg: '附件不存在或不属于当前用户',
    });
    const withFile = await call<Q>(ctx.app, 'POST', '/api/user/questions', other.token, question({ attachmentId: file.id }));
    expect(withFile.data.attachment).toEqual({ fileId: file.id, name: file.name });

    const markup = '<script>alert(1)</script>\n第二行';
    const plain = await call<Q>(ctx.app, 'POST', '/api/user/questions', asker.token, question({ content: markup }));
    expect(plain.data.content).toBe(markup);

    // Five tries an hour per user (the refused attachment counted too): the sixth is refused.
    let last = plain as { code: number; msg: string };
    for (let i = 0; i < 6 && last.code !== 429; i++)
      last = await call(ctx.app, 'POST', '/api/user/questions', asker.token, question());
    expect(last).toMatchObject({ code: 429, msg: '提交过于频繁，请稍后再试' });
  });

  it('shows only answered public questions to visitors, the asker sees every state, the office answers or forwards', async () => {
    const asker = await person(ctx.app);
    const op = await person(ctx.app, 'operator');
    const admin = await person(ctx.app, 'admin');
    const word = `腊味${Date.now() % 100000}`;
    const pub = await call<Q>(
      ctx.app,
      'POST',
      '/api/user/questions',
      asker.token,
      question({ title: `${word}标准咨询`, category: 'projects' }),
    );
    const priv = await call<Q>(
      ctx.app,
      'POST',
      '/api/user/questions',
      asker.token,
      question({ title: `${word}私密`, isPublic: false }),
    );
    const fwd = await call<Q>(ctx.app, 'POST', '/api/user/questions', asker.token, question({ title: `${word}转办` }));

    // Unanswered: 404 for visitors, not listed.
    expect(await get(ctx.app, `/api/portal/questions/${pub.data.id}`)).toMatchObject({ code: 404, msg: '咨询不存在' });
    expect(
      (await get<DataOf<'GET /api/portal/questions'>>(ctx.app, `/api/portal/questions?keyword=${encodeURIComponent(word)}`)).data
        .total,
    ).toBe(0);

    // Roles: a user cannot reach the queue; assignment only to staff.
    expect(await call(ctx.app, 'GET', '/api/admin/questions', asker.token)).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'POST', `/api/admin/questions/${pub.data.id}/answer`, asker.token, { answer: 'x' })).toMatchObject(
      { code: 403 },
    );
    expect(
      await call(ctx.app, 'POST', `/api/admin/questions/${pub.data.id}/assignee`, op.token, { assigneeId: asker.id }),
    ).toMatchObject({
      code: 400,
      msg: '只能分派给运营人员或管理员',
    });
    const assigned = await call<CQ>(ctx.app, 'POST', `/api/admin/questions/${pub.data.id}/assignee`, op.token, {
      assigneeId: op.id,
    });
    expect(assigned.data).toMatchObject({ state: 'processing', assigneeId: op.id, assigneeName: op.username });

    expect(await call(ctx.app, 'POST', `/api/admin/questions/${pub.data.id}/answer`, op.token, { answer: '  ' })).toMatchObject({
      code: 400,
      msg: '请填写答复内容（1-5000个字符）',
    });
    const answered = await call<CQ>(ctx.app, 'POST', `/api/admin/questions/${pub.data.id}/answer`, op.token, {
      answer: '<b>示例答复</b>：请见标准检索。',
    });
    expect(answered.data).toMatchObject({ state: 'answered', answeredBy: op.username });
    expect(await call(ctx.app, 'POST', `/api/admin/questions/${pub.data.id}/answer`, op.token, { answer: '再次' })).toMatchObject(
      {
        code: 400,
        msg: '该咨询已答复，不能再答复或转办',
      },
    );
    await call(ctx.app, 'POST', `/api/admin/questions/${priv.data.id}/answer`, op.token, { answer: '私下答复' });
    const forwarded = await call<CQ>(ctx.app, 'POST', `/api/admin/questions/${fwd.data.id}/forward`, op.token, {
      unit: '示例：市质量计量监督检测所',
      note: '请联系该所',
    });
    expect(forwarded.data).toMatchObject({ state: 'forwarded', stateName: '已转办', forwardUnit: '示例：市质量计量监督检测所' });

    // Visitors: the public answered one only, found by keyword (in the answer too) and category; no asker shown.
    const list = await get<DataOf<'GET /api/portal/questions'>>(
      ctx.app,
      `/api/portal/questions?keyword=${encodeURIComponent(word)}`,
    );
    expect(list.data.list.map((q) => q.id)).toEqual([pub.data.id]);
    expect(JSON.stringify(list.data)).not.toContain(asker.username);
    const byAnswer = await get<DataOf<'GET /api/portal/questions'>>(
      ctx.app,
      `/api/portal/questions?keyword=${encodeURIComponent('示例答复')}`,
    );
    expect(byAnswer.data.list.map((q) => q.id)).toContain(pub.data.id);
    expect(
      (
        await get<DataOf<'GET /api/portal/questions'>>(
          ctx.app,
          `/api/portal/questions?keyword=${encodeURIComponent(word)}&category=other`,
        )
      ).data.total,
    ).toBe(0);
    expect(await get(ctx.app, '/api/portal/questions?category=nope')).toMatchObject({ code: 400, msg: '请选择咨询类别' });
    const detail = await get<DataOf<'GET /api/portal/questions/:id'>>(ctx.app, `/api/portal/questions/${pub.data.id}`);
    expect(detail.data).toMatchObject({ answer: '<b>示例答复</b>：请见标准检索。', categoryName: '标准化项目' });
    expect(await get(ctx.app, `/api/portal/questions/${priv.data.id}`)).toMatchObject({ code: 404 });
    expect(await get(ctx.app, `/api/portal/questions/${fwd.data.id}`)).toMatchObject({ code: 404 });
    expect(await get(ctx.app, '/api/portal/questions/abc')).toMatchObject({ msg: '咨询不存在' });

    // The asker's list with states; the in-site messages tell about the answer and the 转办.
    const mine = await call<DataOf<'GET /api/user/questions'>>(ctx.app, 'GET', '/api/user/questions', asker.token);
    const states = new Map(mine.data.list.map((q) => [q.id, q.state]));
    expect([states.get(pub.data.id), states.get(priv.data.id), states.get(fwd.data.id)]).toEqual([
      'answered',
      'answered',
      'forwarded',
    ]);
    const msgs = await call<{ list: Array<{ title: string }> }>(ctx.app, 'GET', '/api/user/messages', asker.token);
    expect(msgs.data.list.map((m) => m.title)).toEqual(
      expect.arrayContaining([`您的咨询“${word}标准咨询”已答复`, `您的咨询“${word}转办”已转办`]),
    );

    // Reply days: admin only, and in range.
    expect(await call(ctx.app, 'PUT', '/api/admin/question-settings', op.token, { replyDays: 3 })).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'PUT', '/api/admin/question-settings', admin.token, { replyDays: 0 })).toMatchObject({
      code: 400,
      msg: '答复期限须为1-30个工作日',
    });
    expect(await call(ctx.app, 'PUT', '/api/admin/question-settings', admin.token, { replyDays: 5 })).toMatchObject({
      code: 0,
      data: { replyDays: 5 },
    });
  });

  it('lets the asker rate an answer once', async () => {
    const asker = await person(ctx.app);
    const other = await person(ctx.app);
    const op = await person(ctx.app, 'operator');
    const q = await call<Q>(ctx.app, 'POST', '/api/user/questions', asker.token, question());
    const url = `/api/user/questions/${q.data.id}/rating`;
    expect(await call(ctx.app, 'POST', url, asker.token, { rating: 'satisfied' })).toMatchObject({
      code: 400,
      msg: '答复后才能评价',
    });
    await call(ctx.app, 'POST', `/api/admin/questions/${q.data.id}/answer`, op.token, { answer: '示例答复' });
    expect(await call(ctx.app, 'POST', url, other.token, { rating: 'satisfied' })).toMatchObject({
      code: 404,
      msg: '咨询不存在',
    });
    expect(await call(ctx.app, 'POST', url, asker.token, { rating: 'great' })).toMatchObject({
      code: 400,
      msg: '请选择评价：满意、基本满意或不满意',
    });
    expect(await call<Q>(ctx.app, 'POST', url, asker.token, { rating: 'basic' })).toMatchObject({
      code: 0,
      data: { rating: 'basic' },
    });
    expect(await call(ctx.app, 'POST', url, asker.token, { rating: 'satisfied' })).toMatchObject({
      code: 400,
      msg: '已评价过，不能重复评价',
    });
    // The asker's personal data export carries the question, the answer and the rating.
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/user/export', headers: { authorization: asker.token } });
    const questions = (JSON.parse(exported.body) as { questions: Array<{ id: number; answer: string; rating: string }> })
      .questions;
    expect(questions.find((x) => x.id === q.data.id)).toMatchObject({ answer: '示例答复', rating: 'basic' });
  });

  it('keeps answer templates for the office', async () => {
    const op = await person(ctx.app, 'operator');
    const user = await person(ctx.app);
    expect(await call(ctx.app, 'GET', '/api/admin/question-templates', user.token)).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'POST', '/api/admin/question-templates', op.token, { title: '', body: 'x' })).toMatchObject({
      code: 400,
      msg: '请填写模板名称（1-50个字符）',
    });
    const t = await call<{ id: number }>(ctx.app, 'POST', '/api/admin/question-templates', op.token, {
      title: '示例：转标准检索',
      body: '您好，可在“标准检索”中输入标准号查询。',
    });
    expect(t.code).toBe(0);
    const edited = await call(ctx.app, 'PUT', `/api/admin/question-templates/${t.data.id}`, op.token, {
      title: '示例：检索',
      body: '您好。',
    });
    expect(edited).toMatchObject({ code: 0, data: { title: '示例：检索', body: '您好。' } });
    expect(await call(ctx.app, 'DELETE', `/api/admin/question-templates/${t.data.id}`, op.token)).toMatchObject({ code: 0 });
    expect(await call(ctx.app, 'DELETE', `/api/admin/question-templates/${t.data.id}`, op.token)).toMatchObject({
      code: 404,
      msg: '答复模板不存在',
    });
  });
});
