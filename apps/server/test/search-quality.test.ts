import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { searchStandards } from '../src/modules/standards/search/search.ts';
import { extractCitations } from '../src/modules/standards/doccheck/extract.ts';

const TODAY = '2026-01-01';

/**
 * Labelled rows (示例) for the quality items of issue 29: hyphen for the slash, a Shanghai prefix typed in
 * one spelling, and a keyword that has a synonym (消防 ↔ 防火, seeded by migration 0020).
 */
function catalogue(): string {
  const rows = ['standardNo,nameZh,status,implementDate'];
  rows.push('GB/T 50010-2010,示例混凝土结构设计规范,现行,2011-07-01');
  rows.push('GB/T 50011-2010,示例建筑抗震设计规范,现行,2010-12-01');
  // Twins of one number space, interleaved by number: DGJ08-1x older, DG/TJ08-1x newer.
  for (let n = 10; n < 30; n++) {
    const older = n % 2 === 0;
    rows.push(
      `${older ? 'DGJ08' : 'DG/TJ08'}-${n}-${older ? 2005 : 2020},示例上海工程建设规范${n},${older ? '废止' : '现行'},${older ? '2005' : '2020'}-01-01`,
    );
  }
  // Synonym-only titles newer and in force, typed-word titles older: only the typed-word rule orders them.
  for (let i = 1; i <= 14; i++) rows.push(`T/ZSQA ${i}-2024,示例建筑防火设计通则${i},现行,2024-0${(i % 9) + 1}-01`);
  for (let i = 21; i <= 34; i++) rows.push(`T/ZSQA ${i}-2010,示例${i % 2 ? '城市' : '建筑'}消防设施检查${i},废止,2010-01-01`);
  // Word + number fragment: 抗震 under GB/T 3001 and GB/T 50011, GB/T 500xx without it.
  rows.push('GB/T 3001-2015,示例桥梁抗震鉴定标准,现行,2016-01-01');
  rows.push('GB/T 50099-2015,示例钢结构焊接规范,现行,2016-01-01');
  rows.push('JG/T 9001-2015,示例混凝土C30配合比规程,现行,2016-01-01');
  rows.push('JG/T 9002-2015,示例混凝土外加剂规程,现行,2016-01-01');
  return `${rows.join('\n')}\n`;
}

type Item = { standardNo: string; nameZh: string };

describe.each(engines)('search quality on %s', (engine) => {
  const ctx = useTestApp(engine);
  const search = async (keyword: string, size = 20) => {
    const r = await call<DataOf<'GET /api/portal/standards'>>(
      ctx.app,
      'GET',
      `/api/portal/standards?${new URLSearchParams({ keyword, size: String(size) })}`,
    );
    expect(r.code).toBe(0);
    return r.data as { total: number; list: Item[]; partialFrom: number | null };
  };
  const suggest = async (keyword: string) => {
    const r = await call<DataOf<'GET /api/portal/standards/suggest'>>(
      ctx.app,
      'GET',
      `/api/portal/standards/suggest?${new URLSearchParams({ keyword })}`,
    );
    expect(r.code).toBe(0);
    return r.data as Item[];
  };

  beforeAll(async () => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-quality-')), 'q.csv');
    fs.writeFileSync(f, catalogue());
    expect((await importFile(ctx.testDb.db, f, { source: '示例', today: TODAY })).rejected).toBe(0);
  });

  it.each([
    ['GB-T 50010', 'GB/T 50010-2010'],
    ['gb-t 50011', 'GB/T 50011-2010'],
    ['GB－T50010-2010', 'GB/T 50010-2010'],
  ])('finds %s, a hyphen typed for the slash', async (typed, no) => {
    expect((await search(typed)).list[0]?.standardNo).toBe(no);
    expect((await suggest(typed))[0]?.standardNo).toBe(no);
  });

  it('checks hyphen spellings in a batch as the search box reads them', async () => {
    const r = await call<DataOf<'POST /api/portal/standards/check'>>(ctx.app, 'POST', '/api/portal/standards/check', undefined, {
      numbers: ['GB-T 50010', 'gb-t 50011-2010'],
    });
    expect(r.code).toBe(0);
    expect(r.data.lines.map((l) => l.record?.standardNo)).toEqual(['GB/T 50010-2010', 'GB/T 50011-2010']);
  });

  it('reads a hyphen spelling cited in a document as the number', () => {
    expect(extractCitations('依据 GB-T 50010-2010 与 JGJ－T 67 设计').map((c) => c.no?.key)).toEqual([
      'GB/T50010-2010',
      'JGJ/T67',
    ]);
    // Letters that are no series code stay unread.
    expect(extractCitations('型号 XX-T 100-2020').map((c) => c.no?.key ?? null)).not.toContain('XX/T100-2020');
  });

  it('lists the spelling typed first: DGJ08-1 before its DG/TJ08 twins, and the other way round', async () => {
    const older = (await search('DGJ08-1')).list.map((i) => i.standardNo);
    expect(older).toHaveLength(10);
    expect(older.slice(0, 5).every((n) => n.startsWith('DGJ08-'))).toBe(true);
    expect(older.slice(5).every((n) => n.startsWith('DG/TJ08-'))).toBe(true);
    // Number order inside each spelling.
    expect(older.slice(0, 3)).toEqual(['DGJ08-10-2005', 'DGJ08-12-2005', 'DGJ08-14-2005']);
    const newer = (await search('DG/TJ08-1')).list.map((i) => i.standardNo);
    expect(newer.slice(0, 5)).toEqual([
      'DG/TJ08-11-2020',
      'DG/TJ08-13-2020',
      'DG/TJ08-15-2020',
      'DG/TJ08-17-2020',
      'DG/TJ08-19-2020',
    ]);
    expect((await suggest('DGJ08-1')).map((s) => s.standardNo)).toEqual(older);
  });

  it.each([
    ['消防', '防火'],
    ['防火', '消防'],
  ])('ranks every title holding %s before titles found through %s only', async (typed, synonym) => {
    for (const titleIndex of ['off', 'require'] as const) {
      const r = await searchStandards(ctx.testDb.db, { keyword: typed, size: 40 }, { titleIndex });
      expect(r.total).toBe(28);
      const holds = r.list.map((i) => i.nameZh.includes(typed));
      // All typed-word titles, then all synonym-only ones.
      expect(holds).toEqual([...Array(14).fill(true), ...Array(14).fill(false)]);
      expect(r.list.slice(14).every((i) => i.nameZh.includes(synonym))).toBe(true);
    }
    const page = await search(typed, 10);
    expect(page.list.every((i) => i.nameZh.includes(typed))).toBe(true);
    expect((await suggest(typed)).every((i) => i.nameZh.includes(typed))).toBe(true);
  });

  it.each([
    ['抗震 GB/T 500', 'GB/T 50011-2010'],
    ['抗震 500', 'GB/T 50011-2010'],
    ['500 抗震', 'GB/T 50011-2010'],
    ['ＧＢ／Ｔ　３００ 抗震', 'GB/T 3001-2015'],
    ['抗震 3', 'GB/T 3001-2015'],
  ])('reads %s as title words among numbers that start so', async (typed, no) => {
    for (const titleIndex of ['off', 'require'] as const) {
      const r = await searchStandards(ctx.testDb.db, { keyword: typed, size: 20 }, { titleIndex });
      expect(r.list.map((i) => i.standardNo)).toEqual([no]);
      expect(r.partialFrom).toBeNull();
    }
    expect((await search(typed)).list.map((i) => i.standardNo)).toEqual([no]);
    expect((await suggest(typed)).map((i) => i.standardNo)).toEqual([no]);
  });

  it('falls back to the words alone when no number starts so, never an empty page', async () => {
    const r = await search('抗震 7');
    expect(r.list.length).toBeGreaterThan(0);
    expect(r.list.every((i) => i.nameZh.includes('抗震'))).toBe(true);
  });

  it('reads the keyword whole when it finds nothing split: 混凝土 C30 finds the title holding C30', async () => {
    for (const kw of ['混凝土 C30', '混凝土 c30']) {
      const r = await search(kw);
      // The one full match, then titles holding part of the words, as before the split.
      expect(r.list[0]?.standardNo).toBe('JG/T 9001-2015');
      expect(r.partialFrom).toBe(1);
    }
  });

  it('answers two unrelated words with titles holding either, not nothing', async () => {
    const r = await searchStandards(ctx.testDb.db, { keyword: '焊接 桥梁', size: 20 });
    expect(r.partialFrom).toBe(0);
    expect(r.list.map((i) => i.standardNo).sort()).toEqual(['GB/T 3001-2015', 'GB/T 50099-2015']);
  });
});
