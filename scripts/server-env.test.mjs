import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_ENV, serverEnv } from './server-env.mjs';

describe('server environment', () => {
  it('adds the allocator settings and keeps what the operator set', () => {
    const env = serverEnv({ PATH: '/bin', MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(env.PATH).toBe('/bin');
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('65536');
    expect(env.MALLOC_TRIM_THRESHOLD_).toBe(ALLOCATOR_ENV.MALLOC_TRIM_THRESHOLD_);
  });

  it('reaches a process started with it', () => {
    const r = spawnSync(process.execPath, ['-p', 'process.env.MALLOC_MMAP_THRESHOLD_'], {
      env: serverEnv({ PATH: process.env.PATH }),
      encoding: 'utf8',
    });
    expect(r.stdout.trim()).toBe(ALLOCATOR_ENV.MALLOC_MMAP_THRESHOLD_);
  });
});
