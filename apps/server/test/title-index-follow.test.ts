import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { readCatalogueVersion } from '../src/modules/standards/catalogue/catalogue-cache.ts';
import { titleIndexStats } from '../src/modules/standards/search/title-index-store.ts';
import { createTestDb, type TestDb } from './helpers/db.ts';
import { testConfig } from './helpers/app.ts';

/** The bound: an instance's title index follows a write through another instance within this. */
const FOLLOW_DEADLINE_MS = 10_000;

/**
 * Two app instances on one PostgreSQL database, each with its own pool and its own in-memory title index,
 * as behind a load balancer. Needs TEST_DATABASE_URL (instances share nothing else on PGlite).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('title index of every instance follows writes through another', () => {
  let testDb: TestDb;
  let secondDb: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    secondDb = await openDatabase({ databaseUrl: testDb.url!, poolSize: 4 });
    a = await buildApp({ config: testConfig(), db: testDb.db, logger: false });
    b = await buildApp({ config: testConfig(), db: secondDb, logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondDb?.close();
    await testDb?.drop();
  });

  async function importOn(db: Database, no: string, title: string) {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-follow-')), 'one.csv');
    fs.writeFileSync(f, `standardNo,nameZh,status,implementDate\n${no},${title},现行,2026-01-01\n`);
    expect((await importFile(db, f, { source: '示例', today: '2026-01-01' })).rejected).toBe(0);
  }

  it('an import through one instance is in the other’s index within 10 s, with no search on it meanwhile', async () => {
    const start = await readCatalogueVersion(secondDb);
    await vi.waitFor(() => expect(titleIndexStats(b.readDb).version).toBe(start), { timeout: 30_000, interval: 50 });

    await importOn(a.db, 'T/ZSFL 1-2026', '示例跨实例索引跟随记录');
    const written = performance.now();
    const version = await readCatalogueVersion(testDb.db);
    expect(version).toBeGreaterThan(start);
    // Only the version poll moves b's index: nothing searches on b until it has followed.
    await vi.waitFor(() => expect(titleIndexStats(b.readDb).version).toBe(version), {
      timeout: FOLLOW_DEADLINE_MS,
      interval: 50,
    });
    expect(performance.now() - written).toBeLessThan(FOLLOW_DEADLINE_MS);

    const res = await b.inject({ method: 'GET', url: `/api/portal/standards?keyword=${encodeURIComponent('跨实例索引')}` });
    expect(res.json().data.list.map((s: { standardNo: string }) => s.standardNo)).toContain('T/ZSFL 1-2026');
  });

  it('a status change written through one instance reaches the other’s index too', async () => {
    const before = titleIndexStats(b.readDb).builds;
    await testDb.db.query(`update standards set status = 'abolished' where no_key = 'T/ZSFL1-2026'`);
    const version = await readCatalogueVersion(testDb.db);
    await vi.waitFor(() => expect(titleIndexStats(b.readDb).version).toBe(version), {
      timeout: FOLLOW_DEADLINE_MS,
      interval: 50,
    });
    // Followed (decisions/0118), or built when the import above was still to be folded in: never left behind.
    const after = titleIndexStats(b.readDb).builds;
    expect(after.kept + after.overlaid).toBeGreaterThan(before.kept + before.overlaid);
  });

  it('a synonym written through one instance: the other keeps its index, restamped, and ranks with the synonym', async () => {
    const before = titleIndexStats(b.readDb).builds;
    await testDb.db.query(`insert into search_synonyms (terms) values ('{跨实例索引,示例跨例检索}')`);
    const version = await readCatalogueVersion(testDb.db);
    await vi.waitFor(() => expect(titleIndexStats(b.readDb).version).toBe(version), {
      timeout: FOLLOW_DEADLINE_MS,
      interval: 50,
    });
    // Kept, not read again (decisions/0117): at 5,000,000 records a build takes a minute or more.
    expect(titleIndexStats(b.readDb).builds).toEqual({ ...before, restamped: before.restamped + 1 });
    const res = await b.inject({ method: 'GET', url: `/api/portal/standards?keyword=${encodeURIComponent('示例跨例检索')}` });
    expect(res.json().data.list.map((s: { standardNo: string }) => s.standardNo)).toContain('T/ZSFL 1-2026');
  });
});
