import { describe, expect, it } from 'vitest';
import { parseConfig, REPOSITORY_EXAMPLE_KEY } from '../src/config.ts';

/** A public deployment with everything in order, to change one setting at a time. */
const PUBLIC_OK = { DEPLOYMENT: 'public', SMS_PROVIDER: 'aliyun', TRUST_PROXY: '127.0.0.1' };

describe('configuration (docs/product.md §3)', () => {
  it('has the documented defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      tokenTtlHours: 24,
      seedDemo: true,
      devOutbox: false,
      deployment: 'private',
    });
    expect(c.sms.provider).toBe('console');
    // No key by default: the server makes its own on first start (plugins/secrets.ts).
    expect(c.passwordAesKey).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(c.metrics).toEqual({ token: undefined, port: undefined });
  });

  it('writes the title index under DATA_DIR unless SEARCH_INDEX_SNAPSHOT_DIR names another place or turns it off', () => {
    expect(parseConfig({ DATA_DIR: '/srv/zs' }).searchIndexSnapshotDir).toBe('/srv/zs/search-index');
    expect(parseConfig({ SEARCH_INDEX_SNAPSHOT_DIR: '/var/cache/zs-index' }).searchIndexSnapshotDir).toBe('/var/cache/zs-index');
    for (const off of ['0', 'off', 'false'])
      expect(parseConfig({ SEARCH_INDEX_SNAPSHOT_DIR: off }).searchIndexSnapshotDir).toBeUndefined();
  });

  it('ranks partial matches on their thread from SEARCH_PARTIAL_THREAD records, never when off, and refuses other text', () => {
    expect(parseConfig({}).searchPartialThread).toBeUndefined();
    expect(parseConfig({ SEARCH_PARTIAL_THREAD: '50000' }).searchPartialThread).toBe(50_000);
    for (const off of ['0', 'off']) expect(parseConfig({ SEARCH_PARTIAL_THREAD: off }).searchPartialThread).toBe(0);
    for (const bad of ['many', '-1', '1.5'])
      expect(() => parseConfig({ SEARCH_PARTIAL_THREAD: bad })).toThrow(/SEARCH_PARTIAL_THREAD must be a record count or off/);
  });

  it('refuses an SMS provider that does not exist and an AES key of the wrong length', () => {
    expect(() => parseConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_PROVIDER must be console or aliyun/);
    expect(() => parseConfig({ PASSWORD_AES_KEY: 'short' })).toThrow(/exactly 16 characters/);
  });

  it('keys Redis under zs: unless REDIS_KEY_PREFIX says otherwise, and refuses a prefix that is not a plain name', () => {
    expect(parseConfig({}).redisKeyPrefix).toBe('zs:');
    expect(parseConfig({ REDIS_KEY_PREFIX: 'zs-staging:' }).redisKeyPrefix).toBe('zs-staging:');
    expect(() => parseConfig({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX: 1–64 letters/);
    expect(() => parseConfig({ REDIS_KEY_PREFIX: '' })).toThrow(/REDIS_KEY_PREFIX: 1–64 letters/);
  });

  it('reads TRUST_PROXY as a flag or a list of proxy addresses', () => {
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.2, 10.0.0.3' }).trustProxy).toEqual(['10.0.0.2', '10.0.0.3']);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('starts a public deployment that has its production settings', () => {
    expect(parseConfig(PUBLIC_OK).deployment).toBe('public');
    expect(parseConfig({ ...PUBLIC_OK, SMS_PROVIDER: 'console', ALLOW_CONSOLE_SMS: '1' }).sms.provider).toBe('console');
  });

  it('refuses a public deployment with the development outbox, the console SMS provider, no trusted proxy or the example key', () => {
    expect(() => parseConfig({ ...PUBLIC_OK, DEV_OUTBOX: '1' })).toThrow(
      /DEPLOYMENT=public refuses to start:\n {2}- DEV_OUTBOX is on/,
    );
    expect(() => parseConfig({ ...PUBLIC_OK, SMS_PROVIDER: 'console' })).toThrow(/SMS_PROVIDER=console .*ALLOW_CONSOLE_SMS=1/);
    expect(() => parseConfig({ ...PUBLIC_OK, TRUST_PROXY: '' })).toThrow(/TRUST_PROXY is not set/);
    expect(() => parseConfig({ ...PUBLIC_OK, PASSWORD_AES_KEY: REPOSITORY_EXAMPLE_KEY })).toThrow(
      /key printed in the repository/,
    );
    // All problems at once, so an operator fixes them in one go.
    const all = (() => {
      try {
        parseConfig({ DEPLOYMENT: 'public', DEV_OUTBOX: '1' });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(all.split('\n  - ')).toHaveLength(4);
  });

  it('accepts metrics behind a long enough token or on their own port', () => {
    expect(parseConfig({ METRICS_TOKEN: 'a'.repeat(24), METRICS_PORT: '9464' }).metrics).toEqual({
      token: 'a'.repeat(24),
      port: 9464,
    });
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
  });
});
