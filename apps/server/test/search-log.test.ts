import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { SearchLog } from '../src/modules/standards/search/search-log.ts';

describe.each(engines)('search statistics written in groups on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(() => t.drop());

  it('writes every search and sums the misses of a burst into few statements', async () => {
    const log = new SearchLog(t.db);
    const statements: string[] = [];
    const db = {
      ...t.db,
      query: (sql: string, params?: unknown[]) => (statements.push(sql), t.db.query(sql, params)),
    } as typeof t.db;
    const grouped = new SearchLog(db);
    // A burst arriving while the first write is in flight goes into one following statement.
    for (let i = 0; i < 200; i++) {
      grouped.search(` 抗震${i % 7} `, i % 7 ? 3 : 0);
      if (i % 7 === 0) grouped.miss(i % 2 ? 'ＧＢ／Ｔ 99999' : 'gb/t 99999');
    }
    await grouped.flush();
    expect(statements.length).toBeLessThanOrEqual(4);

    const [n] = await t.db.query<{ n: number; zero: number }>(
      'select count(*)::int as n, count(*) filter (where results = 0)::int as zero from search_log',
    );
    expect(n).toEqual({ n: 200, zero: 29 });
    const misses = await t.db.query<{ query: string; hits: number }>('select query, hits from search_misses');
    expect(misses).toEqual([{ query: 'gb/t 99999', hits: 29 }]);

    // Later misses of the same keyword add to its count; empty keywords are not counted.
    log.miss('GB/T 99999');
    log.miss('   ');
    log.search('   ', 0);
    await log.flush();
    expect((await t.db.query<{ hits: number }>('select hits from search_misses'))[0]!.hits).toBe(30);
    expect((await t.db.query<{ n: number }>('select count(*)::int as n from search_log'))[0]!.n).toBe(200);
  });

  it('never lets a failing write reach the searcher, and keeps going after it', async () => {
    let fail = true;
    const db = {
      ...t.db,
      query: (sql: string, params?: unknown[]) => (fail ? Promise.reject(new Error('database away')) : t.db.query(sql, params)),
    } as typeof t.db;
    const log = new SearchLog(db);
    log.search('断网时的检索', 1);
    await log.flush();
    fail = false;
    log.search('恢复后的检索', 1);
    await log.flush();
    const rows = await t.db.query<{ query: string }>("select query from search_log where query like '%检索'");
    expect(rows.map((r) => r.query)).toEqual(['恢复后的检索']);
  });
});
