import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';

/** Parameterised SQL (`$1…$n`) returning rows. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * The one data-access handle of the app: parameterised SQL on either engine. The SQL migrations
 * define the tables (docs/decisions/0001-foundation.md); test/schema.test.ts checks that the SQL in the
 * code names only tables and columns they create.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn in one transaction; its queries share one connection; a throw rolls back. */
  transaction<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  exec(script: string): Promise<void>;
  /** Runs fn holding a session-level advisory lock, so concurrent instances migrate one at a time. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: connections of the pool (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
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
  return {
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      const res = await client.query<T>(text, params as never[]);
      return res.rows;
    },
    transaction: (fn) =>
      client.transaction((tx) =>
        fn(async <T>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params as never[])).rows),
      ),
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
  return {
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      const res = await pool.query(text, params);
      return res.rows as T[];
    },
    async transaction(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        const result = await fn(async <T>(text: string, params: unknown[] = []) => (await conn.query(text, params)).rows as T[]);
        await conn.query('commit');
        return result;
      } catch (err) {
        await conn.query('rollback').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
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
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}
