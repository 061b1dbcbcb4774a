import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';

describe('configuration (PRODUCT.md §3)', () => {
  it('has the documented defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', tokenTtlHours: 24, seedDemo: true, devOutbox: false });
    expect(c.sms.provider).toBe('console');
    expect(c.passwordAesKey).toHaveLength(16);
  });

  it('refuses an SMS provider that does not exist and an AES key of the wrong length', () => {
    expect(() => parseConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_PROVIDER must be console or aliyun/);
    expect(() => parseConfig({ PASSWORD_AES_KEY: 'short' })).toThrow(/exactly 16 characters/);
  });
});
