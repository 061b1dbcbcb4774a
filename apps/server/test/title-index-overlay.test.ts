import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { readCatalogueVersion } from '../src/modules/standards/catalogue/catalogue-cache.ts';
import { searchStandards } from '../src/modules/standards/search/search.ts';
import {
  buildTitleIndex,
  closeTitleIndex,
  MAX_OVERLAY,
  refresh,
  setOverlayLimits,
  startTitleIndex,
  titleIndexFor,
  titleIndexStats,
} from '../src/modules/standards/search/title-index-store.ts';
import { loadTitleIndex, saveTitleIndex } from '../src/modules/standards/search/title-index-snapshot.ts';
import type { TitleIndex } from '../src/modules/standards/search/title-index.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { catalogueCsv, FRAGMENTS, QUERIES, SHAPES, WORDS } from './helpers/title-catalogue.ts';

// An index followed across title, status, date, insert and delete changes without a build (decisions/0118): it ranks
// its records but the changed ones, SQL ranks those with its first matches. Every answer must be the SQL ranking's.

const RECORDS = 1500;

async function importCsv(t: TestDb, lines: string[], bulk: 'always' | 'never' = 'never') {
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-overlay-')), 'c.csv');
  fs.writeFileSync(f, `standardNo,nameZh,status,implementDate\n${lines.join('\n')}\n`);
  expect((await importFile(t.db, f, { source: '示例', today: '2026-01-01', bulk })).rejected).toBe(0);
}

/**
 * Changes of every kind the index holds, made through the importer (which computes the search tokens) and SQL:
 * new titles that match the keywords better or worse than before, records going out of and into force, dates moving
 * the tie order, new records, deleted records. Answers how many records changed.
 */
async function changeCatalogue(t: TestDb, round: number): Promise<number> {
  const lines: string[] = [];
  const word = (i: number) => WORDS[(i * 7 + round) % WORDS.length]!;
  // Renamed: exact titles (rank 300), leading, or the words apart.
  for (let i = 3 + round; i <= RECORDS; i += 97)
    lines.push(`T/ZSTI ${i}-2020,${word(i)}${i % 2 ? '' : word(i + 1)},现行,2018-05-01`);
  // Out of force, then the same title in force again with a newer date.
  for (let i = 11 + round; i <= RECORDS; i += 151) lines.push(`T/ZSTI ${i}-2020,${word(i)}与${word(i + 2)}规程,废止,2020-01-01`);
  for (let i = 5 + round; i <= RECORDS; i += 211) lines.push(`T/ZSTI ${i}-2020,${word(i)}${word(i + 3)},即将实施,2027-01-01`);
  // New records.
  for (let i = 0; i < 12; i++) lines.push(`T/ZSOV ${round * 100 + i}-2026,${word(i)}${word(i + 5)}技术规程,现行,2026-03-01`);
  await importCsv(t, lines);
  const deleted = await t.db.query(`delete from standards where standard_no = any($1::text[]) returning id`, [
    [`T/ZSTI ${700 + round}-2020`, `T/ZSTI ${900 + round}-2020`, `T/ZSTI ${1400 + round}-2020`],
  ]);
  return lines.length + deleted.length;
}

/** Keywords with a number fragment, ranked by the index with the number part (search-sql.ts wordsAndNumber). */
const NUMBERED = ['结构 ZSTI 1', '设计 T/ZSTI 2', '规程 ZSOV', '混凝土 ZSTI 14'];

/** Every keyword and page shape, the index's answer against SQL's; the index must be `index` throughout. */
async function expectSqlAnswers(t: TestDb, index: TitleIndex) {
  let ranked = 0;
  for (const keyword of [...QUERIES, ...FRAGMENTS, ...NUMBERED]) {
    for (const shape of SHAPES) {
      const p = { keyword, ...shape };
      const sql = await searchStandards(t.db, p, { titleIndex: 'off' });
      const mem = await searchStandards(t.db, p, { titleIndex: 'auto' });
      expect(mem, `${keyword} ${JSON.stringify(shape)}`).toEqual(sql);
      if (sql.total) ranked++;
    }
    const light = { keyword, size: 10 };
    expect(await searchStandards(t.db, light, { withTotal: false, titleIndex: 'auto' }), keyword).toEqual(
      await searchStandards(t.db, light, { withTotal: false, titleIndex: 'off' }),
    );
  }
  expect(titleIndexFor(t.db, index.version)).toBe(index);
  // The comparison means something only if most keywords found records.
  expect(ranked).toBeGreaterThan(QUERIES.length * 2);
}

describe.each(engines)('title index overlaid on %s', (engine) => {
  let t: TestDb;
  const stats = () => titleIndexStats(t.db);

  beforeAll(async () => {
    t = await createTestDb(engine);
    await importCsv(t, catalogueCsv(RECORDS).trim().split('\n').slice(1));
  }, 120_000);
  afterAll(async () => {
    await closeTitleIndex(t.db);
    await t.drop();
  });

  it('follows titles, statuses, dates, new and deleted records without a build, answering as SQL does', async () => {
    const built = (await startTitleIndex(t.db))!;
    expect(built.changed).toBeUndefined();
    const before = stats().builds;

    const changed = await changeCatalogue(t, 1);
    const overlaid = (await refresh(t.db))!;
    expect(overlaid.version).toBe(await readCatalogueVersion(t.db));
    expect(overlaid.since).toBe(built.version);
    expect(overlaid.changed?.length).toBe(changed);
    expect(stats().builds).toEqual({ ...before, overlaid: before.overlaid + 1 });
    // Its arrays are the build's: never written as the index of this version.
    expect(await saveTitleIndex(t.db, fs.mkdtempSync(path.join(os.tmpdir(), 'zs-overlay-nosave-')), overlaid)).toBe(false);
    await expectSqlAnswers(t, overlaid);

    // A second round is overlaid on the build again, listing both rounds' records.
    const more = await changeCatalogue(t, 2);
    const again = (await refresh(t.db))!;
    expect(again.since).toBe(built.version);
    expect(again.changed!.length).toBeGreaterThan(changed);
    expect(again.changed!.length).toBeLessThanOrEqual(changed + more);
    expect(stats().builds.kept).toBe(before.kept);
    await expectSqlAnswers(t, again);
  });

  it('a start reads the file of an earlier build and follows it to the catalogue as stored now', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-overlay-file-'));
    // A build of the catalogue as it is now, written, then changed once more.
    await importCsv(t, catalogueCsv(RECORDS).trim().split('\n').slice(1), 'always');
    const built = (await refresh(t.db))!;
    expect(built.changed).toBeUndefined();
    expect(await saveTitleIndex(t.db, dir, built)).toBe(true);
    const changed = await changeCatalogue(t, 3);

    // Refused without a list of changed records to follow (the default), read with one.
    expect(await loadTitleIndex(t.db, dir)).toBe('catalogue');
    expect(typeof (await loadTitleIndex(t.db, dir, MAX_OVERLAY))).not.toBe('string');

    await closeTitleIndex(t.db);
    const started = (await startTitleIndex(t.db, undefined, dir))!;
    expect(started.since).toBe(built.version);
    expect(started.changed?.length).toBe(changed);
    expect(stats().snapshots.loaded).toBe(1);
    await expectSqlAnswers(t, started);
  });

  it('builds again after a bulk load, which the change log notes as every record', async () => {
    const kept = stats().builds.kept;
    await importCsv(t, catalogueCsv(RECORDS).trim().split('\n').slice(1), 'always');
    const rebuilt = (await refresh(t.db))!;
    expect(rebuilt.changed).toBeUndefined();
    expect(rebuilt.since).toBe(rebuilt.version);
    expect(stats().builds.kept).toBe(kept + 1);
  });

  it('builds again once the changed records pass the fold limit (the overlay serving first), at once past the most', async () => {
    setOverlayLimits(t.db, { foldAt: 10, max: 40 });
    try {
      const newRecords = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => `T/ZSFD ${from + i}-2026,${WORDS[i % WORDS.length]}示例折叠,现行,2026-01-01`);
      // Built by the bulk load before.
      const held = (await refresh(t.db))!;
      expect(held.changed).toBeUndefined();
      const before = stats().builds;
      await importCsv(t, newRecords(1, 12));
      const folded = (await refresh(t.db))!;
      expect(stats().builds).toEqual({ ...before, overlaid: before.overlaid + 1, kept: before.kept + 1 });
      expect(folded.changed).toBeUndefined();
      expect(folded.size).toBe(held.size + 12);

      await importCsv(t, newRecords(100, 41));
      const built = (await refresh(t.db))!;
      expect(stats().builds).toEqual({ ...before, overlaid: before.overlaid + 1, kept: before.kept + 2 });
      expect(built.size).toBe(folded.size + 41);
    } finally {
      setOverlayLimits(t.db, {});
    }
  });
});

// On PGlite a build reads 2,000 records per statement, so a catalogue of 3,000 takes two: a check between them.
describe('a build stops once the catalogue moves past the version it reads', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('pglite');
    await importCsv(t, catalogueCsv(3000).trim().split('\n').slice(1));
  }, 120_000);
  afterAll(async () => {
    await closeTitleIndex(t.db);
    await t.drop();
  });

  it('stops between two reads, and titleIndexFor tells the build under way that a later version was seen', async () => {
    expect(await buildTitleIndex(t.db, { moved: true })).toBeUndefined();
    expect((await buildTitleIndex(t.db, {}))?.size).toBe(3000);

    await startTitleIndex(t.db);
    await importCsv(t, ['T/ZSMV 1-2026,示例构建之中,现行,2026-01-01']);
    // Past the most changed records followed: built.
    setOverlayLimits(t.db, { max: 0 });
    try {
      const before = titleIndexStats(t.db).builds;
      let done = false;
      const building = refresh(t.db).finally(() => (done = true));
      // A later version, as a search or the version poll would read it, until the build ends.
      while (!done) {
        titleIndexFor(t.db, 2 ** 31 - 1);
        await new Promise((r) => setImmediate(r));
      }
      await building;
      expect(titleIndexStats(t.db).builds).toEqual({ ...before, discarded: before.discarded + 1 });
      // Nothing else moved the catalogue: the next build is kept.
      await vi.waitFor(async () => expect((await refresh(t.db))?.version).toBe(await readCatalogueVersion(t.db)));
      expect(titleIndexStats(t.db).builds.kept).toBe(before.kept + 1);
    } finally {
      setOverlayLimits(t.db, {});
    }
  });
});
