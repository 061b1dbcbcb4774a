import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { waitForJob } from './helpers/imports.ts';
import { userWithToken } from './helpers/login.ts';

/** Issue 25: a file whose number or title has no column is refused before it starts; columns are named in Chinese. */
const req = call;
type Preview = DataOf<'POST /api/admin/imports'>;

async function upload(app: FastifyInstance, token: string, name: string, csv: string) {
  const { payload, headers } = multipart([{ filename: name, type: 'text/csv', content: Buffer.from(csv) }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    payload,
    headers: { ...headers, authorization: token },
  });
  const body = res.json() as { code: number; msg: string; data: Preview };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** Rows of the rejection report, cell by cell (row 1 is the header). */
async function reportRows(app: FastifyInstance, token: string, id: number) {
  const res = await app.inject({ method: 'GET', url: `/api/admin/imports/${id}/report`, headers: { authorization: token } });
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
}

const camel = /[a-z][A-Z]/;

describe.each(engines)('import start and Chinese column names on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('refuses to start a file whose columns map to nothing, and the preview says why', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const preview = await upload(ctx.app, op.token, 'foo.csv', 'foo,bar,baz\n1,2,3\n4,5,6\n');
    expect(preview).toMatchObject({ canStart: false, missing: ['标准编号', '标准名称'], columns: [] });
    expect(preview.reason).toContain('无法开始导入：文件中没有“标准编号”列（可用的列名：标准号、标准编号、编号、code');
    expect(preview.reason).toContain('文件中没有“标准名称”列');
    // What the page shows: the reason and the mapping's description, neither with a field key nor camelCase.
    for (const text of [preview.reason!, preview.mappingDescription]) {
      expect(text).not.toMatch(camel);
      expect(text).not.toContain('generic');
    }
    const started = await req(ctx.app, 'POST', `/api/admin/imports/${preview.job.id}/start`, op.token);
    expect(started).toMatchObject({ code: 400, msg: preview.reason });
    const job = await req<DataOf<'GET /api/admin/imports/:id'>>(ctx.app, 'GET', `/api/admin/imports/${preview.job.id}`, op.token);
    expect(job.data).toMatchObject({ status: 'uploaded', rows: 0 });
    expect(
      await ctx.app.db.query("select 1 from audit_log where action = 'import.start' and target_id = $1", [preview.job.id]),
    ).toEqual([]);
  });

  it('refuses a file with a title column only (number missing) and one with a number column only (title missing)', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const titleOnly = await upload(ctx.app, op.token, 't.csv', '标准名称,实施日期\n【示例】只有名称,2024-01-01\n');
    expect(titleOnly).toMatchObject({ canStart: false, missing: ['标准编号'] });
    expect(titleOnly.reason).toMatch(/^无法开始导入：文件中没有“标准编号”列（可用的列名：标准号、标准编号、编号、code 等）$/);
    expect(await req(ctx.app, 'POST', `/api/admin/imports/${titleOnly.job.id}/start`, op.token)).toMatchObject({
      code: 400,
      msg: titleOnly.reason,
    });

    const numberOnly = await upload(ctx.app, op.token, 'n.csv', '标准号,状态\nDB4420/T 301-2024,现行\n');
    expect(numberOnly).toMatchObject({ canStart: false, missing: ['标准名称'] });
    expect(numberOnly.reason).toBe(
      '无法开始导入：文件中没有“标准名称”列（可用的列名：标准名称、中文名称、中文标准名称、名称 等）',
    );
    expect(await req(ctx.app, 'POST', `/api/admin/imports/${numberOnly.job.id}/start`, op.token)).toMatchObject({
      code: 400,
      msg: numberOnly.reason,
    });
  });

  it('recognises the local-standards platform list export (code, chName, industry, status …) and imports it', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const csv = [
      'code,chName,enName,industry,status,issueDate,actDate,chargeDept',
      'DB4420/T 401-2024,【示例】平台导出标准一,Sample one,轻工,现行,2024-01-10,2024-03-01,中山市市场监督管理局',
      'DB4420/T 402-2015,【示例】平台导出标准二,,农业,废止,2015-02-01,2015-05-01,中山市农业农村局',
      'DB4420/T 403-2099,【示例】平台导出标准三,,建筑,即将实施,2024-06-01,2099-01-01,',
      'DB4420/T 404-2024,【示例】平台导出标准四,,轻工,未知状态,2024-01-10,2024-03-01,',
      'DB4420/T 405-2024,【示例】平台导出标准五,,轻工,现行,2024-01-10,2024-31-01,',
    ].join('\n');
    const preview = await upload(ctx.app, op.token, '地方标准列表.csv', csv);
    expect(preview).toMatchObject({ canStart: true, reason: null, missing: [] });
    expect(preview.columns.map((c) => [c.label, c.column])).toEqual([
      ['标准编号', 'code'],
      ['标准名称', 'chName'],
      ['英文名称', 'enName'],
      ['标准状态', 'status'],
      ['发布日期', 'issueDate'],
      ['实施日期', 'actDate'],
      ['主管部门', 'chargeDept'],
      ['分类', 'industry'],
    ]);
    const started = await req(ctx.app, 'POST', `/api/admin/imports/${preview.job.id}/start`, op.token);
    expect(started.code, started.msg).toBe(0);
    const job = await waitForJob(ctx.app, op.token, preview.job.id);
    expect(job).toMatchObject({ status: 'done', rows: 5, inserted: 3, rejected: 2 });
    const rows = await ctx.app.db.query<Record<string, unknown>>(
      `select standard_no, name_zh, name_en, category, status, publish_date::text as publish_date,
         implement_date::text as implement_date, department
       from standards where standard_no like 'DB4420/T 40%' order by standard_no`,
    );
    expect(rows).toEqual([
      {
        standard_no: 'DB4420/T 401-2024',
        name_zh: '【示例】平台导出标准一',
        name_en: 'Sample one',
        category: '轻工',
        status: 'current',
        publish_date: '2024-01-10',
        implement_date: '2024-03-01',
        department: '中山市市场监督管理局',
      },
      expect.objectContaining({ standard_no: 'DB4420/T 402-2015', category: '农业', status: 'abolished' }),
      expect.objectContaining({ standard_no: 'DB4420/T 403-2099', category: '建筑', status: 'upcoming' }),
    ]);

    // The report names the column in Chinese, with the file's own spelling beside it when it differs (the file's
    // `status` is the field's own key, so it is not repeated).
    const report = await reportRows(ctx.app, op.token, preview.job.id);
    expect(report[0]).toEqual(['行号', '列', '值', '原因']);
    expect(report[1]!.slice(0, 3)).toEqual([5, '标准状态', '未知状态']);
    expect(report[2]!).toEqual([6, '实施日期（actDate）', '2024-31-01', '日期无法识别（实施日期）：2024-31-01']);
  });

  it('names the rejected column in Chinese in the report, never the field key', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const csv = [
      'standardNo,标准名称,publishDate,实施日期',
      'DB4420/T 501-2024,【示例】键名表头一,2024-01-01,2024-02-01',
      '不是编号,【示例】键名表头二,2024-01-01,2024-02-01',
      'DB4420/T 503-2024,【示例】键名表头三,2024-02-30,2024-03-01',
      'DB4420/T 504-2024,,2024-01-01,2024-02-01',
      'DB4420/T 505-2024,【示例】键名表头五,2024-01-01,2024-13-01',
    ].join('\n');
    const preview = await upload(ctx.app, op.token, 'keys.csv', csv);
    expect(preview.canStart).toBe(true);
    expect((await req(ctx.app, 'POST', `/api/admin/imports/${preview.job.id}/start`, op.token)).code).toBe(0);
    const job = await waitForJob(ctx.app, op.token, preview.job.id);
    expect(job).toMatchObject({ status: 'done', inserted: 1, rejected: 4 });
    const report = await reportRows(ctx.app, op.token, preview.job.id);
    expect(report.slice(1).map((r) => r.slice(0, 2))).toEqual([
      [3, '标准编号'],
      [4, '发布日期'],
      [5, '标准名称'],
      [6, '实施日期'],
    ]);
    expect(String(report[2]![3])).toBe('日期无法识别（发布日期）：2024-02-30');
    for (const r of report) for (const cell of r) expect(String(cell ?? '')).not.toMatch(camel);
  });
});
