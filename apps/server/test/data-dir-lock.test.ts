import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/lock.ts';

describe('PGlite data directory lock', () => {
  it('refuses a second holder while the first is alive, and allows it after release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-lock-'));
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      // A lock held by another live process.
      fs.writeFileSync(path.join(dir, 'server.lock'), String(child.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/正被另一个服务进程/);
    } finally {
      child.kill();
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-lock-'));
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => child.on('exit', r));
    fs.writeFileSync(path.join(dir, 'server.lock'), String(child.pid));
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('a second server on the same DATA_DIR exits with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
    try {
      const server = path.resolve(import.meta.dirname, '../src/server.ts');
      const child = spawn(process.execPath, ['--import', 'tsx', server], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'silent' },
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise((r) => child.on('exit', r));
      expect(code).toBe(1);
      expect(stderr).toContain('正被另一个服务进程');
    } finally {
      holder.kill();
    }
  });
});
