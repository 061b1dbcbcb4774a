import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { aesEncrypt } from '../../src/lib/aes.ts';
import { fetchedAnswer, type DataOf } from './answer.ts';

const SERVER = path.resolve(import.meta.dirname, '../../src/server.ts');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, nothing is flushed by the process. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real server as a child process on a free port (read from its "listening" log line), with
 * development endpoints on so a test can register users through the API.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DEV_OUTBOX: '1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: '.tmp/no-web-dist',
      SMS_IP_DAILY_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 300 s:\n${log.slice(-2000)}`));
    }, 300_000);
    const onData = (d: Buffer) => {
      log += String(d);
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        // From here on the output is drained, not kept: a long run must not grow this process.
        child.stdout!.off('data', onData).resume();
        child.stderr!.off('data', onData).resume();
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log.slice(-2000)}`));
    });
  });
  return {
    url,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Registers a fresh user over HTTP (captcha and SMS code from the development endpoints); returns its token. */
export async function registerOverHttp(base: string, username: string, mobile: string): Promise<string> {
  const captcha = async () => {
    const c = await fetchedAnswer<{ key: string }>(await fetch(`${base}/api/sys/auth/captcha`));
    const a = await fetchedAnswer<{ answer: string }>(await fetch(`${base}/api/dev/captcha?key=${c.data.key}`));
    return { key: c.data.key, captcha: a.data.answer };
  };
  const postJson = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const sent = await fetchedAnswer(await postJson('/api/sys/auth/send/registrationCode', { mobile, ...(await captcha()) }));
  if (sent.code !== 0) throw new Error(`send code: ${sent.msg}`);
  const outbox = await fetchedAnswer<Array<{ code: string }>>(await fetch(`${base}/api/dev/outbox?mobile=${mobile}`));
  const password = 'Durable#2026';
  const reg = await fetchedAnswer<{ accessToken: string }>(
    await postJson('/api/sys/auth/register', {
      username,
      mobile,
      password,
      againPassword: password,
      code: outbox.data[0]!.code,
      checkInfo: true,
      ...(await captcha()),
    }),
  );
  if (reg.code !== 0) throw new Error(`register: ${reg.msg}`);
  return reg.data.accessToken;
}

const getJson = async <T = unknown>(url: string) => fetchedAnswer<T>(await fetch(url));

/** The web's password login: key from /api/sys/config (unless given), captcha answer from the dev outbox. */
export async function loginOverHttp(base: string, username: string, password: string, key?: string) {
  const k = key ?? (await getJson<DataOf<'GET /api/sys/config'>>(`${base}/api/sys/config`)).data.passwordAesKey;
  const cap = (await getJson<DataOf<'GET /api/sys/auth/captcha'>>(`${base}/api/sys/auth/captcha`)).data;
  const answer = (await getJson<DataOf<'GET /api/dev/captcha'>>(`${base}/api/dev/captcha?key=${cap.key}`)).data.answer;
  const res = await fetch(`${base}/api/sys/auth/webLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: aesEncrypt(username, k),
      password: aesEncrypt(password, k),
      captcha: answer,
      key: cap.key,
      userType: 2,
    }),
  });
  return fetchedAnswer<{ accessToken: string }>(res);
}

const ADMIN_CLI = path.resolve(import.meta.dirname, '../../src/cli/admin-create.ts');

/** npm run admin:create against the database of `env` (DATA_DIR or DATABASE_URL); answers its exit code. */
export function createAdminCli(
  env: Record<string, string>,
  username: string,
  mobile: string,
  password: string,
): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ADMIN_CLI, '--username', username, '--mobile', mobile], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ADMIN_PASSWORD: password, ...env },
      stdio: 'ignore',
    });
    child.on('exit', (code) => resolve(code));
  });
}
