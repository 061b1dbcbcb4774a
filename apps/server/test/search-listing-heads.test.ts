import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import type { Database } from '../src/db/client.ts';
import { seedStandardsData } from '../src/modules/standards/catalogue/seed.ts';
import { readCatalogueVersion } from '../src/modules/standards/catalogue/catalogue-cache.ts';
import * as repo from '../src/modules/standards/catalogue/repository.ts';
import { cleanKeyword, searchStandards } from '../src/modules/standards/search/search.ts';
import { buildSearch } from '../src/modules/standards/search/search-sql.ts';
import { headReads, HEADS_PER_STATEMENT, MAX_HEADS } from '../src/modules/standards/search/listing-heads.ts';
import { closeTitleIndex } from '../src/modules/standards/search/title-index-store.ts';

/** The statement that reads number listing heads (repository.ts selectHeads). */
const HEADS = 'jsonb_to_recordset';

/**
 * A number typed from its start (`GB 500`, `DB44/T 12`) is listed from the title index's numbers; the records of its
 * exact keys and keys without year (its head) are read by one statement for every listing asking in the same turn
 * (decisions/0128) and ranked in memory by the search's score, with the same pages as the SQL ranking.
 */
describe.each(engines)('number listing heads on %s', (engine) => {
  let t: TestDb;
  let watched: Database;
  let heads: unknown[][];
  /** Number starts of the catalogue's own numbers: up to a digit before the year, as people type them. */
  let starts: string[];
  beforeAll(async () => {
    t = await createTestDb(engine);
    await seedStandardsData(t.db, '2026-01-01');
    const numbers = await t.db.query<{ standard_no: string }>(
      `select standard_no from standards where standard_no ~ '^[A-Z/ ]+[0-9]+.*-' order by id limit 400`,
    );
    const cut = new Set<string>();
    numbers.forEach(({ standard_no: no }, i) => {
      const first = no.search(/\d/);
      const end = no.lastIndexOf('-');
      if (end > first) cut.add(no.slice(0, first + 1 + (i % (end - first))));
    });
    starts = [...cut].filter((k) => buildSearch({ keyword: k }, cleanKeyword(k), []).numberListing).slice(0, 40);
  });
  afterAll(async () => {
    await t.drop();
  });
  const watch = () => {
    heads = [];
    watched = {
      ...t.db,
      query: (text, params, opts) => {
        if (text.includes(HEADS)) heads.push(params!);
        return t.db.query(text, params, opts);
      },
    };
  };

  it('reads the heads of number listings asked in one turn with one statement, each ranked as SQL ranks it', async () => {
    expect(starts.length).toBeGreaterThan(20);
    watch();
    const version = await readCatalogueVersion(t.db);
    const opts = { titleIndex: 'require' as const, version };
    await searchStandards(watched, { keyword: '建筑' }, opts);
    heads = [];
    const asked = starts.slice(0, HEADS_PER_STATEMENT);
    const together = await Promise.all(asked.map((keyword) => searchStandards(watched, { keyword, size: 10 }, opts)));
    expect(heads).toHaveLength(1);
    // As the metrics count them (search_head_reads_total): one statement, every listing's ask.
    expect(headReads(watched)).toEqual({ runs: 1, items: asked.length });
    heads = [];
    const alone = [];
    for (const keyword of asked) alone.push(await searchStandards(watched, { keyword, size: 10 }, opts));
    expect(heads).toHaveLength(asked.length);
    expect(together).toEqual(alone);
    // Each page as the plain SQL ranking gives it: every match ranked by the search's full ORDER BY.
    for (const [i, keyword] of asked.entries()) {
      const b = buildSearch({ keyword }, cleanKeyword(keyword), []);
      const plain = await repo.selectPage(t.db, { where: b.where, params: b.params }, b.orderBy, 10, 0);
      expect(
        together[i]!.list.map((s) => s.id),
        keyword,
      ).toEqual(plain.map((s) => s.id));
      expect(together[i]!.list.length, keyword).toBeGreaterThan(0);
    }
    // More listings than one statement takes start another.
    heads = [];
    await Promise.all(
      starts.slice(0, HEADS_PER_STATEMENT + 1).map((keyword) => searchStandards(watched, { keyword, page: 2 }, opts)),
    );
    expect(heads).toHaveLength(2);
    await closeTitleIndex(watched);
  });

  it('reads each ask its records of exact and base keys in number order, none for an ask without keys', async () => {
    const [a, b] = await t.db.query<{ no_key: string; no_base: string }>(
      `select no_key, no_base from standards where no_base <> no_key order by id limit 2`,
    );
    const got = await repo.selectHeads(
      t.db,
      [
        { exact: [a!.no_key], base: [] },
        { exact: [], base: [] },
        { exact: [a!.no_key], base: [b!.no_base, a!.no_base] },
      ],
      MAX_HEADS,
    );
    const expected = async (where: string, params: unknown[]) =>
      (
        await t.db.query<{ id: number }>(
          `select id::int as id from standards where ${where} order by ${repo.NUMBER_ORDER}, standards.id desc`,
          params,
        )
      ).map((r) => r.id);
    expect(got.map((rows) => rows.map((r) => r.id))).toEqual([
      await expected('no_key = $1', [a!.no_key]),
      [],
      await expected('no_key = $1 or no_base = any($2::text[])', [a!.no_key, [b!.no_base, a!.no_base]]),
    ]);
    expect(got[2]!.length).toBeGreaterThan(1);
  });
});
