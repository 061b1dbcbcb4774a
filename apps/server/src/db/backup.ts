import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';
import { migrate } from './migrate.ts';
import { withTransaction, type Query } from './tx.ts';

/**
 * Logical backup that works the same on PGlite and PostgreSQL (and restores across them): every
 * table as JSON lines, sequence positions, the applied migrations, and a copy of the uploaded files.
 * Plain SQL only, so no pg_dump of a matching version is needed next to the embedded database.
 */
export const BACKUP_FORMAT = 1;
/** Short-lived login state (captchas, codes, counters) is not worth restoring. */
const SKIPPED = new Set(['schema_migrations', 'ephemeral']);
const BATCH = 500;

export interface Manifest {
  format: number;
  createdAt: string;
  engine: Database['kind'];
  migrations: string[];
  tables: Record<string, number>;
  sequences: Record<string, number | null>;
  files: number;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tableNames(q: Query): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name).filter((n) => !SKIPPED.has(n));
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) n++;
  return n;
}

/** Writes the backup into `outDir` (created; must not exist yet) and returns its manifest. */
export async function backup(db: Database, filesDir: string, outDir: string): Promise<Manifest> {
  if (fs.existsSync(outDir)) throw new Error(`备份目录已存在：${outDir}`);
  fs.mkdirSync(path.join(outDir, 'tables'), { recursive: true });
  // One repeatable-read transaction: a consistent snapshot even while PostgreSQL serves requests.
  const manifest = await withTransaction(db, async (q) => {
    await q('set transaction isolation level repeatable read');
    const tables: Record<string, number> = {};
    for (const table of await tableNames(q)) {
      const rows = await q<{ j: string }>(`select row_to_json(t)::text as j from ${ident(table)} t`);
      fs.writeFileSync(
        path.join(outDir, 'tables', `${table}.jsonl`),
        rows.map((r) => r.j).join('\n') + (rows.length ? '\n' : ''),
      );
      tables[table] = rows.length;
    }
    const seqs = await q<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
    );
    const migrations = (await q<{ version: string }>('select version from schema_migrations order by version')).map(
      (r) => r.version,
    );
    return {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: db.kind,
      migrations,
      tables,
      sequences: Object.fromEntries(seqs.map((s) => [s.name, s.value === null ? null : Number(s.value)])),
      files: 0,
    } satisfies Manifest;
  });
  if (fs.existsSync(filesDir)) fs.cpSync(filesDir, path.join(outDir, 'files'), { recursive: true });
  manifest.files = countFiles(path.join(outDir, 'files'));
  fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`不是备份目录（缺少 manifest.json）：${dir}`);
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (m.format !== BACKUP_FORMAT) throw new Error(`不支持的备份格式：${m.format}`);
  return m;
}

async function insertRows(q: Query, table: string, lines: string[]) {
  const present = new Set(
    (
      await q<{ name: string }>(
        `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [table],
      )
    ).map((r) => r.name),
  );
  for (let i = 0; i < lines.length; i += BATCH) {
    const rows = lines.slice(i, i + BATCH).map((l) => JSON.parse(l) as Record<string, unknown>);
    // Columns a later migration added are left to their defaults.
    const cols = Object.keys(rows[0]!)
      .filter((c) => present.has(c))
      .map(ident)
      .join(', ');
    await q(
      `insert into ${ident(table)} (${cols}) select ${cols} from json_populate_recordset(null::${ident(table)}, $1::json)`,
      [JSON.stringify(rows)],
    );
  }
}

/**
 * Replaces the database's content and the uploaded files with the backup's. Migrates first, so a
 * backup of an older release restores into the current schema; a backup from a newer release is refused.
 */
export async function restore(db: Database, filesDir: string, dir: string): Promise<Manifest> {
  const manifest = readManifest(dir);
  await migrate(db);
  await withTransaction(db, async (q) => {
    const applied = new Set((await q<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
    const newer = manifest.migrations.filter((v) => !applied.has(v));
    if (newer.length) throw new Error(`备份来自更新的版本（迁移 ${newer.join(', ')} 未知），请先升级程序`);
    // Foreign keys come off while tables load in any order, then go back on (and are checked) at the end.
    const fks = await q<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const fk of fks) await q(`alter table ${fk.tbl} drop constraint ${ident(fk.name)}`);
    const tables = await tableNames(q);
    if (tables.length) await q(`truncate ${tables.map(ident).join(', ')} restart identity`);
    for (const table of Object.keys(manifest.tables)) {
      if (!tables.includes(table)) continue;
      const file = path.join(dir, 'tables', `${table}.jsonl`);
      const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
      if (lines.length) await insertRows(q, table, lines);
    }
    for (const [name, value] of Object.entries(manifest.sequences)) {
      if (value !== null) await q('select setval($1, $2, true)', [ident(name), value]);
    }
    for (const fk of fks) await q(`alter table ${fk.tbl} add constraint ${ident(fk.name)} ${fk.def}`);
  });
  fs.rmSync(filesDir, { recursive: true, force: true });
  const saved = path.join(dir, 'files');
  if (fs.existsSync(saved)) fs.cpSync(saved, filesDir, { recursive: true });
  return manifest;
}
