import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { DatabaseEphemeralStore, RedisEphemeralStore, type EphemeralStore } from '../src/db/ephemeral.ts';
import { advanceClock, resetClock } from '../src/lib/clock.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { post } from './helpers/answer.ts';
import { smsCode, uniqueIdentity } from './helpers/builders.ts';

type Kind = `database:${string}` | 'redis';
const kinds: Kind[] = [
  ...engines.map((e) => `database:${e}` as Kind),
  ...(process.env.TEST_REDIS_URL ? (['redis'] as Kind[]) : []),
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(kinds)('ephemeral store (%s)', (kind) => {
  let store: EphemeralStore;
  let testDb: TestDb | undefined;
  let redis: Redis | undefined;
  // A unique prefix per run keeps parallel test files and earlier runs apart on a shared Redis.
  const prefix = `zs-test:${crypto.randomBytes(4).toString('hex')}:`;

  /** Lets a TTL pass: the database store follows the movable clock, Redis its own time. */
  const elapse = async (ms: number) => (kind === 'redis' ? sleep(ms) : advanceClock(ms));

  beforeAll(async () => {
    if (kind === 'redis') {
      redis = new Redis(process.env.TEST_REDIS_URL!);
      store = new RedisEphemeralStore(redis, prefix);
    } else {
      testDb = await createTestDb(kind === 'database:postgres' ? 'postgres' : 'pglite');
      store = new DatabaseEphemeralStore(testDb.db);
    }
  });
  afterAll(async () => {
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await store.close();
    }
    await testDb?.drop();
  });
  afterEach(() => resetClock());

  it('sets, gets, overwrites and deletes', async () => {
    expect(await store.get('a')).toBeNull();
    await store.set('a', 'one', 60);
    expect(await store.get('a')).toBe('one');
    await store.set('a', 'two', 60);
    expect(await store.get('a')).toBe('two');
    await store.del('a');
    expect(await store.get('a')).toBeNull();
  });

  it('take returns the value once', async () => {
    await store.set('t', 'v', 60);
    expect(await store.take('t')).toBe('v');
    expect(await store.take('t')).toBeNull();
    expect(await store.get('t')).toBeNull();
  });

  it('take is atomic: of concurrent callers exactly one gets the value', async () => {
    await store.set('race', 'prize', 60);
    const got = await Promise.all(Array.from({ length: 12 }, () => store.take('race')));
    expect(got.filter((v) => v === 'prize')).toHaveLength(1);
  });

  it('ignores values past their TTL', async () => {
    await store.set('short', 'x', 1);
    await store.set('long', 'y', 30);
    await elapse(1200);
    expect(await store.get('short')).toBeNull();
    expect(await store.take('short')).toBeNull();
    expect(await store.get('long')).toBe('y');
  });

  it('counts in fixed windows, concurrently without losing increments', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.incr('n', 1)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await elapse(1200);
    expect(await store.incr('n', 1)).toBe(1);
    expect(await store.incr('n', 1)).toBe(2);
  });

  if (kind !== 'redis') {
    it('removes expired rows lazily', async () => {
      await store.set('old', 'x', 1);
      advanceClock(120_000);
      await store.set('trigger', 'y', 60);
      const rows = await testDb!.db.query<{ key: string }>('select key from ephemeral');
      expect(rows.map((r) => r.key)).not.toContain('old');
      expect(rows.map((r) => r.key)).toContain('trigger');
    });
  }
});

describe.runIf(process.env.TEST_REDIS_URL)('the app with REDIS_URL', () => {
  const ctx = useTestApp('pglite', { REDIS_URL: process.env.TEST_REDIS_URL ?? '' });

  it('keeps captcha answers and SMS codes in Redis, not in the ephemeral table', async () => {
    expect(ctx.app.ephemeral.kind).toBe('redis');
    const ip = `10.7.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
    const f = { ...uniqueIdentity(), password: 'Abc12345!', againPassword: 'Abc12345!', captcha: 'x', checkInfo: true };
    const code = await smsCode(ctx.app, '/api/sys/auth/send/registrationCode', f.mobile, { ip });
    const r = await post<{ accessToken: string }>(ctx.app, '/api/sys/auth/register', { ...f, code }, { ip });
    expect(r.code).toBe(0);
    const rows = await ctx.testDb.db.query('select key from ephemeral');
    expect(rows).toHaveLength(0);
    // Under the app's own prefix: another deployment (or test database) on the same Redis does not see them.
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const keys = await redis.keys(`${ctx.app.config.redisKeyPrefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(ctx.app.config.redisKeyPrefix).not.toBe('zs:');
    } finally {
      redis.disconnect();
    }
  });
});
