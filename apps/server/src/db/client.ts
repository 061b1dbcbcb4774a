import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { PriorityGate } from './priority-gate.ts';

/** Parameterised SQL (`$1…$n`) returning rows. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * One connection held for a run of statements (bulk writes): its queries share the connection's session, so
 * temporary tables, session settings and an open transaction carry from one to the next.
 */
export interface Session {
  query: Query;
  /** COPY … FROM STDIN of PostgreSQL text-format rows (lib/copy-text.ts) into table(columns). */
  copyIn(table: string, columns: string[], text: string): Promise<void>;
  /** Runs fn in one transaction on this connection; a throw rolls back. On PGlite other queries wait meanwhile. */
  transaction<T>(fn: (s: Session) => Promise<T>): Promise<T>;
}

/** How a statement is sent (Database.query). */
export interface QueryOptions {
  /**
   * PostgreSQL: as a named prepared statement, parsed and planned once per connection. For a small hot
   * statement, parsing and planning cost more than running it (a 20-id summary read: 1,482 → 4,123 per
   * second on 2 cores, docs/decisions/0105). Only for fixed texts whose generic plan is as good as a custom
   * one: no LIKE patterns or skewed values in parameters. PGlite ignores it.
   */
  prepare?: boolean;
}

/**
 * The one data-access handle of the app: parameterised SQL on either engine. The SQL migrations
 * define the tables (docs/decisions/0001-foundation.md); test/schema.test.ts checks that the SQL in the
 * code names only tables and columns they create.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: QueryOptions): Promise<T[]>;
  /** Runs fn in one transaction; its queries share one connection; a throw rolls back. */
  transaction<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  exec(script: string): Promise<void>;
  /** Runs fn on one connection held for its duration (no transaction unless fn opens one). */
  session<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  /** Runs fn holding a session-level advisory lock, so concurrent instances migrate one at a time. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: connections of the pool (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: resolves once no statement of the app has been waiting or running for a moment, or after `capMs`.
   * A long writer (an import, between its batches) lets the requests queued behind it through first: PGlite has
   * one connection, and a page's few statements one after another would each wait for a whole batch.
   */
  waitQuiet?(capMs: number): Promise<void>;
  /**
   * PGlite only: the same database for a background job (decisions/0096): its statements wait while requests'
   * statements are queued (db/priority-gate.ts). Use backgroundOf(db).
   */
  background?(): Database;
  /** On a background handle: the ordinary handle it belongs to (what per-database state is keyed by). */
  foreground?: Database;
  /** PGlite only: an HTTP request began (db/foreground.ts); the returned function ends it. Jobs give way meanwhile. */
  beginRequest?(): () => void;
  /** PGlite only: HTTP requests being answered now. */
  requestsInFlight?(): number;
  /** PGlite only: the whole data directory as a tarball (tests clone a migrated template). */
  dump?(): Promise<Blob>;
  /** A read router (db/replica.ts) only: the primary it falls back to and that takes the writes. */
  primary?: Database;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in-memory (tests). */
  dataDir?: string;
  /** Prebuilt PGlite data (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** PostgreSQL: open without a first query (a replica may be down at start; it is checked apart). */
  lazy?: boolean;
  /** PostgreSQL: give up connecting after this long (default: wait). */
  connectTimeoutMs?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize, opts) : openPglite(opts);
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
  // Statements and transactions of the app (not of sessions: an import's own) waiting or running (waitQuiet).
  let active = 0;
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    active++;
    try {
      return await run();
    } finally {
      active--;
    }
  };
  // Requests' statements go before background jobs' (db/priority-gate.ts); sessions (an import) bypass the gate.
  const gate = new PriorityGate();
  const handle = (background: boolean, foreground?: Database): Database => {
    const db: Database = {
      kind: 'pglite',
      foreground,
      query: <T>(text: string, params: unknown[] = []) =>
        counted(async () => {
          const res = await gate.run(background, () => client.query<T>(text, params as never[]));
          await turn();
          return res.rows;
        }),
      transaction: (fn) =>
        counted(() =>
          gate.run(background, () =>
            client.transaction((tx) =>
              fn(async <T>(text: string, params: unknown[] = []) => {
                const res = await tx.query<T>(text, params as never[]);
                await turn();
                return res.rows;
              }),
            ),
          ),
        ),
      waitQuiet: (capMs) => waitQuiet(() => active, capMs),
      beginRequest: () => gate.beginRequest(),
      requestsInFlight: () => gate.requestsInFlight,
      async exec(script: string) {
        await gate.run(background, () => client.exec(script));
      },
      // One connection already: the session is the client itself (its statements may interleave with the
      // app's other queries, except inside transaction()). COPY reads its input from a blob there.
      session: (fn) => fn(pgliteSession(client)),
      // PGlite is a single connection inside this process and the data-dir lock keeps other
      // processes out, so no extra lock is needed.
      withLock: (_key, fn) => fn(),
      dump: async () => (await client.dumpDataDir('none')) as Blob,
      async close() {
        await client.close();
        lock?.release();
      },
    };
    return db;
  };
  const main = handle(false);
  const back = handle(true, main);
  main.background = () => back;
  back.background = () => back;
  return main;
}

/** The handle a background job queries through: behind requests on PGlite, the database itself elsewhere. */
export const backgroundOf = (db: Database): Database => db.background?.() ?? db;

async function openPostgres(url: string, poolSize = 10, opts: OpenOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: opts.connectTimeoutMs });
  // A failing idle client must not crash the process; the next query reports the error.
  pool.on('error', () => {});
  if (!opts.lazy) await pool.query('select 1');
  // Statement names by text: the same text always gets the same name (pg prepares it once per connection).
  const names = new Map<string, string>();
  const nameOf = (text: string) => names.get(text) ?? (names.set(text, `zs${names.size}`), names.get(text)!);
  return {
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = [], q?: QueryOptions) {
      const res = q?.prepare ? await pool.query({ name: nameOf(text), text, values: params }) : await pool.query(text, params);
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
    async session(fn) {
      const conn = await pool.connect();
      let broken = false;
      try {
        return await fn(pgSession(conn));
      } catch (err) {
        broken = true;
        throw err;
      } finally {
        // A failed session may have left settings or temporary tables behind: the connection is not reused.
        conn.release(broken);
      }
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

type PgliteQueryable = Pick<PGlite, 'query'>;

/**
 * One turn of the event loop after each PGlite statement. PGlite runs a statement synchronously and settles its
 * promise as a microtask, and its queue hands the connection to the next waiting statement the same way; with
 * statements waiting (an import's batches, a burst of searches) the process would run one microtask chain for
 * seconds and answer no request, not even /api/health, nor fire a timer (docs/decisions/0076, measured there).
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long the app's statements must have been idle to count as quiet: a request's next statement comes sooner. */
const QUIET_MS = 10;

async function waitQuiet(active: () => number, capMs: number): Promise<void> {
  const until = performance.now() + capMs;
  let quietSince: number | undefined;
  while (performance.now() < until) {
    if (active() > 0) quietSince = undefined;
    else if (quietSince === undefined) quietSince = performance.now();
    else if (performance.now() - quietSince >= QUIET_MS) return;
    await new Promise((r) => setTimeout(r, 1));
  }
}

function pgliteSession(client: PGlite, tx?: PgliteQueryable): Session {
  const on: PgliteQueryable = tx ?? client;
  return {
    query: async <T>(text: string, params: unknown[] = []) => {
      const res = await on.query<T>(text, params as never[]);
      await turn();
      return res.rows;
    },
    async copyIn(table, columns, text) {
      await on.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([text]) });
      await turn();
    },
    transaction: (fn) => (tx ? fn(pgliteSession(client, tx)) : client.transaction((t) => fn(pgliteSession(client, t)))),
  };
}

function pgSession(conn: pg.PoolClient): Session {
  const session: Session = {
    query: async <T>(text: string, params: unknown[] = []) => (await conn.query(text, params)).rows as T[],
    copyIn: (table, columns, text) =>
      new Promise<void>((resolve, reject) => {
        const stream = conn.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
        stream.on('error', reject);
        stream.on('finish', () => resolve());
        stream.end(text);
      }),
    async transaction(fn) {
      await conn.query('begin');
      try {
        const result = await fn(session);
        await conn.query('commit');
        return result;
      } catch (err) {
        await conn.query('rollback').catch(() => {});
        throw err;
      }
    },
  };
  return session;
}
