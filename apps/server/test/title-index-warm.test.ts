import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { seeded } from './helpers/random.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { searchStandards, warmTitleIndex } from '../src/modules/standards/search/search.ts';
import { closeTitleIndex, refresh } from '../src/modules/standards/search/title-index-store.ts';
import type { TitleIndex } from '../src/modules/standards/search/title-index.ts';

// The commonest tokens typed alone are ranked right after a build and kept (decisions/0111): the first person to
// type 规范 or T gets what a ranking of the whole list gives, without waiting for it.

const HEADS = ['规范', '技术规范', '检测规程', '施工规范要求', '桥梁设计', '规范化管理', 'T形梁施工规范'];
const SERIES = ['GB/T', 'JGJ/T', 'DB44/T', 'CJJ'];
const STATUSES = ['现行', '即将实施', '被代替', '废止'];

/** 9,000 records (示例), most holding 规范: its list passes the 8,192 a token needs to keep its first records. */
function catalogueCsv(n: number): string {
  const { rnd, pick } = seeded(23);
  const lines = ['standardNo,nameZh,status,implementDate'];
  for (let i = 1; i <= n; i++) {
    const title = rnd() < 0.93 ? pick(HEADS.filter((h) => h.includes('规范'))) : pick(HEADS);
    const date = rnd() < 0.1 ? '' : `20${10 + Math.floor(rnd() * 12)}-0${1 + Math.floor(rnd() * 9)}-01`;
    lines.push(`${pick(SERIES)} ${10000 + i}-2020,${title}${'第'.repeat(Math.floor(rnd() * 4))},${pick(STATUSES)},${date}`);
  }
  return `${lines.join('\n')}\n`;
}

const warmedOf = (index: TitleIndex) => (index as unknown as { warmed: Map<string, Int32Array> }).warmed;

describe.each(engines)('title index warmed after a build on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tiw-')), 'c.csv');
    fs.writeFileSync(f, catalogueCsv(9000));
    expect((await importFile(t.db, f, { source: '示例', today: '2026-01-01' })).rejected).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await closeTitleIndex(t.db);
    await t.drop();
  });

  it('keeps the first records of the common tokens, and answers from them as SQL does', async () => {
    const index = (await refresh(t.db))!;
    const dense = index.denseTokens(64);
    // Longest list first: 2020 is in every record, 规范 in 93% of the titles, 桥梁 in few.
    expect(dense[0]).toBe('2020');
    expect(dense.slice(0, 5)).toContain('规范');
    expect(dense).not.toContain('桥梁');
    const kept = await warmTitleIndex(t.db, index);
    // Only lists of 8,192 records and more keep their first records: 规, 范, 规范, and the series tokens.
    expect(kept).toBeGreaterThanOrEqual(3);
    expect([...warmedOf(index).keys()]).toEqual(expect.arrayContaining(['规范', '规', '范']));
    for (const keyword of ['规范', '规', 'T', 't']) {
      for (const page of [1, 2, 20]) {
        const p = { keyword, page };
        const sql = await searchStandards(t.db, p, { titleIndex: 'off' });
        expect(await searchStandards(t.db, p, { titleIndex: 'require' }), `${keyword} ${page}`).toEqual(sql);
      }
    }
  });

  it('stops when the index it warms is no longer the current one', async () => {
    const index = (await refresh(t.db))!;
    // An index of an older catalogue version: warming it is wasted work.
    const old = Object.create(index, { version: { value: index.version - 1 } }) as TitleIndex;
    expect(await warmTitleIndex(t.db, old)).toBe(0);
  });
});
