// owns tables: ephemeral
import { Redis } from 'ioredis';
import type { Database } from './client.ts';
import { clock } from '../lib/clock.ts';

/**
 * Short-lived shared state of the auth flow (captcha answers, SMS codes, rate-limit counters).
 * It lives in the database or in Redis, never only in process memory, so any instance can answer
 * any request (docs/product.md §10).
 */
export interface EphemeralStore {
  readonly kind: 'database' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSec: number): Promise<void>;
  /** Reads and deletes in one step: of two concurrent callers only one gets the value. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Fixed-window counter: the first increment starts a window of ttlSec; returns the new count. */
  incr(key: string, ttlSec: number): Promise<number>;
  close(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** Expired rows are ignored by every read; a sweep removes them at most once a minute. */
const SWEEP_EVERY_MS = 60_000;

export class DatabaseEphemeralStore implements EphemeralStore {
  readonly kind = 'database' as const;
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  async get(key: string) {
    const rows = await this.db.query<{ value: string }>('select value from ephemeral where key = $1 and expires_at > $2', [
      key,
      iso(clock.now()),
    ]);
    return rows[0]?.value ?? null;
  }

  async set(key: string, value: string, ttlSec: number) {
    const now = clock.now();
    await this.db.query(
      `insert into ephemeral (key, value, expires_at) values ($1, $2, $3)
       on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`,
      [key, value, iso(now + ttlSec * 1000)],
    );
    await this.sweep(now);
  }

  async take(key: string) {
    const rows = await this.db.query<{ value: string; live: boolean }>(
      'delete from ephemeral where key = $1 returning value, expires_at > $2 as live',
      [key, iso(clock.now())],
    );
    const row = rows[0];
    return row && row.live ? row.value : null;
  }

  async del(key: string) {
    await this.db.query('delete from ephemeral where key = $1', [key]);
  }

  async incr(key: string, ttlSec: number) {
    const now = clock.now();
    // One statement, so concurrent increments serialise on the row lock; an expired window restarts at 1.
    const rows = await this.db.query<{ value: string }>(
      `insert into ephemeral (key, value, expires_at) values ($1, '1', $3)
       on conflict (key) do update set
         value = case when ephemeral.expires_at > $2 then (ephemeral.value::bigint + 1)::text else '1' end,
         expires_at = case when ephemeral.expires_at > $2 then ephemeral.expires_at else excluded.expires_at end
       returning value`,
      [key, iso(now), iso(now + ttlSec * 1000)],
    );
    await this.sweep(now);
    return Number(rows[0]?.value ?? 1);
  }

  async close() {}

  private async sweep(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.query('delete from ephemeral where expires_at <= $1', [iso(now)]);
  }
}

const TAKE = `local v = redis.call('GET', KEYS[1]); if v then redis.call('DEL', KEYS[1]) end; return v`;
const INCR = `local n = redis.call('INCR', KEYS[1]); if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end; return n`;

/** Redis keeps expiry itself, so the shared clock does not apply here. */
export class RedisEphemeralStore implements EphemeralStore {
  readonly kind = 'redis' as const;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'zs:',
  ) {}

  static connect(url: string, prefix?: string) {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Connection errors surface on the next command; an idle error must not crash the process.
    redis.on('error', () => {});
    return new RedisEphemeralStore(redis, prefix);
  }

  private k(key: string) {
    return this.prefix + key;
  }

  get(key: string) {
    return this.redis.get(this.k(key));
  }

  async set(key: string, value: string, ttlSec: number) {
    await this.redis.set(this.k(key), value, 'PX', Math.max(1, Math.round(ttlSec * 1000)));
  }

  async take(key: string) {
    return (await this.redis.eval(TAKE, 1, this.k(key))) as string | null;
  }

  async del(key: string) {
    await this.redis.del(this.k(key));
  }

  async incr(key: string, ttlSec: number) {
    return Number(await this.redis.eval(INCR, 1, this.k(key), Math.max(1, Math.round(ttlSec * 1000))));
  }

  async close() {
    await this.redis.quit().catch(() => {});
  }
}

export function createEphemeralStore(opts: { redisUrl?: string; redisKeyPrefix?: string; db: Database }): EphemeralStore {
  return opts.redisUrl ? RedisEphemeralStore.connect(opts.redisUrl, opts.redisKeyPrefix) : new DatabaseEphemeralStore(opts.db);
}
