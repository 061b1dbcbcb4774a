import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { readCatalogueVersion } from '../src/modules/standards/catalogue/catalogue-cache.ts';
import { buildTitleIndex, titleIndexSaved, titleIndexStats } from '../src/modules/standards/search/title-index-store.ts';
import { loadTitleIndex, saveTitleIndex } from '../src/modules/standards/search/title-index-snapshot.ts';
import type { TitleIndex, TitleIndexParts } from '../src/modules/standards/search/title-index.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { seeded } from './helpers/random.ts';
import { testConfig } from './helpers/app.ts';

// The title index written after a build and read at the next start (decisions/0114): the start that reads it answers
// every search as the start that built it, and a file that does not hold the catalogue as stored now is refused.

const WORDS = ['混凝土', '结构', '设计', '规范', '抗震', '检测', '技术', '规程', '桥梁', '施工', '质量', '验收', '消防', '𠮷野'];
const SERIES = ['GB/T', 'GB', 'JGJ/T', 'DB44/T', 'DG/TJ08', 'DGJ08', 'T/CECS'];
const STATUSES = ['现行', '即将实施', '被代替', '废止'];

/** 5,000 records (示例) by several rules: word runs, one-character titles, English titles, rare characters. */
function catalogueCsv(n: number): string {
  const { rnd, pick } = seeded(7);
  const lines = ['standardNo,nameZh,nameEn,status,implementDate'];
  for (let i = 1; i <= n; i++) {
    const rule = i % 4;
    const title =
      rule === 0
        ? pick(WORDS)
        : Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => pick(WORDS)).join(rule === 1 ? '' : '与');
    const english = rule === 3 ? 'Code for design' : '';
    const date = rnd() < 0.1 ? '' : `20${10 + Math.floor(rnd() * 12)}-0${1 + Math.floor(rnd() * 9)}-01`;
    const series = pick(SERIES);
    // Shanghai numbers are written DG/TJ08-2001-2016; the rest with a part number, unique per record.
    const no = series.startsWith('DG')
      ? `${series}-${i}-20${10 + (i % 15)}`
      : `${series} ${1 + Math.floor(rnd() * 90000)}.${i}-20${10 + (i % 15)}`;
    lines.push(`${no},${title},${english},${pick(STATUSES)},${date}`);
  }
  return `${lines.join('\n')}\n`;
}

async function importCsv(t: TestDb, csv: string) {
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tis-')), 'c.csv');
  fs.writeFileSync(f, csv);
  expect((await importFile(t.db, f, { source: '示例', today: '2026-01-01' })).rejected).toBe(0);
}

const QUERIES = [
  '规范',
  '混凝土结构',
  '规',
  '构设',
  '抗震 检测',
  '桥梁 GB/T 1',
  '𠮷',
  'Code',
  'DGJ08-1',
  'GB/T 2',
  '设计 5',
  '验收与',
];

async function answers(app: FastifyInstance) {
  const out: unknown[] = [];
  for (const keyword of QUERIES)
    for (const page of [1, 3]) {
      const res = await app.inject({ url: `/api/portal/standards?keyword=${encodeURIComponent(keyword)}&page=${page}&size=20` });
      expect(res.statusCode).toBe(200);
      out.push([keyword, page, res.json().data]);
    }
  return out;
}

/** Every typed array and map of two indexes, compared element by element. */
function expectSameParts(a: TitleIndexParts, b: TitleIndexParts) {
  // The catalogue exercises every part: numbers held, a token outside the BMP (𠮷).
  expect(a.numbers?.rank.length).toBe(a.ids.length);
  expect(a.post.overflow.size).toBeGreaterThan(0);
  expect(b.version).toBe(a.version);
  for (const key of ['ids', 'flags'] as const) expect(b[key]).toEqual(a[key]);
  expect(b.titles).toEqual(a.titles);
  expect(b.post).toEqual(a.post);
  expect(b.numbers).toEqual(a.numbers);
}

describe.each(engines)('title index file on %s', (engine) => {
  let t: TestDb;
  let dir: string;
  const startApp = async () => {
    const app = await buildApp({ config: testConfig({ SEARCH_INDEX_SNAPSHOT_DIR: dir }), db: t.db, logger: false });
    await app.ready();
    return app;
  };
  const indexed = async (db = t.db) => {
    const version = await readCatalogueVersion(db);
    await vi.waitFor(() => expect(titleIndexStats(db).version).toBe(version), { timeout: 60_000, interval: 20 });
  };

  beforeAll(async () => {
    t = await createTestDb(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tis-dir-'));
    await importCsv(t, catalogueCsv(5000));
  }, 120_000);
  afterAll(async () => {
    await t.drop();
  });

  it('a restart reads the file the last start wrote, and answers every search as the build did', async () => {
    const first = await startApp();
    await indexed();
    await titleIndexSaved(t.db);
    const built = titleIndexStats(t.db);
    expect(built.builds.kept).toBeGreaterThanOrEqual(1);
    expect(built.snapshots.saved).toBe(1);
    expect(fs.existsSync(path.join(dir, 'title-index.bin'))).toBe(true);
    const fromBuild = await answers(first);
    await first.close();

    const second = await startApp();
    await indexed();
    const loaded = titleIndexStats(t.db);
    expect(loaded.snapshots.loaded).toBe(1);
    // Read, not built: no build was kept after the first start's.
    expect(loaded.builds.kept).toBe(built.builds.kept);
    expect(loaded.records).toBe(5000);
    expect(await answers(second)).toEqual(fromBuild);
    await second.close();
  });

  it('the file holds the index as built, array for array', async () => {
    const index = (await buildTitleIndex(t.db))!;
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tis-parts-'));
    expect(await saveTitleIndex(t.db, other, index)).toBe(true);
    // Another instance sharing the directory finds the same index there and leaves the file as it is.
    const written = fs.statSync(path.join(other, 'title-index.bin'));
    expect(await saveTitleIndex(t.db, other, index)).toBe(true);
    expect(fs.statSync(path.join(other, 'title-index.bin')).ino).toBe(written.ino);
    const read = await loadTitleIndex(t.db, other);
    expect(typeof read).not.toBe('string');
    expectSameParts(index.parts(), (read as TitleIndex).parts());
    expect(await loadTitleIndex(t.db, fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tis-none-')))).toBe('none');
  });

  it('follows a file of an earlier catalogue to the one stored now; after a bulk load it builds and writes anew', async () => {
    const before = titleIndexStats(t.db);
    await importCsv(t, 'standardNo,nameZh,status,implementDate\nT/ZSSN 1-2026,示例索引文件之后的记录,现行,2026-01-01\n');
    // Read with the records changed since left to SQL (decisions/0118), not built.
    expect(await loadTitleIndex(t.db, dir)).toBe('catalogue');
    const app = await startApp();
    await indexed();
    const followed = titleIndexStats(t.db);
    expect(followed.snapshots.loaded).toBe(before.snapshots.loaded + 1);
    expect(followed.builds.overlaid).toBe(before.builds.overlaid + 1);
    expect(followed.builds.kept).toBe(before.builds.kept);
    const found = async () =>
      (await app.inject({ url: `/api/portal/standards?keyword=${encodeURIComponent('索引文件之后')}` }))
        .json()
        .data.list.map((s: { standardNo: string }) => s.standardNo);
    expect(await found()).toEqual(['T/ZSSN 1-2026']);
    await app.close();

    // A bulk load is "every record" in the change log: the file cannot be followed.
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tis-')), 'c.csv');
    fs.writeFileSync(f, 'standardNo,nameZh,status,implementDate\nT/ZSSN 2-2026,示例批量载入之后,现行,2026-01-01\n');
    expect((await importFile(t.db, f, { source: '示例', today: '2026-01-01', bulk: 'always' })).rejected).toBe(0);
    const again = await startApp();
    await indexed();
    await titleIndexSaved(t.db);
    const after = titleIndexStats(t.db);
    expect(after.snapshots['refused:catalogue']).toBe(before.snapshots['refused:catalogue'] + 1);
    expect(after.builds.kept).toBe(before.builds.kept + 1);
    expect(after.snapshots.saved).toBe(before.snapshots.saved + 1);
    await again.close();
    expect(typeof (await loadTitleIndex(t.db, dir))).not.toBe('string');
  });

  it('refuses a catalogue gone its own way under the same version (a copy restored and written to)', async () => {
    const index = (await buildTitleIndex(t.db))!;
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tis-sample-'));
    expect(await saveTitleIndex(t.db, other, index)).toBe(true);
    const version = await readCatalogueVersion(t.db);
    // The first ordinal is always in the sample.
    await t.db.query('update standards set name_zh = $1 where id = $2', ['示例改过的标题', index.parts().ids[0]]);
    await t.db.query('update catalogue_version set version = $1 where id = 1', [version]);
    expect(await loadTitleIndex(t.db, other)).toBe('sample');
  });

  it('refuses a damaged file, or one written by other code, and loses nothing', async () => {
    const index = (await buildTitleIndex(t.db))!;
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tis-bad-'));
    const file = path.join(other, 'title-index.bin');
    expect(await saveTitleIndex(t.db, other, index)).toBe(true);
    const good = fs.readFileSync(file);

    fs.writeFileSync(file, good.subarray(0, good.length - 100));
    expect(await loadTitleIndex(t.db, other)).toBe('damaged');
    // The next save replaces a file cut short, though its header names the same catalogue.
    expect(await saveTitleIndex(t.db, other, index)).toBe(true);
    expect(typeof (await loadTitleIndex(t.db, other))).not.toBe('string');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('NOTINDEX'), good.subarray(8)]));
    expect(await loadTitleIndex(t.db, other)).toBe('damaged');
    fs.writeFileSync(
      file,
      Buffer.from(good.toString('latin1').replace(/"code":"[0-9a-f]{64}"/, `"code":"${'0'.repeat(64)}"`), 'latin1'),
    );
    expect(await loadTitleIndex(t.db, other)).toBe('code');
    const headerLength = good.readUInt32LE(8);
    fs.writeFileSync(
      file,
      Buffer.concat([good.subarray(0, 16), Buffer.alloc(headerLength, 0x7b), good.subarray(16 + headerLength)]),
    );
    expect(await loadTitleIndex(t.db, other)).toBe('damaged');

    fs.writeFileSync(file, good);
    expect(typeof (await loadTitleIndex(t.db, other))).not.toBe('string');
  });
});
