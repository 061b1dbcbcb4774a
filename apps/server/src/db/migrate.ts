import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';
import { serverRoot } from '../lib/paths.ts';

export const MIGRATIONS_DIR = path.join(serverRoot, 'migrations');
const MIGRATION_LOCK = 720_442_000;

/**
 * Applies numbered SQL files (NNNN_name.sql) in order, each as one implicit transaction, recording
 * them in schema_migrations. The same files run on PGlite and PostgreSQL.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  return db.withLock(MIGRATION_LOCK, async () => {
    await db.exec(`create extension if not exists pg_trgm;
      create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      );`);
    const done = new Set((await db.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
      .sort();
    const applied: string[] = [];
    for (const file of files) {
      const version = file.slice(0, -4);
      if (done.has(version)) continue;
      const body = fs.readFileSync(path.join(dir, file), 'utf8');
      const escaped = version.replace(/'/g, "''");
      // A multi-statement simple query runs as one implicit transaction on both engines, so a
      // failing migration leaves nothing half-applied (migrations must not use explicit BEGIN).
      await db.exec(`${body}\n;insert into schema_migrations(version) values ('${escaped}');`);
      applied.push(version);
    }
    return applied;
  });
}
