import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import type { Database } from '../src/db/client.ts';
import { seedStandardsData } from '../src/modules/standards/catalogue/seed.ts';
import { readCatalogueVersion, whileImporting } from '../src/modules/standards/catalogue/catalogue-cache.ts';
import { LINE_BATCH_IDS, LineCache, lineCacheFor } from '../src/modules/standards/catalogue/line-cache.ts';
import { searchStandards } from '../src/modules/standards/search/search.ts';
import { closeTitleIndex } from '../src/modules/standards/search/title-index-store.ts';

/** The statement that reads result lines by id (repository.ts selectByIds). */
const LINES_BY_ID = 'where standards.id = any($1::int[])';

/**
 * A page ranked in memory takes the lines it has read before for the same catalogue version from the line cache
 * (docs/decisions/0123): the same answer without a statement, and never a line older than the version it answers for.
 */
describe.each(engines)('result line cache on %s', (engine) => {
  let t: TestDb;
  /** The test database, counting the statements that read lines by id; a new object per test, so a cache of its own. */
  let watched: Database;
  let reads: number[][];
  beforeAll(async () => {
    t = await createTestDb(engine);
    await seedStandardsData(t.db, '2026-01-01');
  });
  afterAll(async () => {
    await t.drop();
  });
  const watch = () => {
    reads = [];
    watched = {
      ...t.db,
      query: (text, params, opts) => {
        if (text.includes(LINES_BY_ID)) reads.push((params![0] as number[]).slice());
        return t.db.query(text, params, opts);
      },
    };
  };
  const search = (keyword: string, page = 1) => searchStandards(watched, { keyword, page, size: 10 }, { titleIndex: 'require' });

  it('answers a page whose lines it read before without a statement, with the same answer', async () => {
    watch();
    const first = await search('混凝土');
    expect(first.list.length).toBeGreaterThan(0);
    expect(reads).toHaveLength(1);
    const again = await search('混凝土');
    expect(again).toEqual(first);
    expect(reads).toHaveLength(1);
    // Another keyword reads only the lines it has not seen.
    const other = await search('混凝土 结构');
    const known = new Set(first.list.map((s) => s.id));
    expect(reads.length).toBeLessThanOrEqual(2);
    for (const id of reads[1] ?? []) expect(known.has(id)).toBe(false);
    expect(other.list.every((s) => s.nameZh.length > 0)).toBe(true);
    expect(lineCacheFor(watched).hits).toBeGreaterThanOrEqual(first.list.length);
    await closeTitleIndex(watched);
  });

  it('reads the lines again after a catalogue write, so a changed status shows at once', async () => {
    watch();
    const before = await search('抗震');
    const line = before.list.find((s) => s.status === 'current')!;
    expect(line).toBeDefined();
    await t.db.exec(`update standards set status = 'abolished' where id = ${line.id}`);
    try {
      const after = await search('抗震');
      // Its line is read again (an overlaid index may read more: decisions/0118).
      expect(reads.slice(1).some((ids) => ids.includes(line.id))).toBe(true);
      expect(after.list.find((s) => s.id === line.id)?.status).toBe('abolished');
    } finally {
      await t.db.exec(`update standards set status = 'current' where id = ${line.id}`);
      await closeTitleIndex(watched);
    }
  });

  it('reads the lines for every search while an import writes (they are shown as they are now)', async () => {
    watch();
    await search('给水排水');
    await whileImporting(watched, async () => {
      await search('给水排水');
      await search('给水排水');
    });
    expect(reads).toHaveLength(3);
    await closeTitleIndex(watched);
  });

  it('keeps the lines in use, reads an older version without keeping it, and empties on a newer one', async () => {
    watch();
    const ids = (await t.db.query<{ id: number }>('select id::int as id from standards order by id limit 5')).map((r) => r.id);
    const [a, b, c, , e] = ids as [number, number, number, number, number];
    // Four lines in two generations of two.
    const cache = new LineCache(4);
    const v = await readCatalogueVersion(t.db);
    expect((await cache.byIds(watched, v, [a, b])).map((l) => l.id)).toEqual([a, b]);
    // a is used again, so when c comes in, b is the line no search used since.
    expect((await cache.byIds(watched, v, [a, 999_999_999])).map((l) => l.id)).toEqual([a]);
    await cache.byIds(watched, v, [c]);
    expect(cache.size).toBeLessThanOrEqual(4);
    reads = [];
    expect((await cache.byIds(watched, v, [c, a])).map((l) => l.id)).toEqual([c, a]);
    expect(reads).toEqual([]);
    await cache.byIds(watched, v, [b]);
    expect(reads).toEqual([[b]]);
    // However many lines come in, it holds at most its size.
    await cache.byIds(watched, v, ids);
    expect(cache.size).toBeLessThanOrEqual(4);
    // A request still answering for an older version reads its lines and leaves the cache as it is.
    reads = [];
    await cache.byIds(watched, v - 1, [e]);
    await cache.byIds(watched, v, [e]);
    expect(reads).toEqual([[e]]);
    // A newer version starts afresh.
    await cache.byIds(watched, v + 1, [e]);
    expect(reads).toEqual([[e], [e]]);
    expect(cache.size).toBe(1);
  });

  it('reads the lines of the pages asking in the same turn with one statement, each page its own lines', async () => {
    watch();
    const ids = (await t.db.query<{ id: number }>('select id::int as id from standards order by id limit 6')).map((r) => r.id);
    const v = await readCatalogueVersion(t.db);
    const cache = new LineCache();
    // Overlapping asks, one with an id no record has: one statement, each id asked once.
    const [x, y, z] = await Promise.all([
      cache.byIds(watched, v, [ids[0]!, ids[1]!]),
      cache.byIds(watched, v, [ids[2]!, 999_999_999, ids[0]!]),
      cache.byIds(watched, v - 1, [ids[3]!]),
    ]);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.slice().sort((a, b) => a - b)).toEqual([...ids.slice(0, 4), 999_999_999].sort((a, b) => a - b));
    expect(x.map((l) => l.id)).toEqual([ids[0], ids[1]]);
    expect(y.map((l) => l.id)).toEqual([ids[2], ids[0]]);
    expect(z.map((l) => l.id)).toEqual([ids[3]]);
    expect([cache.reads, cache.asks]).toEqual([1, 3]);
    // The next turn's asks go to a statement of their own.
    await cache.byIds(watched, v, [ids[4]!]);
    expect(reads).toEqual([reads[0], [ids[4]]]);
    // A batch holds at most LINE_BATCH_IDS ids; more start another statement.
    reads = [];
    const many = Array.from({ length: LINE_BATCH_IDS }, (_, i) => 900_000_000 + i);
    await Promise.all([new LineCache().byIds(watched, v, many), cache.byIds(watched, v, [...many.slice(0, 10), ids[5]!])]);
    expect(reads.map((r) => r.length)).toEqual([LINE_BATCH_IDS, 11]);
  });

  it('answers searches asked together as it answers them one by one, their lines read by one statement', async () => {
    const keywords = ['混凝土', '抗震', '给水排水', '消防'];
    watch();
    const version = await readCatalogueVersion(t.db);
    const opts = { titleIndex: 'require' as const, version };
    // The index is built and the synonyms read first, so nothing but the lines is read while the four are ranked.
    await searchStandards(watched, { keyword: '建筑' }, opts);
    reads = [];
    const together = await Promise.all(keywords.map((keyword) => searchStandards(watched, { keyword, size: 10 }, opts)));
    expect(reads).toHaveLength(1);
    await closeTitleIndex(watched);
    watch();
    const alone = [];
    for (const keyword of keywords) alone.push(await searchStandards(watched, { keyword, size: 10 }, opts));
    expect(reads.length).toBeGreaterThan(1);
    expect(together).toEqual(alone);
    expect(together.every((p) => p.list.length > 0)).toBe(true);
    await closeTitleIndex(watched);
  });
});
