import { afterEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import type { FastifyInstance } from 'fastify';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, get } from './helpers/answer.ts';
import { certify, createUser, loginToken, setRole } from './helpers/builders.ts';
import { comment, publishedDraft, setNow } from './helpers/consultation.ts';
import { resetClock } from '../src/lib/clock.ts';

const TEN_YEARS_H = 24 * 3650;
async function person(app: FastifyInstance, role?: 'operator' | 'admin') {
  const u = await createUser(app);
  if (role) await setRole(app, u.id, role);
  return { ...u, token: await loginToken(app, u.id, TEN_YEARS_H) };
}

const HEADERS = ['序号', '章条编号', '意见内容', '提出单位', '处理意见及理由'];
const DEADLINE = '2027-03-31T17:00:00+08:00';

/** The cells of every table row in a DOCX, through mammoth's HTML (one string per cell, paragraphs joined by \n). */
async function docxRows(buffer: Buffer): Promise<string[][]> {
  const html = (await mammoth.convertToHtml({ buffer })).value;
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((tr) =>
    [...tr[1]!.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((td) =>
      unescape([...td[1]!.matchAll(/<p>(.*?)<\/p>/g)].map((p) => p[1]!.replace(/<[^>]+>/g, '')).join('\n')),
    ),
  );
}

describe.each(engines)('征求意见汇总处理表 and overdue periods on %s', (engine) => {
  const ctx = useTestApp(engine);
  afterEach(() => resetClock());

  it('exports the decided comments as XLSX and DOCX, cell by cell, and may publish the table', async () => {
    const admin = await person(ctx.app, 'admin');
    const citizen = await person(ctx.app);
    const firm = await person(ctx.app);
    await certify(ctx.app, firm.id, '示例：中山市某电器有限公司');
    const firmToken = await loginToken(ctx.app, firm.id, TEN_YEARS_H);
    const id = await publishedDraft(ctx.app, admin.token, { planNo: 'ZS-2027-EXPORT', deadline: DEADLINE });

    setNow('2027-03-20T10:00:00+08:00');
    const url = `/api/user/consultations/${id}/comments`;
    const a = await call<{ ids: number[] }>(ctx.app, 'POST', url, citizen.token, {
      comments: [comment('4.1', { content: '=1+1 不应作为公式', suggestion: '', reason: '' })],
    });
    const b = await call<{ ids: number[] }>(ctx.app, 'POST', url, firmToken, {
      comments: [comment('5.2', { content: '限值过严', suggestion: '放宽至 10 mg/kg', reason: '与国标一致' })],
    });
    await call(ctx.app, 'POST', `/api/admin/consultation-comments/${a.data.ids[0]}/decision`, admin.token, {
      decision: 'adopted',
    });
    await call(ctx.app, 'POST', `/api/admin/consultation-comments/${b.data.ids[0]}/decision`, admin.token, {
      decision: 'partial',
      reason: '放宽至 8 mg/kg',
    });

    const expected = [
      HEADERS,
      ['1', '4.1', "'=1+1 不应作为公式", '个人', '采纳'],
      [
        '2',
        '5.2',
        '限值过严\n修改建议：放宽至 10 mg/kg\n理由：与国标一致',
        '示例：中山市某电器有限公司',
        '部分采纳：放宽至 8 mg/kg',
      ],
    ];

    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/consultations/${id}/summary.xlsx`,
      headers: { authorization: admin.token },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(xlsx.headers['content-disposition']))).toContain('征求意见汇总处理表-ZS-2027-EXPORT.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('征求意见汇总处理表')!;
    expect(ws.rowCount).toBe(3);
    for (let r = 1; r <= 3; r++)
      for (let c = 1; c <= 5; c++) expect([r, c, String(ws.getRow(r).getCell(c).value)]).toEqual([r, c, expected[r - 1]![c - 1]]);

    const docx = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/consultations/${id}/summary.docx`,
      headers: { authorization: admin.token },
    });
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const rows = await docxRows(docx.rawPayload);
    // The DOCX holds the text as written (no spreadsheet formula guard needed).
    expect(rows).toEqual([expected[0], ['1', '4.1', '=1+1 不应作为公式', '个人', '采纳'], expected[2]]);
    const text = (await mammoth.extractRawText({ buffer: docx.rawPayload })).value;
    expect(text).toContain('计划号：ZS-2027-EXPORT');

    // Only the office downloads it.
    const byCitizen = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/consultations/${id}/summary.xlsx`,
      headers: { authorization: citizen.token },
    });
    expect(byCitizen.json()).toMatchObject({ code: 403 });

    expect((await get<{ summaryTable: null }>(ctx.app, `/api/portal/consultations/${id}`)).data.summaryTable).toBeNull();
    expect((await call(ctx.app, 'POST', `/api/admin/consultations/${id}/summary`, admin.token, { published: true })).code).toBe(
      0,
    );
    const pub = await get<{ summaryTable: Array<{ clause: string; unit: string; outcome: string }> }>(
      ctx.app,
      `/api/portal/consultations/${id}`,
    );
    expect(pub.data.summaryTable.map((r) => [r.clause, r.unit, r.outcome])).toEqual([
      ['4.1', '个人', '采纳'],
      ['5.2', '示例：中山市某电器有限公司', '部分采纳：放宽至 8 mg/kg'],
    ]);
  });

  it('shows a period past its deadline with undecided comments on /admin/health and the dashboard', async () => {
    const admin = await person(ctx.app, 'admin');
    const user = await person(ctx.app);
    const id = await publishedDraft(ctx.app, admin.token, {
      startsAt: '2027-05-01T09:00:00+08:00',
      deadline: '2027-05-31T17:00:00+08:00',
    });
    setNow('2027-05-10T10:00:00+08:00');
    const sent = await call<{ ids: number[] }>(ctx.app, 'POST', `/api/user/consultations/${id}/comments`, user.token, {
      comments: [comment('1')],
    });
    const overdue = async () => {
      const h = await get<{ overdue: Array<{ key: string; count: number }>; red: boolean }>(
        ctx.app,
        '/api/admin/health',
        admin.token,
      );
      return { count: h.data.overdue.find((o) => o.key === 'consultations')!.count, red: h.data.red };
    };
    const waiting = async () =>
      (
        await get<{ waiting: Array<{ key: string; count: number }> }>(ctx.app, '/api/admin/dashboard', admin.token)
      ).data.waiting.find((w) => w.key === 'consultations')!.count;
    // Before the deadline: not overdue yet.
    expect((await overdue()).count).toBe(0);
    setNow('2027-05-31T17:01:00+08:00');
    expect(await overdue()).toEqual({ count: 1, red: true });
    expect(await waiting()).toBe(1);
    await call(ctx.app, 'POST', `/api/admin/consultation-comments/${sent.data.ids[0]}/decision`, admin.token, {
      decision: 'rejected',
      reason: '超出本标准范围',
    });
    expect((await overdue()).count).toBe(0);
    expect(await waiting()).toBe(0);
  });
});
