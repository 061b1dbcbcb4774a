import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { PGLITE_TEMPLATE, PG_TEMPLATE_DB, withDatabase } from './paths.ts';

/**
 * Migrates one template per engine before the server tests; every test file then clones it
 * (PGlite: a dumped data directory; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup() {
  fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  const lite = await openDatabase({});
  await migrate(lite);
  const dump = await lite.dump!();
  fs.writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await lite.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropDatabase(admin, PG_TEMPLATE_DB);
    // C.UTF-8 ctype so pg_trgm and lower() treat Chinese as characters on every machine.
    await admin.query(
      `create database "${PG_TEMPLATE_DB}" template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
    );
    await admin.end();
    const db = await openDatabase({ databaseUrl: withDatabase(url, PG_TEMPLATE_DB) });
    await migrate(db);
    await db.close();
  }
}

export async function dropDatabase(admin: pg.Client, name: string) {
  await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [
    name,
  ]);
  await admin.query(`drop database if exists "${name}"`);
}
