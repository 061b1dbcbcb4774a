import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Session } from '../src/db/client.ts';
import { importFile, type ImportOptions } from '../src/modules/standards/import/importer.ts';
import { BULK_BYTES_PER_ROW, BULK_MIN_ROWS, buildPendingIndexes, useBulkLoad } from '../src/modules/standards/import/bulk.ts';
import { BUILDING_CSV, SHANGHAI_JSON } from '../src/modules/standards/catalogue/seed.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helpers/app.ts';

// A bulk load (secondary indexes dropped, rebuilt at the end, all in one transaction) must leave exactly
// what the row-by-row load leaves: the same records, history, relations and report, and the same indexes.

const TODAY = '2026-01-01';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bulk-'));

/** A second file over the first: status changes, a changed title, duplicates across and within batches. */
function updateFile(): string {
  const f = path.join(tmp, 'update.csv');
  const rows = [
    'standardNo,nameZh,status,implementDate,notes',
    'GB 50011-2010,建筑抗震设计规范（示例改名）,废止,2010-12-01,',
    'DB4420/T 1-2024,示例批量导入一,现行,2024-03-01,代替DB4420/T 1-2019',
    'DB4420/T 1-2019,示例批量导入旧版,,2019-03-01,',
    'DB4420/T 2-2024,"示例批量导入二\t含制表符\\和反斜杠",即将实施,2027-01-01,',
    'DB4420/T 1-2024,示例批量导入一（后一行为准）,,,',
    ...Array.from({ length: 30 }, (_, i) => `DB4420/T ${100 + i}-2024,示例批量导入${i},现行,2024-05-01,`),
    'DB4420/T 105-2024,示例批量导入重复,废止,,',
    'not a number,示例无效行,,,',
  ];
  fs.writeFileSync(f, rows.join('\n'));
  return f;
}

async function load(db: Database, bulk: ImportOptions['bulk']) {
  const opts = { source: '示例', today: TODAY, bulk, batchSize: 7 };
  const reports = [
    await importFile(db, BUILDING_CSV, { ...opts, mapping: 'arch-standards-csv' }),
    await importFile(db, SHANGHAI_JSON, { ...opts, mapping: 'shanghai-json' }),
    await importFile(db, updateFile(), opts),
  ];
  expect(reports.map((r) => r.bulk)).toEqual([bulk === 'always', bulk === 'always', bulk === 'always']);
  return reports.map(({ elapsedMs: _, bulk: __, ...r }) => r);
}

/** Everything an import writes, by number rather than by id. */
async function contents(db: Database) {
  const standards = await db.query(
    `select to_jsonb(s) - 'id' - 'created_at' - 'updated_at' as row from standards s order by no_key`,
  );
  const history = await db.query(
    `select s.no_key, h.old_status, h.new_status, h.source from standard_status_history h
     join standards s on s.id = h.standard_id order by s.no_key, h.id`,
  );
  const relations = await db.query(
    `select s.no_key, r.related_no_key, r.related_no, o.no_key as related, r.kind, r.inferred, r.note
     from standard_relations r join standards s on s.id = r.standard_id left join standards o on o.id = r.related_id
     order by 1, 2, 5`,
  );
  return { standards, history, relations };
}

/** The catalogue's indexes, and the history's constraints (its foreign key is dropped during a bulk load). */
const indexes = async (db: Database) => ({
  indexes: await db.query(`select indexname, indexdef from pg_indexes where tablename = 'standards' order by indexname`),
  constraints: await db.query(
    `select conname, pg_get_constraintdef(oid) as def, convalidated from pg_constraint
     where conrelid = 'standard_status_history'::regclass order by conname`,
  ),
});
const pendingIndexes = async (db: Database) =>
  (await db.query<{ name: string }>('select name from standard_pending_indexes order by name')).map((r) => r.name);
const tempTables = (db: Database) =>
  db.query("select relname from pg_class where relpersistence = 't' and relname like 'import\\_%'");

describe.each(engines)('bulk import (%s)', (engine) => {
  let rowByRow: TestDb;
  let bulk: TestDb;
  beforeAll(async () => {
    [rowByRow, bulk] = await Promise.all([createTestDb(engine), createTestDb(engine)]);
  });
  afterAll(async () => {
    await Promise.all([rowByRow?.drop(), bulk?.drop()]);
  });

  it('leaves the same catalogue, history, relations, report and indexes as the row-by-row load', async () => {
    const before = await indexes(bulk.db);
    expect(before.indexes.length).toBeGreaterThan(10);
    expect(before.constraints).toContainEqual(
      expect.objectContaining({ def: expect.stringContaining('FOREIGN KEY (standard_id) REFERENCES standards(id)') }),
    );
    const a = await load(rowByRow.db, 'never');
    const b = await load(bulk.db, 'always');
    expect(b).toEqual(a);
    expect(a[2]).toMatchObject({ duplicates: 2, rejected: 1 });
    const [ca, cb] = await Promise.all([contents(rowByRow.db), contents(bulk.db)]);
    expect(ca.standards.length).toBeGreaterThan(500);
    expect(ca.history.length).toBeGreaterThan(ca.standards.length);
    expect(cb).toEqual(ca);
    // COPY's escapes: a tab and a backslash arrive as they were.
    const named = await bulk.db.query<{ name_zh: string }>(`select name_zh from standards where no_key = 'DB4420/T2-2024'`);
    expect(named).toEqual([{ name_zh: '示例批量导入二\t含制表符\\和反斜杠' }]);
    expect(await indexes(bulk.db)).toEqual(before);
    expect(await pendingIndexes(bulk.db)).toEqual([]);
    expect(await tempTables(bulk.db)).toEqual([]);
    // The indexes are usable again, not just defined: a search by token uses the rebuilt GIN index.
    const hits = await bulk.db.query<{ n: number }>(
      `select count(*)::int as n from standards where search_tokens @> array['抗震']`,
    );
    expect(hits[0]!.n).toBeGreaterThan(0);
    // The foreign key is enforced again, not just defined.
    await expect(
      bulk.db.query(`insert into standard_status_history (standard_id, new_status) values (-1, '现行')`),
    ).rejects.toThrow(/foreign key/);
  });

  it('rolls the whole load back when a batch fails, indexes included', async () => {
    const db = bulk.db;
    const before = { indexes: await indexes(db), contents: await contents(db) };
    let upserts = 0;
    const failing: Database = {
      ...db,
      session: (fn) =>
        db.session((s) => {
          const wrap = (x: Session): Session => ({
            query: (sql: string, params?: unknown[]) =>
              sql.includes('insert into standards') && ++upserts === 3
                ? Promise.reject(new Error('磁盘已满（模拟）'))
                : x.query(sql, params),
            copyIn: (...args) => x.copyIn(...args),
            transaction: (f) => x.transaction((t) => f(wrap(t))),
          });
          return fn(wrap(s));
        }),
    };
    const f = path.join(tmp, 'fail.csv');
    const rows = Array.from({ length: 40 }, (_, i) => `DB4420/T ${900 + i}-2024,示例回滚${i}`);
    fs.writeFileSync(f, ['standardNo,nameZh', ...rows].join('\n'));
    await expect(importFile(failing, f, { source: '示例', today: TODAY, bulk: 'always', batchSize: 5 })).rejects.toThrow(
      '磁盘已满（模拟）',
    );
    expect(upserts).toBe(3);
    expect(await indexes(db)).toEqual(before.indexes);
    expect(await contents(db)).toEqual(before.contents);
    expect(await tempTables(db)).toEqual([]);
  });
});

describe.each(engines)('indexes a bulk load left pending (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(async () => {
    await t?.drop();
  });

  /** What a process that ended after the load's commit leaves: the dropped indexes, noted as pending. */
  async function stopAfterCommit(db: Database, names: string[]) {
    const defs = await db.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes where indexname = any($1::text[])`,
      [names],
    );
    expect(defs).toHaveLength(names.length);
    for (const d of defs) {
      await db.query(`drop index ${d.name}`);
      await db.query('insert into standard_pending_indexes (name, def) values ($1, $2)', [d.name, d.def]);
    }
  }
  const stopped = ['standards_tokens_idx', 'standards_publish_idx', 'standards_ccs_idx'];

  it('are built at the next start, the GIN and B-tree ones alike', async () => {
    const before = await indexes(t.db);
    await stopAfterCommit(t.db, stopped);
    expect((await indexes(t.db)).indexes).toHaveLength(before.indexes.length - stopped.length);
    // The app builds them in the background once started; closing waits for that build.
    const app = await buildApp({ config: testConfig(), db: t.db, logger: false });
    await app.ready();
    await app.close();
    expect(await indexes(t.db)).toEqual(before);
    expect(await pendingIndexes(t.db)).toEqual([]);
    expect(await buildPendingIndexes(t.db)).toEqual([]);
  });

  it('answer their names when built', async () => {
    await stopAfterCommit(t.db, stopped);
    expect(await buildPendingIndexes(t.db)).toEqual([...stopped].sort());
    expect(await pendingIndexes(t.db)).toEqual([]);
  });

  it('are built by the next bulk load', async () => {
    const before = await indexes(t.db);
    await stopAfterCommit(t.db, stopped);
    const report = await importFile(t.db, BUILDING_CSV, {
      source: '示例',
      today: TODAY,
      bulk: 'always',
      mapping: 'arch-standards-csv',
    });
    expect(report.bulk).toBe(true);
    expect(report.inserted).toBeGreaterThan(50);
    expect(await indexes(t.db)).toEqual(before);
    expect(await pendingIndexes(t.db)).toEqual([]);
  });

  it('stay pending when a build fails, while the others are built', async () => {
    const before = await indexes(t.db);
    await stopAfterCommit(t.db, stopped);
    await t.db.query('insert into standard_pending_indexes (name, def) values ($1, $2)', [
      'standards_broken_idx',
      'CREATE INDEX standards_broken_idx ON public.standards USING btree (no_such_column)',
    ]);
    await expect(buildPendingIndexes(t.db)).rejects.toThrow(/no_such_column/);
    expect(await pendingIndexes(t.db)).toContain('standards_broken_idx');
    // One failure stops no other build: in its own lane or the other (PostgreSQL builds in two sessions).
    const built = (await indexes(t.db)).indexes.map((i) => (i as { indexname: string }).indexname);
    expect(built).toEqual(expect.arrayContaining(stopped));
    await t.db.query(`delete from standard_pending_indexes where name = 'standards_broken_idx'`);
    await buildPendingIndexes(t.db);
    expect(await indexes(t.db)).toEqual(before);
  });
});

describe.each(engines)('when a load is bulk (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('is bulk for a file of at least 50,000 estimated rows that at least doubles the catalogue', async () => {
    const decide = (bytes: number | undefined, mode: ImportOptions['bulk'] = 'auto') =>
      t.db.session((s) => useBulkLoad(s, mode!, bytes));
    const big = BULK_MIN_ROWS * BULK_BYTES_PER_ROW;
    expect(await decide(big)).toBe(true);
    expect(await decide(big - 1)).toBe(false);
    expect(await decide(undefined)).toBe(false);
    expect(await decide(1, 'always')).toBe(true);
    expect(await decide(big * 10, 'never')).toBe(false);
    // A catalogue larger than the file's estimate is kept up row by row.
    await t.db.query(
      `insert into standards (standard_no, no_key, no_base, no_prefix, no_order, name_zh, level)
       select 'DB4420/T ' || i, 'DB4420/T' || i, 'DB4420/T' || i, 'DB4420/T', lpad(i::text, 8, '0'), '示例', 'local'
       from generate_series(1, ${BULK_MIN_ROWS + 1}) i`,
    );
    expect(await decide(big)).toBe(false);
    expect(await decide(big * 2 + BULK_BYTES_PER_ROW * 2)).toBe(true);
  });
});
