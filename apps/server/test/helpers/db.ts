import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { PGLITE_TEMPLATE, PG_TEMPLATE_DB, withDatabase } from './paths.ts';

export type Engine = 'pglite' | 'postgres';

/** Engines the database tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDb {
  db: Database;
  /** The connection URL of the cloned PostgreSQL database (for a second process or instance on it). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database cloned from the template made in global setup. */
export async function createTestDb(engine: Engine): Promise<TestDb> {
  if (engine === 'pglite') {
    const blob = new Blob([fs.readFileSync(PGLITE_TEMPLATE)]);
    const db = await openDatabase({ loadDataDir: blob });
    return { db, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `zs_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${PG_TEMPLATE_DB}"`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 4 });
  return {
    db,
    url: withDatabase(url, name),
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}
