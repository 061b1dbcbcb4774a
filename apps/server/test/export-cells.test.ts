import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { exactNumber, safeCell } from '../src/lib/xlsx.ts';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call } from './helpers/answer.ts';
import { runImport } from './helpers/imports.ts';
import { userWithToken } from './helpers/login.ts';

/**
 * Downloads keep numbers as numbers and neutralise formulas only in text cells (issue 25, ADR 0077): each
 * XLSX the server writes is read back with exceljs and its cells' types checked.
 */

describe('safeCell (lib/xlsx.ts)', () => {
  it('numbers, and texts that are exactly a number, stay numbers', () => {
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell(0)).toBe(0);
    expect(safeCell('-5')).toBe(-5);
    expect(safeCell('+3')).toBe(3);
    expect(safeCell('12.5')).toBe(12.5);
    expect(safeCell('-0.25')).toBe(-0.25);
    expect(safeCell('2024')).toBe(2024);
  });

  it('texts a number would change stay text; a formula character is quoted only there', () => {
    expect(safeCell('007')).toBe('007');
    expect(safeCell('1.50')).toBe('1.50');
    expect(safeCell('12345678901234567890')).toBe('12345678901234567890');
    expect(safeCell('-12345678901234567890')).toBe("'-12345678901234567890");
    expect(safeCell('=1+1')).toBe("'=1+1");
    expect(safeCell('-5abc')).toBe("'-5abc");
    expect(safeCell('+86 760 1234')).toBe("'+86 760 1234");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('\t=cmd')).toBe("'\t=cmd");
    expect(safeCell('GB 50016-2014')).toBe('GB 50016-2014');
    expect(safeCell(null)).toBe('');
    expect(safeCell(undefined)).toBe('');
    expect(safeCell(Number.NaN)).toBe('NaN');
    expect(exactNumber('1e5')).toBeNull();
    expect(exactNumber('-0')).toBeNull();
  });
});

/** The first sheet's cells of a downloaded workbook as [type, value], row by row (exceljs' own types). */
async function cellsOf(body: Buffer): Promise<Array<Array<[string, unknown]>>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: Array<Array<[string, unknown]>> = [];
  wb.worksheets[0]!.eachRow((row) => {
    const cells: Array<[string, unknown]> = [];
    row.eachCell({ includeEmpty: true }, (c) => cells.push([typeName(c.type), c.value]));
    out.push(cells);
  });
  return out;
}

const typeName = (t: ExcelJS.ValueType) =>
  t === ExcelJS.ValueType.Number
    ? 'number'
    : t === ExcelJS.ValueType.String
      ? 'string'
      : t === ExcelJS.ValueType.Formula
        ? 'formula'
        : `other:${t}`;

let n = 0;
async function addStandard(app: FastifyInstance, name: string) {
  n += 1;
  const no = `ZS/T ${880 + n}-2024`;
  const [row] = await app.db.query<{ id: number }>(
    `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status, publish_date)
     values ($1, $1, $1, 'ZS/T', $2, 'local', 'current', '2024-01-01') returning id::int as id`,
    [no, name],
  );
  return { id: row!.id, no };
}

describe.each(engines)('downloads keep numbers as numbers, on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('the batch check workbook: a number typed in stays a number, a formula stays quoted text', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/standards/check/xlsx',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ numbers: ['-5', '=cmd', '+3', '12345678901234567890', 'GB 99999-2020'] }),
    });
    expect(res.statusCode).toBe(200);
    const rows = await cellsOf(res.rawPayload);
    const input = rows.slice(1).map((r) => r[1]);
    expect(input).toEqual([
      ['number', -5],
      ['string', "'=cmd"],
      ['number', 3],
      ['string', '12345678901234567890'],
      ['string', 'GB 99999-2020'],
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([1, 2, 3, 4, 5].map((i) => ['number', i]));
    expect(rows.flat().some(([t]) => t === 'formula')).toBe(false);
  });

  it('the collections workbook: a title that is a number is a number cell, a formula-looking one quoted text', async () => {
    const { token } = await userWithToken(ctx.app);
    const a = await addStandard(ctx.app, '-12.5');
    const b = await addStandard(ctx.app, '=HYPERLINK("http://example.invalid")');
    for (const s of [a, b]) {
      const r = await call(ctx.app, 'POST', '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', token, {
        itemType: 'standard',
        itemId: s.id,
      });
      expect(r.code, r.msg).toBe(0);
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/collections/export', headers: { authorization: token } });
    const rows = await cellsOf(res.rawPayload);
    const titleOf = (no: string) => rows.find((r) => r[0]![1] === no)![1];
    expect(titleOf(a.no)).toEqual(['number', -12.5]);
    expect(titleOf(b.no)).toEqual(['string', `'=HYPERLINK("http://example.invalid")`]);
  });

  it('the search export (streamed writer) does the same', async () => {
    const a = await addStandard(ctx.app, '-7');
    const b = await addStandard(ctx.app, '@cmd');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/portal/standards/export?keyword=ZS%2FT' });
    expect(res.statusCode).toBe(200);
    const rows = await cellsOf(res.rawPayload);
    const titleOf = (no: string) => rows.find((r) => r[0]![1] === no)?.[1];
    expect(titleOf(a.no)).toEqual(['number', -7]);
    expect(titleOf(b.no)).toEqual(['string', "'@cmd"]);
  });

  it("the import's reject report: a rejected value that is a number is a number cell, a formula quoted text", async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const csv = [
      '标准编号,标准名称,发布日期',
      'DB4420/T 871-2024,【示例】导出单元格测试一,-5',
      'DB4420/T 872-2024,【示例】导出单元格测试二,=cmd|calc',
      'DB4420/T 873-2024,【示例】导出单元格测试三,2024-01-01',
      '',
    ].join('\r\n');
    const { id, job } = await runImport(ctx.app, op.token, 'cells.csv', csv);
    expect(job).toMatchObject({ rejected: 2 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${id}/report`,
      headers: { authorization: op.token },
    });
    expect(res.statusCode).toBe(200);
    const rows = await cellsOf(res.rawPayload);
    expect(rows.slice(1, 3).map((r) => [r[0], r[2]])).toEqual([
      [
        ['number', 2],
        ['number', -5],
      ],
      [
        ['number', 3],
        ['string', "'=cmd|calc"],
      ],
    ]);
  });
});
