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
  titleIndexStats,
  QUIET_MS,
} from '../src/modules/standards/search/title-index-store.ts';
import { partialSets } from '../src/modules/standards/search/search-sql.ts';
import type { Database } from '../src/db/client.ts';
import { TitleIndexBuilder } from '../src/modules/standards/search/title-index-builder.ts';
import type { TitleIndex } from '../src/modules/standards/search/title-index.ts';
import { catalogueCsv, FRAGMENTS, QUERIES, SHAPES } from './helpers/title-catalogue.ts';

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
    expect(two.rankFull(['规范'], [['规范']], 0, 10)!.ids).toEqual([1, 3]);
  });

  it('finds single Han characters through their own lists, the title’s or another field’s', () => {
    const index = build([
      [1, '节能设计', '节 能 设 计 节能 能设 设计'],
      [2, '设计', '设 计 设计 节'],
      [3, '设计导则', '设 计 导 则 设计 计导 导则'],
    ]);
    expect(index.rankFull(['节设计'], [['节', '设计']], 0, 10)!.ids.sort()).toEqual([1, 2]);
  });
});

/**
 * A catalogue large enough for what small ones never reach (bitmaps for lists holding 1/32 of the records,
 * partial matching in several windows, stopping early), ranked by the index and by a brute-force
 * reference of the SQL ranking (search-sql.ts) written here record by record.
 */
describe('title index against a record-by-record reference', () => {
  const COMMON = ['规', '范', '标', '准', '程', '技', '术'];
  const WORDS2 = ['设计', '施工', '验收', '检测', '结构', '工程', '安全', '道路', '桥梁', '管道', '监测', '防水'];
  const RARE = ['家畜', '代理', '深度', '允许', '油罐', '感光', '青', '英', '运', '鬲'];
  let seed = 3;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  interface Rec {
    id: number;
    title: string;
    inForce: boolean;
    date: string | null;
    tokens: Set<string>;
  }
  const recs: Rec[] = [];
  for (let id = 1; id <= 20_000; id++) {
    const parts = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () =>
      rnd() < 0.5 ? pick(WORDS2) : rnd() < 0.8 ? pick(COMMON) : pick(RARE),
    );
    const title = parts.join('');
    // Tokens as the import makes them: each word (a bigram or a character) and each Han character.
    const tokens = new Set([...parts, ...title]);
    const date = rnd() < 0.1 ? null : `20${10 + Math.floor(rnd() * 12)}-0${1 + Math.floor(rnd() * 9)}-01`;
    recs.push({ id, title, inForce: rnd() < 0.3, date, tokens });
  }
  const b = new TitleIndexBuilder();
  for (const r of recs) b.add({ id: r.id, name: r.title, inForce: r.inForce, date: r.date, tokens: [...r.tokens].join(' ') });
  const index = b.build(1);
  // Tie order: implement date desc nulls last, then id desc.
  const tie = (a: Rec, c: Rec) => (c.date ?? '').localeCompare(a.date ?? '') || c.id - a.id;
  const holds = (r: Rec, ts: string[]) => ts.every((t) => r.tokens.has(t));
  const cp = (s: string) => [...s].length;

  function full(variants: string[], tokenSets: string[][], offset: number, size: number, among = recs) {
    const k = cp(variants[0]!);
    const score = (r: Rec) => {
      const cls = Math.max(
        ...variants.map((v) => (r.title === v ? 300 : r.title.startsWith(v) ? 200 : r.title.includes(v) ? 100 : 0)),
      );
      const len = cp(r.title);
      return cls + (r.inForce ? 40 : 0) + (30 * Math.min(k, len)) / Math.max(len, 1);
    };
    const c = among.filter((r) => tokenSets.some((ts) => holds(r, ts)));
    const ranked = c.map((r) => ({ r, s: score(r) })).sort((x, y) => y.s - x.s || tie(x.r, y.r));
    return { ids: ranked.slice(offset, offset + size).map((x) => x.r.id), total: c.length };
  }

  function partial(sets: { tokens: string[]; subsets: string[][] }[], offset: number, size: number, among = recs) {
    const held = (r: Rec) => Math.max(...sets.map((s) => s.tokens.filter((t) => r.tokens.has(t)).length));
    const c = among.filter(
      (r) => sets.some((s) => s.subsets.some((sub) => holds(r, sub))) && !sets.some((s) => holds(r, s.tokens)),
    );
    const ranked = c.sort((x, y) => held(y) - held(x) || Number(y.inForce) - Number(x.inForce) || tie(x, y)).slice(0, 500);
    return { ids: ranked.slice(offset, offset + size).map((r) => r.id), total: ranked.length };
  }

  const queries: string[][] = [
    ['规'],
    ['规', '范'],
    ['设计', '规'],
    ['规', '设计', '标', '准'],
    ['监测', '规', '家畜', '代理', '标'],
    ['程', '允许', '深度', '规'],
    ['青', '检测', '英', '运'],
    ['鬲', '规', '范'],
    ['油罐', '感光', '家畜'],
    ['规', '范', '标', '准', '程', '技', '术'],
    ['设计', '施工', '验收', '检测', '结构', '工程'],
    ['设计', '施工', '验收', '检测', '结构', '工程', '安全', '道路', '桥梁', '管道', '监测', '防水', '规'],
  ];
  const pages = [
    [0, 20],
    [40, 10],
    [490, 20],
    [0, 0],
  ] as const;

  it('bitmaps and windows are in play', () => {
    expect(recs.filter((r) => r.tokens.has('规')).length * 32).toBeGreaterThan(recs.length);
    expect(index.size).toBe(20_000);
  });

  it.each(queries.map((q) => [q.join(' '), q] as const))('%s: full and partial matches as the reference', (_, tokens) => {
    let partials = 0;
    for (const [offset, size] of pages) {
      const variants = [tokens.join('')];
      expect(index.rankFull(variants, [tokens], offset, size), `full ${offset}/${size}`).toEqual(
        full(variants, [tokens], offset, size),
      );
      const sets = partialSets([tokens]);
      if (!sets.length) continue;
      const want = partial(sets, offset, size);
      if (want.total) partials++;
      expect(index.rankPartial(sets, 500, offset, size), `partial ${offset}/${size}`).toEqual(want);
    }
    if (tokens.length > 1 && tokens.length < 10 && !tokens.includes('鬲')) expect(partials).toBeGreaterThan(0);
  });

  it('an overlaid index leaves out the changed records, from full and partial matches alike (decisions/0118)', () => {
    // Every 37th record and a run of 300 (a window's worth in one place) changed since the build.
    const changed = recs.filter((r) => r.id % 37 === 0 || (r.id > 5000 && r.id <= 5300));
    const left = new Set(changed.map((r) => r.id));
    const kept = recs.filter((r) => !left.has(r.id));
    const overlaid = index.overlaid(
      2,
      Int32Array.from(changed, (r) => r.id),
      new TitleIndexBuilder().build(2),
    );
    expect(overlaid.changed?.length).toBe(changed.length);
    for (const tokens of queries)
      for (const [offset, size] of pages) {
        const variants = [tokens.join('')];
        expect(overlaid.rankFull(variants, [tokens], offset, size), `${tokens} full ${offset}/${size}`).toEqual(
          full(variants, [tokens], offset, size, kept),
        );
        const sets = partialSets([tokens]);
        if (sets.length)
          expect(overlaid.rankPartial(sets, 500, offset, size), `${tokens} partial ${offset}/${size}`).toEqual(
            partial(sets, offset, size, kept),
          );
      }
    // The index it was made from is as it was.
    expect(index.rankFull(['规'], [['规']], 0, 20)).toEqual(full(['规'], [['规']], 0, 20));
  });

  it('more than 31 distinct tokens over the variants (no bit masks) as the reference', () => {
    const absent = [...'甲乙丙丁戊己庚辛壬癸子'];
    const reals = [...COMMON, ...WORDS2, '家畜', '代理', '深度'];
    // Eleven variants of two real tokens and one no record holds: holding the two qualifies.
    const tokenSets = absent.map((a, i) => [reals[2 * i]!, reals[2 * i + 1]!, a]);
    expect(new Set(tokenSets.flat()).size).toBeGreaterThan(31);
    const sets = partialSets(tokenSets);
    expect(partial(sets, 0, 20).total).toBe(500);
    for (const [offset, size] of pages) expect(index.rankPartial(sets, 500, offset, size)).toEqual(partial(sets, offset, size));
  });

  it('two variants (a synonym) as the reference', () => {
    const tokenSets = [
      ['监测', '规', '家畜'],
      ['检测', '规', '代理', '标'],
    ];
    const sets = partialSets(tokenSets);
    for (const [offset, size] of pages) {
      const variants = ['监测规家畜', '检测规代理标'];
      expect(index.rankFull(variants, tokenSets, offset, size)).toEqual(full(variants, tokenSets, offset, size));
      expect(index.rankPartial(sets, 500, offset, size)).toEqual(partial(sets, offset, size));
    }
  });
});

describe('common tokens typed alone keep their first records (title-index.ts TOP_KEPT)', () => {
  // 12,000 titles, most of them holding 规 and 规范 (past 8,192), 桥梁 in one of seven (past TOP_MIN, 1,024),
  // 隧道 in one of twenty (under it).
  let seed = 17;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const HEADS = ['规范', '道路规范', '规', '检测规范要求', '桥梁', '规范化管理', '施工规范'];
  const recs = Array.from({ length: 12_000 }, (_, i) => {
    const head = rnd() < 0.05 ? '隧道' : HEADS[Math.floor(rnd() * HEADS.length)]!;
    const title = head + (rnd() < 0.5 ? '' : '第'.repeat(Math.floor(rnd() * 5)));
    const date = rnd() < 0.1 ? null : `20${10 + Math.floor(rnd() * 12)}-0${1 + Math.floor(rnd() * 9)}-01`;
    const tokens = new Set([...title, ...[...title].slice(1).map((c, j) => title[j]! + c)]);
    return { id: i + 1, title, inForce: rnd() < 0.4, date, tokens };
  });
  const build = () => {
    const b = new TitleIndexBuilder();
    for (const r of recs) b.add({ id: r.id, name: r.title, inForce: r.inForce, date: r.date, tokens: [...r.tokens].join(' ') });
    return b.build(1);
  };
  const index = build();
  const reference = (v: string, offset: number, size: number, among = recs) => {
    const k = [...v].length;
    const score = (r: (typeof recs)[number]) => {
      const cls = r.title === v ? 300 : r.title.startsWith(v) ? 200 : 100;
      return cls + (r.inForce ? 40 : 0) + (30 * Math.min(k, r.title.length)) / r.title.length;
    };
    const c = among.filter((r) => r.tokens.has(v)).map((r) => ({ r, s: score(r) }));
    c.sort((x, y) => y.s - x.s || (y.r.date ?? '').localeCompare(x.r.date ?? '') || y.r.id - x.r.id);
    return { ids: c.slice(offset, offset + size).map((x) => x.r.id), total: c.length };
  };
  const topsOf = (i: TitleIndex) => (i as unknown as { tops: Map<string, Int32Array> }).tops;
  const tops = () => topsOf(index);

  it.each(['规', '规范', '桥梁'])('%s: every page as the reference, 400 records kept, twice as deep once paged past', (v) => {
    expect(recs.filter((r) => r.tokens.has(v)).length).toBeGreaterThan(1024);
    // Each page, and how many records are kept after it: 400 on the first ranking; a page past them ranks twice as
    // deep, or to its end; none past 3,200 (ranked on its own).
    for (const [offset, size, kept] of [
      [40, 20, 400],
      [0, 20, 400],
      [0, 0, 400],
      [380, 20, 400],
      [381, 20, 800],
      [123, 7, 800],
      [1000, 50, 1600],
      [1580, 20, 1600],
      [1600, 1, 3200],
      [3190, 20, 3200],
      [3200, 20, 3200],
      [5000, 100, 3200],
    ] as const) {
      expect(index.rankFull([v], [[v]], offset, size), `${v} ${offset}/${size}`).toEqual(reference(v, offset, size));
      // A list shorter than the depth is kept whole (桥梁: 1,700 records).
      expect(tops().get(v)?.length, `${v} ${offset}/${size}`).toBe(Math.min(kept, reference(v, 0, 0).total));
    }
  });

  it('holds at most its budget of kept records, dropping the tokens ranked longest ago', () => {
    const i = build();
    i.topsBudget = 1000;
    const held = () => [...topsOf(i)].map(([t, top]) => [t, top.length]);
    i.rankFull(['规'], [['规']], 0, 20);
    i.rankFull(['规范'], [['规范']], 0, 20);
    expect(held()).toEqual([
      ['规', 400],
      ['规范', 400],
    ]);
    i.rankFull(['桥梁'], [['桥梁']], 0, 20);
    expect(held()).toEqual([
      ['规范', 400],
      ['桥梁', 400],
    ]);
    // Paged past: 规范 ranked again, twice as deep, is now the latest; 桥梁 goes to make room.
    expect(i.rankFull(['规范'], [['规范']], 400, 20)).toEqual(reference('规范', 400, 20));
    expect(held()).toEqual([['规范', 800]]);
    expect(i.rankFull(['桥梁'], [['桥梁']], 20, 20)).toEqual(reference('桥梁', 20, 20));
    expect(held()).toEqual([['桥梁', 400]]);
    // Not held any more: ranked to the page's end, more than the budget, and kept alone until the next.
    expect(i.rankFull(['规'], [['规']], 1000, 20)).toEqual(reference('规', 1000, 20));
    expect(held()).toEqual([['规', 1020]]);
    expect(i.rankFull(['规范'], [['规范']], 0, 20)).toEqual(reference('规范', 0, 20));
    expect(held()).toEqual([['规范', 400]]);
  });

  it('an overlaid index keeps its own first records, without the changed ones (decisions/0118)', () => {
    const changed = recs.filter((r) => r.id % 3 === 0 && r.id < 6000);
    const kept = recs.filter((r) => !(r.id % 3 === 0 && r.id < 6000));
    const overlaid = index.overlaid(
      2,
      Int32Array.from(changed, (r) => r.id),
      new TitleIndexBuilder().build(2),
    );
    for (const v of ['规', '规范']) {
      for (const [offset, size] of [
        [0, 20],
        [380, 20],
        [1000, 50],
      ] as const)
        expect(overlaid.rankFull([v], [[v]], offset, size), `${v} ${offset}/${size}`).toEqual(reference(v, offset, size, kept));
      // Ranked through the kept first records (the list with the changed ones passes TOP_MIN), to the last page's end.
      expect(topsOf(overlaid).get(v)?.length).toBe(1050);
    }
  });

  it('keeps no records for tokens of short lists or typed with others', () => {
    expect(index.rankFull(['隧道'], [['隧道']], 0, 20)).toEqual(reference('隧道', 0, 20));
    expect(reference('隧道', 0, 20).total).toBeLessThan(1024);
    expect(index.rankFull(['规范道路'], [['规范', '道路']], 0, 20)!.total).toBeGreaterThan(0);
    expect(tops().has('隧道')).toBe(false);
    expect(tops().has('规范道路')).toBe(false);
  });
});

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

  it('never answers from a half-built index: until a build is complete, searches are ranked in SQL', async () => {
    // A handle on the same database whose build read waits for the test: a fresh index holder, caught mid-build.
    let reached!: () => void;
    const atRead = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const db: Database = {
      ...t.db,
      // The build reads through this handle too (not the background handle of t.db, which would bypass the wait).
      background: undefined,
      query: async <T>(text: string, params?: unknown[]) => {
        if (text.includes('array_to_string(search_tokens')) {
          reached();
          await gate;
        }
        return t.db.query<T>(text, params);
      },
    };
    const building = startTitleIndex(db);
    await atRead;
    const version = Number((await t.db.query<{ v: string }>('select version::text as v from catalogue_version'))[0]!.v);
    expect(titleIndexFor(db, version)).toBeUndefined();
    expect(titleIndexStats(db)).toMatchObject({ building: true, records: 0 });
    for (const keyword of ['结构', '土结 计规', '砼结构设计规程'])
      expect(await searchStandards(db, { keyword }), keyword).toEqual(
        await searchStandards(t.db, { keyword }, { titleIndex: 'off' }),
      );
    release();
    expect((await building)?.size).toBe(1500);
    expect(titleIndexFor(db, version)?.size).toBe(1500);
    await closeTitleIndex(db);
  });

  it('is not used for a stale version and follows the catalogue once it is quiet', async () => {
    const before = (await startTitleIndex(t.db))!.version;
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-ti-')), 'one.csv');
    fs.writeFileSync(f, 'standardNo,nameZh,status,implementDate\nT/ZSTI 9999-2024,示例独有词汇检索记录,现行,2024-01-01\n');
    await importFile(t.db, f, { source: '示例', today: '2026-01-01' });
    const r = await searchStandards(t.db, { keyword: '独有词汇' });
    expect(r.list.map((s) => s.standardNo)).toEqual(['T/ZSTI 9999-2024']);
    const now = (await t.db.query<{ v: string }>('select version::text as v from catalogue_version'))[0]!.v;
    expect(Number(now)).toBeGreaterThan(before);
    expect(titleIndexFor(t.db, Number(now))).toBeUndefined();
    await vi.waitFor(() => expect(titleIndexFor(t.db, Number(now))?.version).toBe(Number(now)), {
      timeout: QUIET_MS * 20,
      interval: 50,
    });
    // Followed, not built (decisions/0118): the new record is the one the index leaves to SQL.
    const [row] = await t.db.query<{ id: number }>(`select id::int as id from standards where standard_no = 'T/ZSTI 9999-2024'`);
    expect(Array.from(titleIndexFor(t.db, Number(now))!.changed!)).toEqual([row!.id]);
    const again = await searchStandards(t.db, { keyword: '独有词汇' }, { titleIndex: 'require' });
    expect(again.list.map((s) => s.standardNo)).toEqual(['T/ZSTI 9999-2024']);
  });
});
