/**
 * npm run admin:create -- --username NAME --mobile 1XXXXXXXXXX [--email ADDRESS]
 * Creates an administrator, or promotes the existing account with that username or mobile number.
 * The password of a new account is read from ADMIN_PASSWORD or asked for on a terminal (never a
 * default). Works on DATABASE_URL, or on the PGlite database in DATA_DIR (stop the server first:
 * it holds the data-directory lock).
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { firstMessage, Hints, isValidEmail, Messages, mobileSchema, passwordSchema, usernameSchema } from '@zs/shared';
import type { z } from 'zod';
import { parseConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';
import { hashPassword } from '../lib/passwords.ts';
import { writeAudit } from '../modules/audit/index.ts';
import { findByUsernameOrMobile, insertAdmin, promoteToAdmin } from '../modules/auth/index.ts';

class UsageError extends Error {}

/** `hint`: the rule in plain words, printed after the rule's own message. */
function valid<T extends z.ZodType>(value: unknown, schema: T, hint?: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new UsageError(hint ? `${firstMessage(r.error)}\n${hint}` : firstMessage(r.error));
  return r.data;
}

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stdout.write(prompt);
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function passwordFromUser(): Promise<string> {
  const env = process.env.ADMIN_PASSWORD;
  if (env !== undefined && env !== '') return valid(env, passwordSchema, `密码：${Hints.password}`);
  if (!process.stdin.isTTY) throw new UsageError('请通过环境变量 ADMIN_PASSWORD 提供密码，或在终端中运行以输入密码');
  const first = valid(await askHidden('请输入管理员密码：'), passwordSchema, `密码：${Hints.password}`);
  if ((await askHidden('请再次输入密码：')) !== first) throw new UsageError(Messages.againPassword);
  return first;
}

async function run(db: Database, username: string, mobile: string, email: string | null): Promise<string> {
  const found = await findByUsernameOrMobile(db, username, mobile);
  if (found.length > 1) throw new UsageError(`用户名 ${username} 与手机号 ${mobile} 属于两个不同的账号，请核对后重试`);
  const user = found[0];
  if (user) {
    if (user.status === 'deleted') throw new UsageError('该账号已注销，不能设为管理员');
    // Promotion needs both to match, so a typo cannot hand admin rights to somebody else's account.
    if (user.username.toLowerCase() !== username.toLowerCase() || user.mobile !== mobile) {
      throw new UsageError(
        `已有账号使用该${user.mobile === mobile ? '手机号' : '用户名'}，但用户名与手机号不属于同一账号，请核对后重试`,
      );
    }
    await promoteToAdmin(db, user.id);
    await writeAudit((t, p) => db.query(t, p), {
      actorId: null,
      action: 'user.role',
      targetType: 'user',
      targetId: user.id,
      detail: { username: user.username, from: user.role, to: 'admin', via: 'admin:create' },
    });
    return `已将现有账号 ${user.username}（编号 ${user.id}）设为管理员；密码未改变。`;
  }
  const password = await passwordFromUser();
  const id = await insertAdmin(db, { username, mobile, email, passwordHash: await hashPassword(password) });
  await writeAudit((t, p) => db.query(t, p), {
    actorId: null,
    action: 'admin.create',
    targetType: 'user',
    targetId: id,
    detail: { username, via: 'admin:create' },
  });
  return `已创建管理员 ${username}（编号 ${id}）。`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      mobile: { type: 'string' },
      email: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.username || !values.mobile) {
    console.error(
      `用法: npm run admin:create -- --username 用户名 --mobile 手机号 [--email 邮箱]\n用户名：${Hints.username}\n` +
        `密码：${Hints.password}；由环境变量 ADMIN_PASSWORD 提供，或在终端中按提示输入`,
    );
    return values.help ? 0 : 2;
  }
  const username = valid(values.username, usernameSchema, `用户名：${Hints.username}`);
  const mobile = valid(values.mobile, mobileSchema);
  if (values.email !== undefined && !isValidEmail(values.email)) throw new UsageError(Messages.email);
  const config = parseConfig();
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new UsageError(`${err.message}\n（admin:create 需要独占数据目录：请先停止服务器再运行。）`);
    throw err;
  }
  try {
    await migrate(db);
    console.log(await run(db, username, mobile, values.email ?? null));
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof UsageError ? err.message : err instanceof Error ? `失败：${err.message}` : err);
    process.exitCode = 1;
  },
);
