import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedStandardsData } from '../src/modules/standards/catalogue/seed.ts';
import { searchStandards } from '../src/modules/standards/search/search.ts';
import { closeTitleIndex } from '../src/modules/standards/search/title-index-store.ts';
import * as repo from '../src/modules/standards/catalogue/repository.ts';

/**
 * A page ranked in memory reads its lines and their replacements in one prepared statement
 * (docs/decisions/0105): the same lines and replacements as the SQL ranking's two statements.
 */
describe.each(engines)('search page rows on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await seedStandardsData(t.db, '2026-01-01');
  });
  afterAll(async () => {
    await closeTitleIndex(t.db);
    await t.drop();
  });

  it('names the same replacements whether the page is ranked in memory or in SQL', async () => {
    for (const keyword of ['抗震', '混凝土', '给水排水', '建筑 设计']) {
      const mem = await searchStandards(t.db, { keyword, size: 50 }, { titleIndex: 'require' });
      const sql = await searchStandards(t.db, { keyword, size: 50 }, { titleIndex: 'off' });
      expect(mem).toEqual(sql);
    }
    const d = await searchStandards(t.db, { keyword: '抗震', size: 50 }, { titleIndex: 'require' });
    const old = d.list.find((i) => i.standardNo === 'DGJ08-9-2013')!;
    expect(old.replacedBy?.standardNo).toBe('DG/TJ08-9-2023');
  });

  it('reads a page ranked in SQL with its replacements in the same statement', async () => {
    const texts: string[] = [];
    const watched: Database = {
      ...t.db,
      query: (text, params, opts) => {
        texts.push(text);
        return t.db.query(text, params, opts);
      },
    };
    // A number listing (its page statement), an exact number, and a keyword ranked with its count.
    for (const keyword of ['DGJ08-9', 'DGJ08-9-2013', '抗震']) {
      for (const opts of [{ titleIndex: 'off' as const }, { titleIndex: 'off' as const, withTotal: false }]) {
        texts.length = 0;
        const page = await searchStandards(watched, { keyword, size: 50 }, opts);
        const old = page.list.find((i) => i.standardNo === 'DGJ08-9-2013');
        expect(old?.replacedBy?.standardNo, keyword).toBe('DG/TJ08-9-2023');
        expect(page.list.find((i) => i.standardNo === 'DG/TJ08-9-2023')?.replacedBy, keyword).toBeNull();
        // findReplacements' statement: the lookup the page no longer needs.
        expect(
          texts.filter((x) => x.includes('distinct on (s.id)')),
          keyword,
        ).toEqual([]);
      }
    }
  });

  it('reads the lines of given ids in their order, each with its replacement or null', async () => {
    const [old] = await t.db.query<{ id: number }>(`select id::int as id from standards where standard_no = 'DGJ08-9-2013'`);
    const [inForce] = await t.db.query<{ id: number }>(
      `select id::int as id from standards where standard_no = 'DG/TJ08-9-2023'`,
    );
    const rows = await repo.selectByIds(t.db, [inForce!.id, 999_999_999, old!.id]);
    expect(rows.map((r) => [r.id, r.by_no])).toEqual([
      [inForce!.id, null],
      [old!.id, 'DG/TJ08-9-2023'],
    ]);
    const looked = await repo.findReplacements(t.db, [old!.id]);
    expect(rows[1]!.by_id).toBe(looked.get(old!.id)!.by_id);
  });
});

describe.runIf(engines.includes('postgres'))('prepared statements on PostgreSQL', () => {
  it('sends a statement asked to be prepared as a named statement, once per connection', async () => {
    const t = await createTestDb('postgres');
    // One connection, so the session that prepared is the one asked.
    const db = await openDatabase({ databaseUrl: t.url!, poolSize: 1 });
    try {
      const text = 'select $1::int + 1 as n';
      expect(await db.query(text, [1], { prepare: true })).toEqual([{ n: 2 }]);
      expect(await db.query(text, [41], { prepare: true })).toEqual([{ n: 42 }]);
      await db.query('select $1::int as plain', [1]);
      const named = await db.query<{ statement: string }>('select statement from pg_prepared_statements');
      expect(named.map((r) => r.statement)).toEqual([text]);
    } finally {
      await db.close();
      await t.drop();
    }
  });
});
