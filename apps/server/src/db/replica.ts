import type { Database } from './client.ts';
import { openDatabase } from './client.ts';

/**
 * Public reads on a PostgreSQL streaming replica (docs/decisions/0084-search-quality-and-read-replica.md).
 *
 * `readDb` is one Database object that sends each statement to the replica while it answers and keeps up,
 * else to the primary. It stays the same object whichever serves, so what is kept per database (the title
 * index, the synonym cache) is kept once. A lag check every CHECK_MS decides; a statement that fails on the
 * replica for a connection reason marks it down at once and is run again on the primary, so a replica that
 * stops costs no failed request. Writes never go through it: `exec` and `withLock` are the primary's.
 */
export interface ReplicaStatus {
  serving: 'replica' | 'primary';
  reason: 'down' | 'lag' | null;
  lagSeconds: number | null;
}

export interface ReadRouter {
  readDb: Database;
  status(): ReplicaStatus;
  /** Runs one lag check now (tests wait on it instead of sleeping). */
  check(): Promise<ReplicaStatus>;
  close(): Promise<void>;
}

/** How often the replica's lag is read. */
export const CHECK_MS = 2_000;
/** A replica that has not answered the lag check in this long counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Seconds the replica's replay is behind: 0 when it has replayed all it received (an idle primary sends
 * nothing, so the last replay's age would grow without any lag), else the age of the last replayed commit.
 * A server not in recovery (pointed at a primary) has no lag.
 */
const LAG_SQL = `select case
    when not pg_is_in_recovery() then 0
    when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
    else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
  end::float8 as lag`;

/** Errors that say the replica cannot be reached or has gone away, not that the statement is wrong. */
export function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // SQLSTATE class 08 (connection), 57P01-03 (shutdown, cannot connect now), 53 (out of resources).
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return /^(08|57P0|53)/.test(code);
  // Node errors (ECONNREFUSED, ECONNRESET, ETIMEDOUT…) and pg's own "Connection terminated".
  return true;
}

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('replica check timed out'), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export async function openReadRouter(
  primary: Database,
  opts: { url: string; maxLagS: number; checkMs?: number; poolSize?: number },
): Promise<ReadRouter> {
  const replica = await openDatabase({
    databaseUrl: opts.url,
    poolSize: opts.poolSize,
    lazy: true,
    connectTimeoutMs: CHECK_TIMEOUT_MS,
  });
  let state: ReplicaStatus = { serving: 'primary', reason: 'down', lagSeconds: null };
  let closed = false;

  const check = async (): Promise<ReplicaStatus> => {
    try {
      const [row] = await within(CHECK_TIMEOUT_MS, replica.query<{ lag: number }>(LAG_SQL));
      const lag = Number(row?.lag ?? 0);
      state =
        lag > opts.maxLagS
          ? { serving: 'primary', reason: 'lag', lagSeconds: lag }
          : { serving: 'replica', reason: null, lagSeconds: lag };
    } catch {
      state = { serving: 'primary', reason: 'down', lagSeconds: null };
    }
    return state;
  };
  await check();
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      void check().finally(() => {
        if (!closed) loop();
      });
    }, opts.checkMs ?? CHECK_MS);
    timer.unref();
  };
  loop();

  /** Runs a read on the replica while it serves; on a connection failure marks it down and asks the primary. */
  const route = async <T>(run: (db: Database) => Promise<T>): Promise<T> => {
    if (state.serving !== 'replica') return run(primary);
    try {
      return await run(replica);
    } catch (err) {
      if (!isConnectionError(err)) throw err;
      state = { serving: 'primary', reason: 'down', lagSeconds: null };
      return run(primary);
    }
  };

  const readDb: Database = {
    kind: 'postgres',
    query: (text, params, opts) => route((db) => db.query(text, params, opts)),
    transaction: (fn) => route((db) => db.transaction(fn)),
    session: (fn) => route((db) => db.session(fn)),
    exec: (script) => primary.exec(script),
    withLock: (key, fn) => primary.withLock(key, fn),
    poolStats: () => (state.serving === 'replica' ? replica : primary).poolStats?.() ?? { total: 0, idle: 0, waiting: 0 },
    // The router owns only the replica's pool; the primary is closed by whoever opened it.
    close: () => replica.close(),
    primary,
  };

  return {
    readDb,
    status: () => state,
    check,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await replica.close();
    },
  };
}
