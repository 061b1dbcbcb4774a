import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputMessages } from '@zs/shared';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { answerOf, type DataOf } from './helpers/answer.ts';
import { seedStandardsData } from '../src/modules/standards/catalogue/seed.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { standardStats } from '../src/modules/standards/catalogue/service.ts';

const TODAY = '2026-01-01';

/** Labelled test rows (示例) for the filters the real files do not cover: CCS/ICS, 中山, 深圳, departments. */
const EXTRA = `standardNo,nameZh,nameEn,level,nature,status,publishDate,implementDate,ccsCode,icsCode,department
DB4420/T 9001-2024,示例中山荔枝种植技术规程,Demo lychee planting,,,,2024-02-01,2024-03-01,B31,65.020.20,示例中山市农业农村局
DB4403/T 9002-2023,示例深圳智慧灯杆技术规范,,,,,2023-01-01,2023-02-01,L70,35.240,示例深圳市市场监督管理局
DB44/T 9003-2022,示例广东荔枝干加工规范,Demo dried lychee,,,,2022-01-01,2022-02-01,X24,67.080,示例广东省农业农村厅
GB/T 99001-2025,示例即将实施的国家标准,Demo upcoming concrete,,,,2025-10-01,2026-06-01,Q13,91.100.30,
`;

describe.each(engines)('standards search on %s', (engine) => {
  const ctx = useTestApp(engine);
  const get = async <T = unknown>(url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return answerOf<T>(res);
  };
  const search = async (qs: Record<string, string | number>) => {
    const body = await get<DataOf<'GET /api/portal/standards'>>(
      `/api/portal/standards?${new URLSearchParams(Object.entries(qs).map(([k, v]): [string, string] => [k, String(v)]))}`,
    );
    return body;
  };

  beforeAll(async () => {
    await seedStandardsData(ctx.testDb.db, TODAY);
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-std-')), 'extra.csv');
    fs.writeFileSync(f, EXTRA);
    const r = await importFile(ctx.testDb.db, f, { source: '示例', today: TODAY });
    expect(r.rejected).toBe(0);
  });

  it('finds a number exactly, first', async () => {
    const b = await search({ keyword: 'GB/T 50001-2017' });
    expect(b.code).toBe(0);
    expect(b.data.list[0]).toMatchObject({
      standardNo: 'GB/T 50001-2017',
      nameZh: '房屋建筑制图统一标准',
      level: 'national',
      nature: 'recommended',
      status: 'current',
    });
    for (const k of Object.keys({
      id: 1,
      nameEn: 1,
      publishDate: 1,
      implementDate: 1,
      region: 1,
      ccsCode: 1,
      icsCode: 1,
      highlight: 1,
    })) {
      expect(b.data.list[0]).toHaveProperty(k);
    }
  });

  it.each([
    'GB/T50001-2017',
    'gb/t 50001—2017',
    'ＧＢ／Ｔ５０００１—２０１７',
    'GB / T 50001 - 2017',
    'GB/T 50001',
    'GB 50001-2017',
    'GB/T50001',
  ])('ranks GB/T 50001-2017 first for %j', async (kw) => {
    const b = await search({ keyword: kw });
    expect(b.data.list[0]?.standardNo).toBe('GB/T 50001-2017');
  });

  it('finds both Shanghai spellings of one series and the typed prefix', async () => {
    expect((await search({ keyword: 'DGJ08-20-2019' })).data.list[0]!.standardNo).toBe('DGJ08-20-2019');
    expect((await search({ keyword: 'DG/TJ 08-2336-2020' })).data.list[0]!.nameZh).toBe('绿道建设技术标准');
    const editions = await search({ keyword: 'DG/TJ08-22' });
    expect(
      editions.data.list
        .slice(0, 2)
        .map((s: { standardNo: string }) => s.standardNo)
        .sort(),
    ).toEqual(['DGJ08-22-2003', 'DGJ08-22-2018']);
    const typed = await search({ keyword: 'GB 5500', size: 100 });
    expect(typed.data.total).toBeGreaterThanOrEqual(9);
    expect(typed.data.list.every((s: { standardNo: string }) => s.standardNo.startsWith('GB 5500'))).toBe(true);
  });

  it('finds Chinese title words, exact titles first, with safe highlight', async () => {
    const b = await search({ keyword: '住宅', size: 100 });
    expect(b.data.total).toBeGreaterThanOrEqual(5);
    expect(b.data.list.every((s: { nameZh: string }) => s.nameZh.includes('住宅'))).toBe(true);
    const exact = await search({ keyword: '住宅设计标准' });
    expect(exact.data.list[0]!.nameZh).toBe('住宅设计标准');
    expect(exact.data.list[0]!.highlight).toBe('<em>住宅设计标准</em>');
    const apart = await search({ keyword: '混凝土 设计' });
    expect(apart.data.list.map((s: { nameZh: string }) => s.nameZh)).toContain('混凝土结构设计标准');
    const single = await search({ keyword: '鸽' });
    expect(single.data.total).toBe(0);
    const one = await search({ keyword: '泵' });
    expect(one.data.list.every((s: { nameZh: string }) => s.nameZh.includes('泵'))).toBe(true);
    expect(one.data.total).toBeGreaterThan(0);
    const en = await search({ keyword: 'lychee' });
    expect(en.data.total).toBe(2);
  });

  it.each([
    ['level', 'local', (s: Record<string, unknown>) => s.level === 'local'],
    ['status', 'replaced', (s: Record<string, unknown>) => s.status === 'replaced'],
    ['nature', 'recommended', (s: Record<string, unknown>) => s.nature === 'recommended'],
    ['ccs', 'b3', (s: Record<string, unknown>) => String(s.ccsCode).startsWith('B3')],
    ['ics', '91.100', (s: Record<string, unknown>) => String(s.icsCode).startsWith('91.100')],
    ['region', '上海', (s: Record<string, unknown>) => s.region === '上海'],
    ['region', '中山', (s: Record<string, unknown>) => s.region === '中山'],
    ['region', '深圳', (s: Record<string, unknown>) => s.region === '深圳'],
    ['department', '农业农村', (s: Record<string, unknown>) => ['中山', '广东'].includes(String(s.region))],
    ['publishFrom', '2023-06-01', (s: Record<string, unknown>) => String(s.publishDate) >= '2023-06-01'],
    ['publishTo', '2001-01-01', (s: Record<string, unknown>) => String(s.publishDate) <= '2001-01-01'],
    ['implementFrom', '2025-01-01', (s: Record<string, unknown>) => String(s.implementDate) >= '2025-01-01'],
    ['implementTo', '2004-01-01', (s: Record<string, unknown>) => String(s.implementDate) <= '2004-01-01'],
  ])('filters %s=%s', async (name, value, check) => {
    const b = await search({ [name]: value, size: 100 });
    expect(b.code).toBe(0);
    expect(b.data.total).toBeGreaterThan(0);
    expect(b.data.list.every(check)).toBe(true);
  });

  it('includes city standards under 广东 and keeps 中山 and 深圳 apart', async () => {
    const gd = await search({ region: '广东', size: 100 });
    expect(gd.data.list.map((s: { region: string | null }) => s.region).sort()).toEqual(['中山', '广东', '深圳']);
    expect((await search({ region: '中山' })).data.total).toBe(1);
    expect((await search({ region: '深圳', keyword: '荔枝' })).data.total).toBe(0);
  });

  it('sorts by number, publish and implement dates', async () => {
    const byNo = (await search({ sort: 'no', size: 50 })).data.list.map((s: { id: number }) => s.id);
    expect(byNo.length).toBe(50);
    const impl = (await search({ sort: 'implement', size: 20 })).data.list.map(
      (s: { implementDate: string | null }) => s.implementDate,
    );
    expect([...impl].sort().reverse()).toEqual(impl);
    const pub = (await search({ sort: 'publish', size: 20, level: 'local' })).data.list.map(
      (s: { publishDate: string | null }) => s.publishDate,
    );
    expect([...pub].sort().reverse()).toEqual(pub);
  });

  it('pages with total and refuses sizes above 100', async () => {
    const p1 = await search({ page: 1, size: 10 });
    const p2 = await search({ page: 2, size: 10 });
    expect(p1.data).toMatchObject({ total: 576, page: 1, size: 10 });
    expect(p1.data.list).toHaveLength(10);
    expect(p2.data.list[0]!.id).not.toBe(p1.data.list[0]!.id);
    expect((await search({ size: 100 })).data.list).toHaveLength(100);
    for (const bad of [
      { size: 101 },
      { size: 0 },
      { page: 0 },
      { page: 'x' },
      { size: 1.5 },
      { level: 'nope' },
      { publishFrom: '2020-02-30' },
      { sort: 'drop' },
    ]) {
      const b = await search(bad as unknown as Record<string, string>);
      expect(b.code).toBe(400);
      expect(b.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it.each([
    '%',
    '_',
    '\\',
    "'; drop table standards; --",
    '"',
    '<script>alert(1)</script>',
    '\u0000\u0001\u0007',
    '%%__\\\\',
    'GB%',
    '混凝土%_',
    '\ud83d\ude00',
    '   ',
  ])('never fails on hostile keyword %j', async (kw) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/portal/standards?keyword=${encodeURIComponent(kw)}` });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    // U+0000 cannot be stored or matched by PostgreSQL: refused like anywhere else in the API.
    if (kw.includes('\u0000')) return expect(b).toMatchObject({ code: 400, msg: InputMessages.badChars });
    expect(b.code).toBe(0);
    for (const s of b.data.list) expect(s.highlight).not.toContain('<script>');
    // Wildcards are plain punctuation: "GB%" finds what "GB" finds, "%" alone finds nothing.
    const plain = kw.replace(/[%_\\]/g, '');
    if (plain !== kw) {
      const same = plain.trim() ? (await search({ keyword: plain })).data.total : 0;
      expect(b.data.total).toBe(same);
    }
  });

  it('escapes the title before marking matches', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/portal/standards?keyword=${encodeURIComponent('住宅<em>')}` });
    expect(res.json().code).toBe(0);
    const b = await search({ keyword: '宿舍' });
    expect(b.data.list[0]!.highlight).toContain('<em>宿舍</em>');
    expect(b.data.list[0]!.highlight).not.toMatch(/<(?!\/?em>)/);
  });

  it('refuses a 5,000-character keyword with a Chinese message', async () => {
    const b = await search({ keyword: '建'.repeat(5000) });
    expect(b).toMatchObject({ code: 400, msg: '检索关键词不能超过100个字符' });
    expect((await search({ keyword: '建'.repeat(100) })).code).toBe(0);
  });

  it('suggests numbers and titles', async () => {
    const b = await get<DataOf<'GET /api/portal/standards/suggest'>>(
      `/api/portal/standards/suggest?keyword=${encodeURIComponent('GB 5503')}`,
    );
    expect(b.code).toBe(0);
    expect(b.data.length).toBeGreaterThan(0);
    expect(b.data.length).toBeLessThanOrEqual(10);
    expect(b.data.every((s: { standardNo: string }) => s.standardNo.startsWith('GB 5503'))).toBe(true);
    expect((await get('/api/portal/standards/suggest?keyword=')).data).toEqual([]);
  });

  it('answers the detail with classification names, both relation directions, history and source', async () => {
    const find = async (kw: string) => (await search({ keyword: kw })).data.list[0]!.id;
    const d = (await get<DataOf<'GET /api/portal/standards/:id'>>(`/api/portal/standards/${await find('GB 55038-2025')}`)).data;
    expect(d).toMatchObject({
      standardNo: 'GB 55038-2025',
      nameZh: '住宅项目规范',
      sourceCredit: { source: 'Arch-Standards-Index', licence: 'CC BY 4.0' },
    });
    expect(d.replaces).toContainEqual(
      expect.objectContaining({ kind: 'replaces', label: '代替', standardNo: 'GB 50368-2005', id: null }),
    );
    const target = d.replaces.find((r: { standardNo: string }) => r.standardNo === 'GB 50096-2011')!;
    expect(target.id).toEqual(expect.any(Number));
    const back = (await get<DataOf<'GET /api/portal/standards/:id'>>(`/api/portal/standards/${target.id}`)).data;
    expect(back.replacedBy).toContainEqual(
      expect.objectContaining({ standardNo: 'GB 55038-2025', id: d.id, label: '被部分代替' }),
    );
    expect(d.statusHistory).toEqual([
      expect.objectContaining({ oldStatus: null, newStatus: 'current', source: 'Arch-Standards-Index' }),
    ]);
    const old = (await get<DataOf<'GET /api/portal/standards/:id'>>(`/api/portal/standards/${await find('DGJ08-22-2003')}`)).data;
    expect(old.status).toBe('replaced');
    expect(old.replacedBy[0]).toMatchObject({ standardNo: 'DGJ08-22-2018', inferred: true });
    expect(old.statusHistory.map((h: { newStatus: string }) => h.newStatus)).toEqual(['current', 'replaced']);
    const demo = (await get(`/api/portal/standards/${await find('DB4420/T 9001-2024')}`)).data;
    expect(demo).toMatchObject({
      ccsCode: 'B31',
      ccsName: expect.any(String),
      icsCode: '65.020.20',
      icsNameEn: expect.any(String),
    });
  });

  it.each(['999999999', 'abc', '0', '-1', '1.5', '1e3', '9'.repeat(30)])('answers 404 for id %s', async (id) => {
    const b = await get(`/api/portal/standards/${encodeURIComponent(id)}`);
    expect(b.code).toBe(404);
  });

  it('counts by level and status, newly published and upcoming', async () => {
    const b = await get<DataOf<'GET /api/portal/standards/stats'>>('/api/portal/standards/stats');
    expect(b.code).toBe(0);
    expect(b.data.total).toBe(576);
    expect(b.data.byLevel.local).toBe(492);
    expect(b.data.byLevel.national! + b.data.byLevel.industry!).toBe(84);
    expect(b.data.byStatus.replaced).toBe(37);
    const fixed = await standardStats(ctx.testDb.db, TODAY);
    // Implement date 2026-06-01 is after TODAY; 2025-05-01 (GB 55038-2025) is within the last 12 months.
    expect(fixed.upcoming).toBeGreaterThanOrEqual(1);
    expect(fixed.newlyPublished).toBeGreaterThanOrEqual(2);
  });

  it('lists CCS and ICS with parents and Chinese ICS field names', async () => {
    const ccs = (await get<DataOf<'GET /api/portal/classifications/ccs'>>('/api/portal/classifications/ccs')).data;
    expect(ccs.find((c: { code: string }) => c.code === 'A')).toMatchObject({ name: '综合', level: 1, parent: null });
    expect(ccs.find((c: { code: string }) => c.code === 'A00')).toMatchObject({ level: 3, parent: 'A00/09' });
    const ics = (await get<DataOf<'GET /api/portal/classifications/ics'>>('/api/portal/classifications/ics')).data;
    expect(ics.find((c: { code: string }) => c.code === '01')).toMatchObject({ nameZh: '综合、术语学、标准化、文献', level: 1 });
    expect(ics.find((c: { code: string }) => c.code === '01.020')).toMatchObject({ parent: '01', level: 2 });
  });
});
