import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { PG_TEMPLATE_DB, withDatabase } from './helpers/paths.ts';

const CLI = path.resolve(import.meta.dirname, '../src/cli/admin-create.ts');

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATABASE_URL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

const mobile = () => `13${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;

describe('npm run admin:create', () => {
  // Each run spawns a fresh Node process that loads PGlite: generous timeouts for a loaded 2-core machine.
  it('validates input and never defaults a password', { timeout: 300_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-admin-'));
    const m = mobile();
    const noPassword = await run(['--username', 'admin2025', '--mobile', m], { DATA_DIR: dir });
    expect(noPassword.code).toBe(1);
    expect(noPassword.err).toContain('ADMIN_PASSWORD');
    const weak = await run(['--username', 'admin2025', '--mobile', m], { DATA_DIR: dir, ADMIN_PASSWORD: 'password' });
    expect(weak).toMatchObject({ code: 1 });
    expect(weak.err).toContain('请输入由英文、数字、特殊符号组合的8-25位密码');
    expect((await run(['--username', 'ad', '--mobile', m], { DATA_DIR: dir, ADMIN_PASSWORD: 'Adm#pass2025' })).err).toContain(
      '请输入由英文、数字组合的6-25位用户名称',
    );
    // Letters only: the plain-words rule follows the message (issue 30: "英文、数字组合" read as "either").
    expect(
      (await run(['--username', 'adminonly', '--mobile', m], { DATA_DIR: dir, ADMIN_PASSWORD: 'Adm#pass2025' })).err,
    ).toContain('用户名：6-25位，须同时包含英文字母和数字，例如 zhang2026');
    expect(weak.err).toContain('密码：8-25位，须同时包含英文字母、数字和特殊符号');
    expect(
      (await run(['--username', 'admin2025', '--mobile', '123'], { DATA_DIR: dir, ADMIN_PASSWORD: 'Adm#pass2025' })).err,
    ).toContain('请输入11位中国大陆手机号');
    const usage = await run([], { DATA_DIR: dir });
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('须同时包含英文字母和数字');
  });

  it('creates an admin in a PGlite DATA_DIR and promotes', { timeout: 300_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-admin-'));
    const m = mobile();
    const ok = await run(['--username', 'admin2025', '--mobile', m], { DATA_DIR: dir, ADMIN_PASSWORD: 'Adm#pass2025' });
    expect(ok.err).toBe('');
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toContain('已创建管理员 admin2025');
    // Running it again promotes (here: keeps) the same account; a mismatched pair is refused.
    expect((await run(['--username', 'admin2025', '--mobile', m], { DATA_DIR: dir })).out).toContain('设为管理员');
    const mismatch = await run(['--username', 'admin2025', '--mobile', mobile()], {
      DATA_DIR: dir,
      ADMIN_PASSWORD: 'Adm#pass2025',
    });
    expect(mismatch.code).toBe(1);
    expect(mismatch.err).toContain('不属于同一账号');

    const db = await openDatabase({ dataDir: dir });
    try {
      const [u] = await db.query<{ role: string; password_hash: string }>(
        'select role, password_hash from users where username = $1',
        ['admin2025'],
      );
      expect(u!.role).toBe('admin');
      expect(await verifyPassword(u!.password_hash, 'Adm#pass2025')).toBe(true);
      expect((await db.query("select 1 from audit_log where action = 'admin.create'")).length).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('refuses clearly while a server holds the PGlite data directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-admin-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
      const r = await run(['--username', 'admin2026', '--mobile', mobile()], { DATA_DIR: dir, ADMIN_PASSWORD: 'Adm#pass2025' });
      expect(r.code).toBe(1);
      expect(r.err).toContain(`pid ${holder.pid}`);
      expect(r.err).toContain('请先停止服务器');
    } finally {
      holder.kill();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('works on DATABASE_URL and promotes an existing user', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `zs_test_admin_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${PG_TEMPLATE_DB}"`);
    const dbUrl = withDatabase(url, name);
    try {
      const m = mobile();
      const db = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
      await db.query("insert into users (username, mobile, password_hash, status) values ('plainuser1', $1, 'x', 'disabled')", [
        m,
      ]);
      await db.close();
      const r = await run(['--username', 'plainuser1', '--mobile', m], { DATABASE_URL: dbUrl });
      expect(r.err).toBe('');
      expect(r.out).toContain('已将现有账号 plainuser1');
      const db2 = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
      expect(await db2.query('select role, status, password_hash from users where username = $1', ['plainuser1'])).toEqual([
        { role: 'admin', status: 'active', password_hash: 'x' },
      ]);
      await db2.close();
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
