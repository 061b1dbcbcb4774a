import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { multipart } from './helpers/multipart.ts';
import { seedStandardsData } from '../src/modules/standards/catalogue/seed.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';

const TODAY = '2026-01-01';

/** Labelled test rows (示例): the real files hold no Zhongshan DB4420/T numbers. */
const ZHONGSHAN = `standardNo,nameZh,status,implementDate
DB4420/T 12-2021,示例中山红木家具质量要求,现行,2021-06-01
DB4420/T 3-2020,示例中山脆肉鲩养殖技术规范,现行,2020-03-01
DB4420/T 101-2023,示例中山灯饰产品通用要求,现行,2023-05-01
DB4420/T 20-2022,示例中山小榄菊花种植规程,现行,2022-01-01
GB/Z 369-2010,示例职业健康指导性技术文件,现行,2010-06-01
GB 9877-2020,示例强制性编号孪生记录,现行,2020-06-01
GB/T 9877-2019,示例推荐性编号记录,现行,2019-06-01
GB/T 98771-2018,示例推荐性编号前缀记录一,现行,2018-06-01
GB/T 98772-2015,示例推荐性编号前缀记录二,现行,2015-06-01
GB/T 98773-2016,示例引用DB4420/T编号的说明,现行,2016-06-01
`;

type Item = {
  id: number;
  standardNo: string;
  nameZh: string;
  status: string;
  replacedBy: { id: number; standardNo: string } | null;
};

describe.each(engines)('standards search rules on %s', (engine) => {
  const ctx = useTestApp(engine);
  const search = async (qs: Record<string, string | number>) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/standards?${new URLSearchParams(Object.entries(qs).map(([k, v]): [string, string] => [k, String(v)]))}`,
    });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.code).toBe(0);
    return b.data as { total: number; list: Item[]; partialFrom: number | null; nearest: Item[] };
  };
  const nos = (list: Item[]) => list.map((i) => i.standardNo);

  beforeAll(async () => {
    await seedStandardsData(ctx.testDb.db, TODAY);
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-std-')), 'zs.csv');
    fs.writeFileSync(f, ZHONGSHAN);
    expect((await importFile(ctx.testDb.db, f, { source: '示例', today: TODAY })).rejected).toBe(0);
  });

  it.each([
    ['GBT 50011', 'GB/T 50011-2010'],
    ['GBT50011', 'GB/T 50011-2010'],
    ['ＧＢＴ５００１１', 'GB/T 50011-2010'],
    ['gb/t50011.2010', 'GB/T 50011-2010'],
    ['GB 50011-2010 XG1', 'GB/T 50011-2010'],
    ['GB/T 50011-2010(2024年版)', 'GB/T 50011-2010'],
    ['JGJT 67', 'JGJ/T 67-2019'],
    ['JGJ T67-2019', 'JGJ/T 67-2019'],
    ['jgj/t 67－2019', 'JGJ/T 67-2019'],
    ['DGJ08-9-2013', 'DGJ08-9-2013'],
    ['DG/TJ 08 9 2013', 'DGJ08-9-2013'],
    ['DG TJ08-9-2013', 'DGJ08-9-2013'],
    ['dg/tj08-2132.2020', 'DG/TJ08-2132-2020'],
    ['GB Z 369-2010', 'GB/Z 369-2010'],
    ['GB/Z 369-10', 'GB/Z 369-2010'],
  ])('%s finds %s first', async (kw, no) => {
    const d = await search({ keyword: kw });
    expect(d.list[0]?.standardNo).toBe(no);
  });

  it('property: any spelling of a catalogue number finds that record first', async () => {
    const rows = await ctx.testDb.db.query<{ standard_no: string; no_prefix: string }>(
      `select standard_no, no_prefix from standards where no_prefix in ('GB/T', 'GB', 'JGJ', 'JGJ/T', 'CJJ', 'DG/TJ08') order by id`,
    );
    const full = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...rows),
        fc.constantFrom('', ' ', '　'),
        fc.constantFrom('-', '—', '－', '.', ' '),
        fc.constantFrom('/', '', ' '),
        fc.boolean(),
        fc.boolean(),
        async (row, sep, dash, slash, lower, wide) => {
          const m = /^(.+?)[ -]?(\d+[A-Z]?)-(\d{4})$/.exec(row.standard_no.replace(/\(.*$/, ''))!;
          let s = `${m[1]!.replace('/', row.no_prefix === 'DG/TJ08' ? '/' : slash)}${sep}${m[2]}${dash}${m[3]}`;
          if (lower) s = s.toLowerCase();
          if (wide) s = full(s);
          const d = await search({ keyword: s, size: 3 });
          expect(d.list[0]?.standardNo, s).toBe(row.standard_no);
        },
      ),
      { numRuns: engine === 'pglite' ? 60 : 120 },
    );
  });

  it.each([
    ['DG/TJ08', 'DG/TJ08'],
    ['DB4420/T', 'DB4420/T'],
    ['GB/T 500', 'GB/T500'],
    ['JGJ/T', 'JGJ/T'],
  ])('prefix %s lists every record with it, in number order, with the total', async (kw, prefix) => {
    const expected = await ctx.testDb.db.query<{ standard_no: string; no_base: string; no_prefix: string }>(
      `select standard_no, no_base, no_prefix from standards where no_key like $1`,
      [`${prefix}%`],
    );
    const lead = (r: { no_base: string; no_prefix: string }) => Number(/\d+/.exec(r.no_base.slice(r.no_prefix.length))?.[0]);
    const d = await search({ keyword: kw, size: 100 });
    expect(d.total).toBe(expected.length);
    expect(d.total).toBeGreaterThan(0);
    const first = d.list.map((i) => expected.find((e) => e.standard_no === i.standardNo)!);
    expect(first.every(Boolean)).toBe(true);
    const leads = first.map(lead);
    expect(leads).toEqual([...leads].sort((a, b) => a - b));
  });

  it('reads GBZ typed without its slash as GB/Z too', async () => {
    for (const kw of ['GBZ 369-2010', 'ＧＢＺ ３６９－２０１０', 'gbz369']) {
      const d = await search({ keyword: kw });
      expect(d.list[0]?.standardNo, kw).toBe('GB/Z 369-2010');
    }
  });

  it('lists numbers starting with a yearless number before its /T twins', async () => {
    const d = await search({ keyword: 'GB/T 9877' });
    expect(nos(d.list)).toEqual(['GB/T 9877-2019', 'GB/T 98771-2018', 'GB/T 98772-2015', 'GB/T 98773-2016', 'GB 9877-2020']);
    // With a year the twin is a likely mistyped mark and comes right after the exact number.
    expect(nos((await search({ keyword: 'GB 9877-2019' })).list)).toEqual(['GB/T 9877-2019', 'GB 9877-2020']);
    expect(nos((await search({ keyword: 'GB 9877' })).list)[0]).toBe('GB 9877-2020');
  });

  it('looks a number being typed up by number only, even where a title quotes it', async () => {
    const d = await search({ keyword: 'DB4420/' });
    expect(d.total).toBe(4);
    expect(nos(d.list)).not.toContain('GB/T 98773-2016');
    expect(nos((await search({ keyword: 'DB4420/T编号' })).list)).toContain('GB/T 98773-2016');
  });

  it('pages a number listing exactly like one long page', async () => {
    const all = await search({ keyword: 'DG/TJ08', size: 60 });
    expect(all.total).toBeGreaterThan(40);
    const second = await search({ keyword: 'DG/TJ08', size: 20, page: 2 });
    expect(second.total).toBe(all.total);
    expect(nos(second.list)).toEqual(nos(all.list).slice(20, 40));
  });

  it('reports the total on a page past the end', async () => {
    const first = await search({ keyword: '抗震' });
    const far = await search({ keyword: '抗震', page: 500 });
    expect(far.list).toEqual([]);
    expect(far.total).toBe(first.total);
  });

  it('stores the number order the former SQL expression gave, for every imported number', async () => {
    const [row] = await ctx.testDb.db.query<{ n: number; differ: number }>(
      `select count(*)::int as n, count(*) filter (where no_order is distinct from
         lpad(coalesce(substring(substr(no_base, length(no_prefix) + 1) from '[0-9]+'), ''), 12, '0'))::int as differ
       from standards`,
    );
    expect(row!.n).toBeGreaterThan(500);
    expect(row!.differ).toBe(0);
  });

  it('lists the Zhongshan records in number order', async () => {
    const d = await search({ keyword: 'DB4420/T' });
    expect(nos(d.list)).toEqual(['DB4420/T 3-2020', 'DB4420/T 12-2021', 'DB4420/T 20-2022', 'DB4420/T 101-2023']);
  });

  it('puts records in force before superseded ones of comparable relevance, and names the replacement', async () => {
    const d = await search({ keyword: '抗震', size: 50 });
    const at = (no: string) => nos(d.list).indexOf(no);
    expect(at('GB/T 50011-2010')).toBeGreaterThanOrEqual(0);
    expect(at('DGJ08-9-2013')).toBeGreaterThan(at('GB/T 50011-2010'));
    const old = d.list[at('DGJ08-9-2013')]!;
    expect(old.status).toBe('replaced');
    expect(old.replacedBy?.standardNo).toBe('DG/TJ08-9-2023');
    expect(d.list.find((i) => i.id === old.replacedBy!.id)?.standardNo).toBe('DG/TJ08-9-2023');
    // Every superseded record comes after every record in force whose title holds the word the same way.
    const inForce = d.list.filter((i) => i.status === 'current' || i.status === 'upcoming');
    const lastInForceContaining = Math.max(...inForce.filter((i) => !i.nameZh.startsWith('抗震')).map((i) => at(i.standardNo)));
    const firstOld = Math.min(...d.list.filter((i) => i.status === 'replaced').map((i) => at(i.standardNo)));
    expect(firstOld).toBeGreaterThan(lastInForceContaining);
  });

  it('ranks the edition in force first for a number typed without year', async () => {
    const d = await search({ keyword: 'DG/TJ08-218' });
    expect(nos(d.list).slice(0, 2)).toEqual(['DG/TJ08-218-2017', 'DGJ08-218-2003']);
    expect(d.list[1]!.replacedBy?.standardNo).toBe('DG/TJ08-218-2017');
  });

  it('keeps an exact number match first whatever its status', async () => {
    const d = await search({ keyword: 'DGJ08-218-2003' });
    expect(d.list[0]!.standardNo).toBe('DGJ08-218-2003');
  });

  it('finds titles whose words are not contiguous, partial matches after full ones', async () => {
    const water = await search({ keyword: '地下室防水' });
    expect(water.total).toBeGreaterThan(0);
    expect(nos(water.list)).toContain('DG/TJ08-2132-2020');
    const road = await search({ keyword: '城市道路设计', size: 50 });
    expect(road.partialFrom).not.toBeNull();
    const full = road.list.slice(0, road.partialFrom!);
    expect(nos(full)).toContain('DGJ08-2106-2012');
    for (const i of full) for (const w of ['城市', '道路', '设计']) expect(i.nameZh).toContain(w);
    expect(road.list.slice(road.partialFrom!).length).toBeGreaterThan(0);
  });

  it('applies synonyms both ways and takes an operator edit at once', async () => {
    const concrete = await search({ keyword: '混凝土结构', size: 100 });
    const tong = await search({ keyword: '砼结构', size: 100 });
    expect(tong.total).toBe(concrete.total);
    expect(tong.total).toBeGreaterThan(0);
    const before = await search({ keyword: '房屋抗震' });
    const op = await userWithToken(ctx.app, 'operator');
    const created = await call<DataOf<'POST /api/admin/search/synonyms'>>(
      ctx.app,
      'POST',
      '/api/admin/search/synonyms',
      op.token,
      { terms: ['房屋', '建筑'] },
    );
    expect(created.code).toBe(0);
    const after = await search({ keyword: '房屋抗震' });
    expect(after.total).toBeGreaterThan(before.total);
    expect(nos(after.list)).toContain('GB/T 50011-2010');
    const list = await call<DataOf<'GET /api/admin/search/synonyms'>>(ctx.app, 'GET', '/api/admin/search/synonyms', op.token);
    expect(list.data.map((g: { terms: string[] }) => g.terms)).toContainEqual(['混凝土', '砼']);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/search/synonyms/${created.data.id}`,
      headers: { authorization: op.token },
    });
    expect(del.json().code).toBe(0);
    expect((await search({ keyword: '房屋抗震' })).total).toBe(before.total);
    expect((await call(ctx.app, 'POST', '/api/admin/search/synonyms', op.token, { terms: ['砼'] })).code).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/admin/search/synonyms')).code).toBe(401);
  });

  it('says when nothing is found, offers the nearest numbers and counts the miss', async () => {
    const d = await search({ keyword: 'GB/T 50012-2010' });
    expect(d.total).toBe(0);
    expect(nos(d.nearest)).toContain('GB/T 50011-2010');
    await search({ keyword: 'ＧＢ/Ｔ 50012-2010' });
    const words = await search({ keyword: '量子纠缠示例不存在' });
    expect(words.total).toBe(0);
    const op = await userWithToken(ctx.app, 'operator');
    const misses = await call<DataOf<'GET /api/admin/search/misses'>>(
      ctx.app,
      'GET',
      '/api/admin/search/misses?size=100',
      op.token,
    );
    const row = misses.data.list.find((m: { query: string }) => m.query === 'gb/t 50012-2010');
    expect(row?.hits).toBe(2);
    expect(misses.data.list.map((m: { query: string }) => m.query)).toContain('量子纠缠示例不存在');
    expect((await call(ctx.app, 'GET', '/api/admin/search/misses')).code).toBe(401);
    const user = await userWithToken(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/admin/search/misses', user.token)).code).toBe(403);
  });

  it('suggests numbers by prefix and titles by words', async () => {
    const r = await call<Item[]>(ctx.app, 'GET', `/api/portal/standards/suggest?keyword=${encodeURIComponent('GBT 500')}`);
    expect(r.data.map((s: Item) => s.standardNo)).toContain('GB/T 50011-2010');
    const t = await call<Item[]>(ctx.app, 'GET', `/api/portal/standards/suggest?keyword=${encodeURIComponent('抗震设计')}`);
    expect(t.data.length).toBeGreaterThan(0);
    for (const s of t.data) expect(s.nameZh).toMatch(/抗震.*设计|设计.*抗震/);
  });

  it('suggests exactly the first full matches, whether titles starting with the words fill them or not', async () => {
    const [{ n }] = (await ctx.testDb.db.query<{ n: number }>(
      `select count(*)::int as n from standards where name_zh like '建筑%'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(10);
    for (const kw of ['建筑', '抗震设计', '砼结构']) {
      const s = await call<Item[]>(ctx.app, 'GET', `/api/portal/standards/suggest?keyword=${encodeURIComponent(kw)}`);
      const page = await search({ keyword: kw, size: 10 });
      // Suggestions hold every word: the page's full matches, before any partial ones.
      const full = page.list.slice(0, page.partialFrom ?? page.list.length);
      expect(full.length, kw).toBeGreaterThan(0);
      expect(
        s.data.map((x: Item) => x.id),
        kw,
      ).toEqual(full.map((x) => x.id));
    }
  });

  it('checks a batch of numbers in any spelling', async () => {
    const numbers = ['gbt50011', 'DGJ08-9-2013', 'JGJ T67-2019', 'GB/T 99999-2020', '不是标准号', '', 'DG/TJ08-218'];
    const r = await call<DataOf<'POST /api/portal/standards/check'>>(ctx.app, 'POST', '/api/portal/standards/check', undefined, {
      numbers,
    });
    expect(r.code).toBe(0);
    expect(r.data.total).toBe(6);
    expect(r.data.found).toBe(4);
    const [a, b, c, d, e, f] = r.data.lines;
    expect(a!.record!.standardNo).toBe('GB/T 50011-2010');
    expect(b!.record).toMatchObject({ standardNo: 'DGJ08-9-2013', status: 'replaced' });
    expect(b!.record!.replacedBy!.standardNo).toBe('DG/TJ08-9-2023');
    expect(c!.record!.standardNo).toBe('JGJ/T 67-2019');
    expect(c!.record!.implementDate).toBe('2020-06-01');
    expect(d).toMatchObject({ result: 'missing', record: null });
    expect(d!.nearest.length).toBeGreaterThan(0);
    expect(e).toMatchObject({ result: 'unparsed', line: 5 });
    expect(f!.record!.standardNo).toBe('DG/TJ08-218-2017');
  });

  it('matches a number typed with its series mark left out, or GB/Z run together as GBZ, as the search box does', async () => {
    const numbers = ['GBZ369-2010', 'GB Z 369', 'GB 9877-2019', 'GB 9877', 'GBZ 370-2010'];
    const r = await call<DataOf<'POST /api/portal/standards/check'>>(ctx.app, 'POST', '/api/portal/standards/check', undefined, {
      numbers,
    });
    expect(r.code).toBe(0);
    const [gbz, spaced, twin, typed, missing] = r.data.lines;
    expect(gbz!.record!.standardNo).toBe('GB/Z 369-2010');
    expect(spaced!.record!.standardNo).toBe('GB/Z 369-2010');
    // The edition asked for, in the series that has it; without a year, the series as typed comes first.
    expect(twin!.record!.standardNo).toBe('GB/T 9877-2019');
    expect(typed!.record!.standardNo).toBe('GB 9877-2020');
    // Not in the catalogue: the nearest numbers come from the series it meant, not from keys that sort nearby.
    expect(missing).toMatchObject({ result: 'missing', record: null });
    expect(missing!.nearest[0]!.standardNo).toBe('GB/Z 369-2010');
  });

  it('property: the batch check matches any spelling of a catalogue number to that record', async () => {
    const all = await ctx.testDb.db.query<{ standard_no: string; no_prefix: string; no_key: string }>(
      `select standard_no, no_prefix, no_key from standards
       where no_prefix in ('GB/T', 'GB', 'GB/Z', 'JGJ', 'JGJ/T', 'CJJ', 'CJJ/T', 'DG/TJ08') order by id`,
    );
    // A number whose mark-less twin is also in the catalogue means that twin when the mark is left out.
    const bare = (key: string) => key.replace(/^([A-Z]+)\/[TZ]/, '$1');
    const twins = new Map<string, number>();
    for (const r of all) twins.set(bare(r.no_key), (twins.get(bare(r.no_key)) ?? 0) + 1);
    const split = (no: string) => /^(.+?)[ -]?(\d+[A-Z]?)-(\d{4})$/.exec(no.replace(/\(.*$/, ''));
    const rows = all.filter((r) => split(r.standard_no) && twins.get(bare(r.no_key)) === 1);
    const full = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const spellings = fc.sample(
      fc.record({
        row: fc.constantFrom(...rows),
        sep: fc.constantFrom('', ' ', '　'),
        dash: fc.constantFrom('-', '—', '－', '.', ' '),
        slash: fc.constantFrom('/', '', ' ', 'mark left out'),
        lower: fc.boolean(),
        wide: fc.boolean(),
      }),
      engine === 'pglite' ? 300 : 1000,
    );
    const typed = spellings.map(({ row, sep, dash, slash, lower, wide }) => {
      const m = split(row.standard_no)!;
      const series =
        row.no_prefix === 'DG/TJ08'
          ? m[1]!
          : slash === 'mark left out'
            ? m[1]!.replace(/\/[TZ]$/, '')
            : m[1]!.replace('/', slash);
      let s = `${series}${sep}${m[2]}${dash}${m[3]}`;
      if (lower) s = s.toLowerCase();
      return wide ? full(s) : s;
    });
    const r = await call<DataOf<'POST /api/portal/standards/check'>>(ctx.app, 'POST', '/api/portal/standards/check', undefined, {
      numbers: typed,
    });
    expect(r.code).toBe(0);
    const got = (r.data.lines as { input: string; record: { standardNo: string } | null }[]).map((l) => [
      l.input,
      l.record?.standardNo,
    ]);
    expect(got).toEqual(spellings.map(({ row }, i) => [typed[i]!.trim(), row.standard_no]));
  });

  it('refuses an oversized or malformed batch with a Chinese message', async () => {
    const big = await call(ctx.app, 'POST', '/api/portal/standards/check', undefined, {
      numbers: Array.from({ length: 1001 }, (_, i) => `GB ${i}`),
    });
    expect(big).toMatchObject({ status: 200, code: 400 });
    expect(big.msg).toContain('1000');
    const bad = await call(ctx.app, 'POST', '/api/portal/standards/check', undefined, { numbers: 'GB 1' });
    expect(bad.code).toBe(400);
  });

  it('checks 1,000 numbers in one call', async () => {
    const rows = await ctx.testDb.db.query<{ standard_no: string }>('select standard_no from standards order by id');
    const numbers = Array.from({ length: 1000 }, (_, i) => rows[i % rows.length]!.standard_no);
    const r = await call<DataOf<'POST /api/portal/standards/check'>>(ctx.app, 'POST', '/api/portal/standards/check', undefined, {
      numbers,
    });
    expect(r.data.found).toBe(1000);
  });
});

describe.each(engines)('standards files on %s', (engine) => {
  const ctx = useTestApp(engine);
  beforeAll(async () => {
    await seedStandardsData(ctx.testDb.db, TODAY);
  });
  const readXlsx = async (body: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  };

  it('exports search results as XLSX in result order', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/standards/export?keyword=${encodeURIComponent('DG/TJ08')}`,
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/portal/standards?keyword=DG%2FTJ08&size=100` })).json().data;
    expect(rows[0]).toEqual(['标准号', '标准名称', '状态', '发布日期', '实施日期', '代替它的标准']);
    expect(rows.length - 1).toBe(page.total);
    expect(rows.slice(1, 101).map((r) => r[0])).toEqual(page.list.map((i: Item) => i.standardNo));
    const replaced = rows.find((r) => r[0] === 'DGJ08-9-2013')!;
    expect(replaced[2]).toBe('被代替');
    expect(replaced[5]).toBe('DG/TJ08-9-2023');
  });

  it('downloads a batch check as XLSX and checks an uploaded list', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/standards/check/xlsx',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ numbers: ['GBT 50011', '=cmd', 'GB/T 99999-2020'] }),
    });
    const rows = await readXlsx(res.rawPayload);
    expect(rows[1]!.slice(0, 4)).toEqual(['1', 'GBT 50011', '已找到', 'GB/T 50011-2010']);
    expect(rows[2]!.slice(1, 3)).toEqual(["'=cmd", '不是标准号']);
    expect(rows[3]![2]).toBe('未收录');

    const csv = Buffer.from('\uFEFF标准号,备注\ngbt50011,抗震\nDGJ08-9-2013,\n');
    const { payload, headers } = multipart([{ filename: 'list.csv', type: 'text/csv', content: csv }]);
    const up = await ctx.app.inject({ method: 'POST', url: '/api/portal/standards/check/file', payload, headers });
    expect(up.json().data.lines.map((l: { record: Item | null }) => l.record?.standardNo)).toEqual([
      'GB/T 50011-2010',
      'DGJ08-9-2013',
    ]);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('list');
    ws.addRow(['编号']);
    ws.addRow(['JGJ T67-2019']);
    const x = multipart([{ filename: 'list.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }]);
    const upx = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/standards/check/file',
      payload: x.payload,
      headers: x.headers,
    });
    expect(upx.json().data.lines[0].record.standardNo).toBe('JGJ/T 67-2019');
    const empty = multipart([{ filename: 'e.txt', content: Buffer.from('\n\n') }]);
    const upe = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/standards/check/file',
      payload: empty.payload,
      headers: empty.headers,
    });
    expect(upe.json()).toMatchObject({ code: 400, msg: '文件中没有找到标准号' });
  });
});
