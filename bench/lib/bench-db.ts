import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';

/**
 * The database a bench runs on, migrated: PGlite in `dir` by default (a data directory, as deployed), or with
 * BENCH_DATABASE_URL=postgres://… a fresh database `${prefix}_${pid}` on that server, dropped by `drop()`.
 */
export async function benchDatabase(dir: string, prefix: string): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  const name = `${prefix}_${process.pid}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  let dbUrl: string | undefined;
  if (url) {
    await admin(`create database "${name}"`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  }
  const db = await openDatabase(dbUrl ? { databaseUrl: dbUrl } : { dataDir: path.join(dir, 'db') });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      if (url) await admin(`drop database "${name}" with (force)`);
    },
  };
}
