import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The one data-access handle of the app. `orm` is drizzle over either driver; `query` runs
 * parameterised raw SQL (search and bulk work need SQL drizzle cannot express); `exec` runs a
 * multi-statement script (migrations).
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(script: string): Promise<void>;
  /** Runs fn holding a session-level advisory lock, so concurrent instances migrate one at a time. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests clone a migrated template). */
  dump?(): Promise<Blob>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in-memory (tests). */
  dataDir?: string;
  /** Prebuilt PGlite data (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let lock: DataDirLock | undefined;
  let dir: string | undefined;
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    lock = acquireDataDirLock(opts.dataDir);
    dir = path.join(opts.dataDir, 'pglite');
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const orm = drizzlePglite({ client, schema }) as unknown as Orm;
  return {
    kind: 'pglite',
    orm,
    async query<T>(text: string, params: unknown[] = []) {
      const res = await client.query<T>(text, params as never[]);
      return res.rows;
    },
    async exec(script: string) {
      await client.exec(script);
    },
    // PGlite is a single connection inside this process and the data-dir lock keeps other
    // processes out, so no extra lock is needed.
    withLock: (_key, fn) => fn(),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A failing idle client must not crash the process; the next query reports the error.
  pool.on('error', () => {});
  await pool.query('select 1');
  const orm = drizzlePg({ client: pool, schema }) as unknown as Orm;
  return {
    kind: 'postgres',
    orm,
    async query<T>(text: string, params: unknown[] = []) {
      const res = await pool.query(text, params);
      return res.rows as T[];
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async withLock(key, fn) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        conn.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
