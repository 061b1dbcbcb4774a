import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { cleanKeyword, searchStandards, titleIndexApplies } from '../src/modules/standards/search/search.ts';
import { buildSearch } from '../src/modules/standards/search/search-sql.ts';
import { closeTitleIndex, refresh } from '../src/modules/standards/search/title-index-store.ts';
import { queryTokens } from '../src/lib/segment.ts';

// Latin and digit tokens held by the title index (docs/decisions/0108): keywords without Han (pieces of
// numbers, series letters, years, Latin runs of titles) ranked in memory exactly as SQL ranks them.

const SERIES = ['GB/T', 'GB', 'JGJ/T', 'CJJ', 'DB44/T', 'T/CECS', 'HJ', 'Q/GDW', 'GB/Z'];
const YEARS = ['1990', '2005', '2013', '2019', '2020'];
const WORDS = ['混凝土', '结构', '设计', '施工', 'PVC-U管材', 'LED照明', '给水', 'GIS设备', '检测', '规范'];
const STATUSES = ['现行', '即将实施', '被代替', '废止'];
const DATES = ['2020-01-01', '2021-06-01', '', '2019-03-01'];

/** A deterministic catalogue (示例): numbers in several series and years, some titles with Latin runs. */
function catalogueCsv(n: number, english: boolean): string {
  let seed = 11;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const lines = ['standardNo,nameZh,nameEn,status,implementDate'];
  for (let i = 1; i <= n; i++) {
    const title = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(WORDS)).join('');
    // Every seventh record has an English title (in the catalogue with English titles only).
    const en = english && i % 7 === 0 ? `Code for ${pick(['concrete', 'design', 'GB test', 'pipes'])} ${i}` : '';
    lines.push(`${pick(SERIES)} ${1000 + i}-${pick(YEARS)},${title},${en},${pick(STATUSES)},${pick(DATES)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** What people type without Han: series letters, pieces of numbers, years, Latin runs of titles. */
const KEYWORDS = ['T', '/T', 't', 'GB', 'gdw', '/GDW', '-2019', '2020', 'B/T', 'Z', 'led', 'PVC', 'PVC-U', 'gis', 'u', 'xyz'];
const PAGES = [
  { page: 1, size: 20 },
  { page: 3, size: 7 },
];

describe.each(engines)('title index with Latin and digit tokens on %s', (engine) => {
  let plain: TestDb;
  let english: TestDb;
  beforeAll(async () => {
    [plain, english] = await Promise.all([createTestDb(engine), createTestDb(engine)]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-til-'));
    for (const [db, withEnglish] of [
      [plain, false],
      [english, true],
    ] as const) {
      const f = path.join(dir, `${withEnglish}.csv`);
      fs.writeFileSync(f, catalogueCsv(900, withEnglish));
      expect((await importFile(db.db, f, { source: '示例', today: '2026-01-01' })).rejected).toBe(0);
    }
  });
  afterAll(async () => {
    for (const t of [plain, english]) {
      await closeTitleIndex(t.db);
      await t.drop();
    }
  });

  it('ranks keywords without Han in memory, exactly as SQL does', async () => {
    const index = (await refresh(plain.db))!;
    let ranked = 0;
    for (const keyword of KEYWORDS) {
      const b = buildSearch({ keyword }, cleanKeyword(keyword), []);
      if (!titleIndexApplies({ keyword }, b, 'relevance')) continue;
      // Ranked by the index itself, not by its SQL fallback.
      if (index.rankFull(b.variants, b.tokenSets, 0, 20)) ranked++;
      for (const shape of PAGES) {
        const p = { keyword, ...shape };
        const sql = await searchStandards(plain.db, p, { titleIndex: 'off' });
        expect(await searchStandards(plain.db, p, { titleIndex: 'require' }), `${keyword} ${shape.page}`).toEqual(sql);
      }
      const light = { keyword, size: 10 };
      expect(await searchStandards(plain.db, light, { withTotal: false, titleIndex: 'require' })).toEqual(
        await searchStandards(plain.db, light, { withTotal: false, titleIndex: 'off' }),
      );
    }
    // Most of them are ranked in memory (number-like ones such as GB go to the number listing).
    expect(ranked).toBeGreaterThanOrEqual(KEYWORDS.length - 4);
    // The common ones have many matches, so the comparison covers long lists and their later pages.
    expect((await searchStandards(plain.db, { keyword: 'T' }, { titleIndex: 'off' })).total).toBeGreaterThan(200);
  });

  it('leaves a keyword without Han to SQL when it finds a record with an English title', async () => {
    const index = (await refresh(english.db))!;
    for (const keyword of ['concrete', 'T', 'test']) {
      const b = buildSearch({ keyword }, cleanKeyword(keyword), []);
      const sql = await searchStandards(english.db, { keyword }, { titleIndex: 'off' });
      expect(sql.total, keyword).toBeGreaterThan(0);
      expect(index.rankFull(b.variants, b.tokenSets, 0, 20), keyword).toBeUndefined();
      expect(await searchStandards(english.db, { keyword }, { titleIndex: 'require' })).toEqual(sql);
    }
    // A keyword with Han is ranked in memory whatever the English titles (SQL compares them only without Han).
    const han = buildSearch({ keyword: '混凝土' }, '混凝土', []);
    expect(index.rankFull(han.variants, han.tokenSets, 0, 20)).toBeDefined();
    // Tokens too long to be held (a number's own digits) stay with SQL.
    expect(queryTokens('15965').tokens).toEqual(['15965']);
    expect(
      titleIndexApplies({ keyword: 'abcdefghijklmnopq' }, buildSearch({ keyword: 'x' }, 'abcdefghijklmnopq', []), 'relevance'),
    ).toBe(false);
  });
});
