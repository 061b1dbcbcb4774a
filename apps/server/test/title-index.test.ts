import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { searchStandards, titleIndexApplies, cleanKeyword } from '../src/modules/standards/search/search.ts';
import { buildSearch } from '../src/modules/standards/search/search-sql.ts';
import { loadSynonyms } from '../src/modules/standards/search/synonyms.ts';
import {
  closeTitleIndex,
  refresh,
  startTitleIndex,
  titleIndexFor,
  QUIET_MS,
} from '../src/modules/standards/search/title-index-store.ts';
import { TitleIndexBuilder } from '../src/modules/standards/search/title-index-builder.ts';

describe('title index in memory', () => {
  const build = (rows: [number, string, string][]) => {
    const b = new TitleIndexBuilder();
    for (const [id, name, tokens] of rows) b.add({ id, name, inForce: true, date: '2020-01-01', tokens });
    return b.build(1);
  };

  it('never reads a title into the next one (the titles are stored end to end)', () => {
    // 规范 held through another field (an English title in Han); the next title starts with 范.
    const index = build([
      [2, '规', '规 规范'],
      [1, '范例', '范 例 范例'],
    ]);
    const r = index.rankFull(['规范'], [['规范']], 0, 10);
    expect(r).toEqual({ ids: [2], total: 1 });
    // Ranked as a record holding the words but not the phrase: below one whose title contains it.
    const two = build([
      [3, '规', '规 规范'],
      [2, '范例', '范 例 范例'],
      [1, '通用规范', '通 用 规 范 通用 用规 规范'],
    ]);
    expect(two.rankFull(['规范'], [['规范']], 0, 10).ids).toEqual([1, 3]);
  });

  it('finds single Han characters through their own lists, the title’s or another field’s', () => {
    const index = build([
      [1, '节能设计', '节 能 设 计 节能 能设 设计'],
      [2, '设计', '设 计 设计 节'],
      [3, '设计导则', '设 计 导 则 设计 计导 导则'],
    ]);
    expect(index.rankFull(['节设计'], [['节', '设计']], 0, 10).ids.sort()).toEqual([1, 2]);
  });
});

const WORDS = [
  '混凝土',
  '结构',
  '设计',
  '规范',
  '建筑',
  '抗震',
  '地下',
  '防水',
  '工程',
  '技术',
  '道路',
  '城市',
  '施工',
  '验收',
  '砼',
  '节能',
];
const STATUSES = ['现行', '现行', '即将实施', '被代替', '废止'];
// Few distinct dates (and some missing) so ties fall through to the id order.
const DATES = ['2020-01-01', '2021-06-01', '', '2019-03-01', '2021-06-01'];

/** A deterministic catalogue (示例) with exact, leading, containing and scattered title matches. */
function catalogueCsv(n: number): string {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const lines = ['standardNo,nameZh,status,implementDate'];
  for (let i = 1; i <= n; i++) {
    const words = i % 17 === 0 ? [pick(WORDS)] : Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(WORDS));
    const title = `${words.join(i % 5 === 0 ? '与' : '')}${i % 3 === 0 ? '规程' : ''}`;
    lines.push(`T/ZSTI ${i}-2020,${title},${pick(STATUSES)},${pick(DATES)}`);
  }
  return `${lines.join('\n')}\n`;
}

const QUERIES = [
  ...WORDS,
  ...WORDS.flatMap((a, i) => [`${a}${WORDS[(i + 1) % WORDS.length]}`, `${a} ${WORDS[(i + 5) % WORDS.length]}`]),
  '混凝土结构设计',
  '地下室防水',
  '城市道路工程施工',
  '砼结构',
  '建筑抗震设计规范',
  '结构与设计',
  '没有这个词',
];
/**
 * Shapes typed as fragments (issue 29), ranked in memory since single characters have lists: pieces
 * crossing word boundaries (土结, 构设计规 → 构 + 设计 + 规), single characters, two pieces, a piece with
 * a character no title holds (partial matches holding a character).
 */
const FRAGMENTS = [
  '土结',
  '凝土结',
  '构设计规',
  '计规',
  '结',
  '规',
  '砼',
  '与',
  '程',
  '土结 计规',
  '水工 防',
  '砼结构设计规程',
  '结构鬲设计',
  '地下防水漖',
];
const SHAPES = [
  { page: 1, size: 20 },
  { page: 2, size: 7 },
  { page: 4, size: 5 },
];

describe.each(engines)('title index on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-ti-')), 'ti.csv');
    fs.writeFileSync(f, catalogueCsv(1500));
    expect((await importFile(t.db, f, { source: '示例', today: '2026-01-01' })).rejected).toBe(0);
  });
  afterAll(async () => {
    await closeTitleIndex(t.db);
    await t.drop();
  });

  it('ranks, counts and pages every applicable keyword exactly as the SQL ranking does', async () => {
    const built = await refresh(t.db);
    expect(built?.size).toBe(1500);
    const version = built!.version;
    const synonyms = await loadSynonyms(t.db, version);
    let applied = 0;
    let partial = 0;
    for (const keyword of [...QUERIES, ...FRAGMENTS]) {
      if (titleIndexApplies({ keyword }, buildSearch({ keyword }, cleanKeyword(keyword), synonyms), 'relevance')) applied++;
      for (const shape of SHAPES) {
        const p = { keyword, ...shape };
        const sql = await searchStandards(t.db, p, { titleIndex: 'off' });
        const mem = await searchStandards(t.db, p, { titleIndex: 'require' });
        expect(mem, `${keyword} ${JSON.stringify(shape)}`).toEqual(sql);
        if (sql.partialFrom !== null) partial++;
      }
      const light = { keyword, size: 10 };
      expect(await searchStandards(t.db, light, { withTotal: false, titleIndex: 'require' })).toEqual(
        await searchStandards(t.db, light, { withTotal: false, titleIndex: 'off' }),
      );
    }
    // The comparison means something only if the index ranked most of them, partial matches included.
    expect(applied).toBeGreaterThanOrEqual(Math.floor(QUERIES.length * 0.9) + FRAGMENTS.length);
    for (const keyword of FRAGMENTS)
      expect(
        titleIndexApplies({ keyword }, buildSearch({ keyword }, cleanKeyword(keyword), synonyms), 'relevance'),
        keyword,
      ).toBe(true);
    expect(partial).toBeGreaterThan(5);
  });

  it('leaves filtered searches to SQL, so every filter of the search query still applies', async () => {
    await refresh(t.db);
    for (const extra of [{ status: 'current' }, { implementFrom: '2021-01-01' }, { level: 'national' }] as const) {
      const p = { keyword: '结构', ...extra };
      const off = await searchStandards(t.db, p, { titleIndex: 'off' });
      expect(await searchStandards(t.db, p, { titleIndex: 'require' })).toEqual(off);
      expect(off.total).toBeLessThan((await searchStandards(t.db, { keyword: '结构' }, { titleIndex: 'off' })).total);
    }
  });

  it('is not used for a stale version and is rebuilt once the catalogue is quiet', async () => {
    const before = (await startTitleIndex(t.db))!.version;
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-ti-')), 'one.csv');
    fs.writeFileSync(f, 'standardNo,nameZh,status,implementDate\nT/ZSTI 9999-2024,示例独有词汇检索记录,现行,2024-01-01\n');
    await importFile(t.db, f, { source: '示例', today: '2026-01-01' });
    const r = await searchStandards(t.db, { keyword: '独有词汇' });
    expect(r.list.map((s) => s.standardNo)).toEqual(['T/ZSTI 9999-2024']);
    const now = (await t.db.query<{ v: string }>('select version::text as v from catalogue_version'))[0]!.v;
    expect(Number(now)).toBeGreaterThan(before);
    expect(titleIndexFor(t.db, Number(now))).toBeUndefined();
    await vi.waitFor(() => expect(titleIndexFor(t.db, Number(now))?.size).toBe(1501), {
      timeout: QUIET_MS * 20,
      interval: 50,
    });
    const again = await searchStandards(t.db, { keyword: '独有词汇' }, { titleIndex: 'require' });
    expect(again.list.map((s) => s.standardNo)).toEqual(['T/ZSTI 9999-2024']);
  });
});
