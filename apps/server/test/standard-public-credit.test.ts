import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { runImport } from './helpers/imports.ts';
import { userWithToken } from './helpers/login.ts';
import { publicNotes, publicSource } from '../src/modules/standards/catalogue/service.ts';

/** Issue 30: what a visitor reads of a record's source and notes (no file names, licence tiers or repeats). */
describe('public notes and source', () => {
  it('drops 版权分层 lines and a 原编号 the relations show, keeps everything else', () => {
    expect(publicNotes('原编号 JGJ 1-1991；与地方规划并行\n版权分层：B', ['JGJ 1-1991'])).toBe('与地方规划并行');
    expect(publicNotes('版权分层：A', [])).toBeNull();
    // Not shown as a relation: the note keeps it.
    expect(publicNotes('原编号 JGJ 1-1991', [])).toBe('原编号 JGJ 1-1991');
    expect(publicNotes('废止 GB 1-2000 及相关条文', ['JGJ 1-1991'])).toBe('废止 GB 1-2000 及相关条文');
    expect(publicNotes(null, [])).toBeNull();
  });
  it('names the office, never the uploaded file', () => {
    expect(publicSource('运营后台导入：zs.xlsx')).toBe('中山市标准信息公共服务平台运营单位');
    expect(publicSource('Arch-Standards-Index')).toBe('Arch-Standards-Index');
  });
});

describe.each(engines)('a console import on the public detail on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('credits the office, hides the file name and 版权分层, and names the old number once', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const csv = [
      '编号,名称,分类,属性,实施日期,状态,官方链接,版权分层,备注',
      'DB4420/T 77-2025,【示例】来源署名测试,,,2025-03-01,现行,,B,原编号 DB4420/T 77-2019；与地方规划并行',
    ].join('\n');
    const { job } = await runImport(ctx.app, op.token, 'zs.csv', csv);
    expect(job).toMatchObject({ status: 'done', inserted: 1 });

    const [row] = await ctx.app.db.query<{ id: number; source: string; notes: string }>(
      `select id, source, notes from standards where standard_no = 'DB4420/T 77-2025'`,
    );
    // The catalogue keeps what it was told (the console and the audit trail read it) …
    expect(row!.source).toBe('运营后台导入：zs.csv');
    expect(row!.notes).toContain('版权分层：B');
    // … the public answer does not.
    const d = await call<DataOf<'GET /api/portal/standards/:id'>>(ctx.app, 'GET', `/api/portal/standards/${row!.id}`);
    expect(d.code, d.msg).toBe(0);
    expect(d.data.sourceCredit).toEqual({ source: '中山市标准信息公共服务平台运营单位', licence: null, sourceRef: null });
    expect(d.data.notes).toBe('与地方规划并行');
    const renumbered = d.data.replaces.filter((r) => r.kind === 'renumbered_from');
    expect(renumbered).toEqual([expect.objectContaining({ standardNo: 'DB4420/T 77-2019', label: '原编号', note: null })]);
    expect(JSON.stringify(d.data)).not.toMatch(/运营后台导入|zs\.csv|版权分层/);
  });
});
