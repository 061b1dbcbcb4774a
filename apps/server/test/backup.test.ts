import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/db/backup.ts';
import type { Database } from '../src/db/client.ts';
import { storeFile } from '../src/modules/files/service.ts';
import { runSeeders } from '../src/db/seed.ts';
import { seeders } from '../src/modules/index.ts';
import { createUser } from './helpers/builders.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { PDF, PNG } from './helpers/multipart.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

/**
 * Every row of every table (but the short-lived login state), in a stable order, as JSON text. The search
 * cache's catalogue version is left out: restoring rows moves it on, on purpose, so no cached answer from
 * before the restore is served after it. So is the title index's change log, to which the restore adds an
 * "every record" row (checked on its own).
 */
/** The title index's change log (migration 0082) in the order written. */
const changeLog = (db: Database) =>
  db.query<{ version: string; id: string | null }>(
    'select version::text, id::text from standard_index_changes order by version, id nulls last',
  );

async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('schema_migrations', 'ephemeral', 'catalogue_version', 'standard_index_changes')`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await db.query<{ j: string }>(`select row_to_json(t)::text as j from "${name}" t`);
    out[name] = rows.map((r) => r.j).sort();
  }
  return out;
}

function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    out[path.relative(dir, abs)] = crypto.createHash('sha256').update(fs.readFileSync(abs)).digest('hex');
  }
  return out;
}

describe.each(engines)('backup → wipe → restore on %s', (engine) => {
  let testDb: TestDb;
  const work = path.resolve(`.tmp/backup-test-${engine}-${process.pid}`);
  const filesDir = path.join(work, 'files');
  const out = path.join(work, 'backup');

  beforeAll(async () => {
    fs.rmSync(work, { recursive: true, force: true });
    testDb = await createTestDb(engine);
    await runSeeders(testDb.db, silent, seeders);
    const u = await createUser(testDb.db);
    await storeFile(testDb.db, filesDir, u.id, 'attachment', '营业执照.png', PNG);
    await storeFile(testDb.db, filesDir, u.id, 'attachment', '报告.pdf', PDF);
    await testDb.db.query("insert into app_secrets (name, value) values ('password_aes_key', 'Kept-Key-1234567')");
  });
  afterAll(async () => {
    await testDb?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('finds every record, file, secret and sequence position again', async () => {
    const before = await snapshot(testDb.db);
    const logBefore = await changeLog(testDb.db);
    const filesBefore = fileHashes(filesDir);
    expect(Object.keys(filesBefore)).toHaveLength(2);
    expect(before.standards!.length).toBeGreaterThan(100);
    expect(before.users).toHaveLength(1);

    const manifest = await backup(testDb.db, filesDir, out);
    expect(manifest.files).toBe(2);
    expect(manifest.tables.users).toBe(1);
    await expect(backup(testDb.db, filesDir, out)).rejects.toThrow(/备份目录已存在/);

    // Wipe: the whole schema and the uploads folder.
    await testDb.db.exec('drop schema public cascade; create schema public;');
    fs.rmSync(filesDir, { recursive: true, force: true });
    expect(fileHashes(filesDir)).toEqual({});

    await restore(testDb.db, filesDir, out);
    expect(await snapshot(testDb.db)).toEqual(before);
    // The change log as backed up, and one more "every record" row for the restore (migration 0082).
    const after = await changeLog(testDb.db);
    expect(after).toEqual(expect.arrayContaining(logBefore));
    const resets = (log: { id: string | null }[]) => log.filter((r) => r.id === null).length;
    expect(resets(after)).toBeGreaterThan(resets(logBefore));
    expect(fileHashes(filesDir)).toEqual(filesBefore);

    // Sequences continue after the restored rows instead of colliding with them.
    const next = await createUser(testDb.db);
    const maxBefore = Math.max(...before.users!.map((r) => (JSON.parse(r) as { id: number }).id));
    expect(next.id).toBeGreaterThan(maxBefore);
  });

  it('refuses a folder that is not a backup, and a backup from a newer release', async () => {
    await expect(restore(testDb.db, filesDir, work)).rejects.toThrow(/不是备份目录/);
    const manifestFile = path.join(out, 'manifest.json');
    const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
    fs.writeFileSync(manifestFile, JSON.stringify({ ...m, migrations: [...m.migrations, '9999_future'] }));
    await expect(restore(testDb.db, filesDir, out)).rejects.toThrow(/9999_future/);
  });
});
