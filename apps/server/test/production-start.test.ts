import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_EXAMPLE_KEY } from '../src/config.ts';
import { withDatabase } from './helpers/paths.ts';
import { fetchedAnswer, type DataOf } from './helpers/answer.ts';
import { loginOverHttp } from './helpers/server-process.ts';

/**
 * The production start as operators run it: the server compiled to JavaScript (`npm run build`
 * does the same build), started with plain `node`, on PostgreSQL + Redis with two instances when
 * TEST_DATABASE_URL / TEST_REDIS_URL are set, otherwise on PGlite with one.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(serverDir, '.tmp/dist-test');
const work = path.resolve(`.tmp/production-start-${process.pid}`);
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const dbName = `zs_prod_start_${process.pid}`;
const METRICS_TOKEN = 'production-metrics-token-42';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST: path.join(work, 'no-web'),
    ...extra,
  };
  if (pgUrl) env.DATABASE_URL = withDatabase(pgUrl, dbName);
  if (redisUrl) env.REDIS_URL = redisUrl;
  return env;
}

interface Instance {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node dist/server.js` and waits until it answers /api/health (or fails on exit). */
async function startServer(extra: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dist, 'server.js')], {
    env: baseEnv({ PORT: String(port), ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    const code = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 200))]);
    if (code !== 'running') throw new Error(`server exited with ${code}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not answer within 90 s:\n${output}`);
  }
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs the compiled server expecting it to refuse to start; returns its exit code and output. */
function refusedStart(extra: Record<string, string>) {
  const r = spawnSync(process.execPath, [path.join(dist, 'server.js')], {
    env: baseEnv({ PORT: '0', ...extra }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

const getJson = async <T = unknown>(url: string, headers: Record<string, string> = {}) =>
  fetchedAnswer<T>(await fetch(url, { headers }));
type PublicConfig = DataOf<'GET /api/sys/config'>;

describe(
  `compiled production server on ${pgUrl ? 'PostgreSQL' : 'PGlite'}${redisUrl ? ' + Redis' : ''}`,
  { timeout: 240_000 },
  () => {
    beforeAll(async () => {
      fs.rmSync(work, { recursive: true, force: true });
      fs.mkdirSync(work, { recursive: true });
      const built = spawnSync(process.execPath, [path.join(serverDir, 'scripts/build.mjs'), '--outdir', dist], {
        encoding: 'utf8',
      });
      if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}${built.stderr}`);
      if (pgUrl) {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`drop database if exists "${dbName}" with (force)`);
        await admin.query(
          `create database "${dbName}" template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
        );
        await admin.end();
      }
    });
    afterAll(async () => {
      if (pgUrl) {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`drop database if exists "${dbName}" with (force)`);
        await admin.end();
      }
      fs.rmSync(work, { recursive: true, force: true });
    });

    it('starts without a key, serves one generated key from every instance (never the repository key) and answers health, readiness and metrics', async () => {
      const first = await startServer({ METRICS_TOKEN });
      // PGlite is one process per data directory; PostgreSQL takes a second instance.
      const instances = pgUrl ? [first, await startServer({ METRICS_TOKEN })] : [first];
      try {
        const keys = await Promise.all(
          instances.map(async (i) => (await getJson<PublicConfig>(`${i.url}/api/sys/config`)).data.passwordAesKey),
        );
        expect(keys[0]).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(keys[0]).not.toBe(REPOSITORY_EXAMPLE_KEY);
        expect(new Set(keys).size).toBe(1);
        for (const i of instances) {
          expect(await getJson(`${i.url}/api/health`)).toEqual({
            code: 0,
            msg: '成功',
            data: { status: 'ok', db: pgUrl ? 'postgres' : 'pglite' },
          });
          const ready = await fetch(`${i.url}/api/ready`);
          expect(ready.status).toBe(200);
          expect((await fetchedAnswer<DataOf<'GET /api/ready'>>(ready)).data.checks).toEqual({
            db: 'ok',
            redis: redisUrl ? 'ok' : 'off',
            disk: 'ok',
            replica: 'off',
          });
          expect((await fetch(`${i.url}/metrics`)).status).toBe(401);
          const metrics = await (
            await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
          ).text();
          expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/ready"\} [1-9]/);
          expect(metrics).toContain('nodejs_eventloop_lag_seconds');
        }
      } finally {
        for (const i of instances) await i.stop();
      }
    });

    it('keeps password login working when the key is changed at run time, with no rebuild', async () => {
      // An account made with the compiled command-line tool, as an operator would.
      const made = spawnSync(
        process.execPath,
        [path.join(dist, 'cli/admin-create.js'), '--username', 'opsadmin01', '--mobile', '13700000001'],
        {
          env: baseEnv({ ADMIN_PASSWORD: 'Ops#Admin2026' }),
          encoding: 'utf8',
        },
      );
      expect(made.status, made.stderr).toBe(0);

      // The dev captcha reader needs DEV_OUTBOX, which production refuses; NODE_ENV=test allows it.
      const dev = { NODE_ENV: 'test', DEV_OUTBOX: '1' };
      const generated = await startServer(dev);
      let oldKey: string;
      try {
        oldKey = (await getJson<PublicConfig>(`${generated.url}/api/sys/config`)).data.passwordAesKey;
        expect((await loginOverHttp(generated.url, 'opsadmin01', 'Ops#Admin2026')).code).toBe(0);
      } finally {
        await generated.stop();
      }
      const rotated = await startServer({ ...dev, PASSWORD_AES_KEY: 'Rotated-Key-2027' });
      try {
        expect((await getJson<PublicConfig>(`${rotated.url}/api/sys/config`)).data.passwordAesKey).toBe('Rotated-Key-2027');
        expect((await loginOverHttp(rotated.url, 'opsadmin01', 'Ops#Admin2026')).code).toBe(0);
        expect((await loginOverHttp(rotated.url, 'opsadmin01', 'Ops#Admin2026', oldKey)).code).toBe(400);
      } finally {
        await rotated.stop();
      }
    });

    it('imports a CSV with the compiled command-line tool, its rows prepared on the compiled worker thread', () => {
      const file = path.join(work, 'import.csv');
      const rows = Array.from({ length: 25 }, (_, i) => `DB4420/T ${700 + i}-2024,示例编译导入${i},现行,2024-05-01`);
      fs.writeFileSync(file, ['standardNo,nameZh,status,implementDate', ...rows, 'not a number,示例无效行,,'].join('\n'));
      const r = spawnSync(process.execPath, [path.join(dist, 'cli/import.js'), file, '--source', '示例', '--batch', '10'], {
        env: baseEnv({}),
        encoding: 'utf8',
        timeout: 120_000,
      });
      // Exit code 1: the file had a rejected row (scripts can tell a clean import from one to check).
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout).toContain('读取 26 行，接受 25（新增 25，更新 0，未变 0），拒绝 1');
      expect(r.stderr).toContain('拒绝 第27行');
      // A file cut inside a record: the line it starts on, said as a message, not a stack trace.
      const cut = path.join(work, 'cut.json');
      fs.writeFileSync(cut, '[\n{"bh": "DB4420/T 800-2024", "mc": "示例"},\n{"bh": "DB4420/T 801-2024", "mc": "示例');
      const failed = spawnSync(process.execPath, [path.join(dist, 'cli/import.js'), cut], {
        env: baseEnv({}),
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(failed.status, failed.stderr).toBe(1);
      expect(failed.stderr).toContain('导入失败：JSON 第 3 行起的记录没有结束（缺少“}”），请检查文件是否完整');
      expect(failed.stderr).not.toContain('    at ');
    });

    it('refuses a public deployment with the development outbox, console SMS or no trusted proxy, each with its message', () => {
      const r = refusedStart({ DEPLOYMENT: 'public', NODE_ENV: 'test', DEV_OUTBOX: '1' });
      expect(r.status).toBe(1);
      expect(r.output).toContain('DEPLOYMENT=public refuses to start');
      expect(r.output).toContain('DEV_OUTBOX is on');
      expect(r.output).toContain('SMS_PROVIDER=console');
      expect(r.output).toContain('TRUST_PROXY is not set');
      expect(r.output).not.toContain('    at '); // a message, not a stack trace
      const proxyOnly = refusedStart({ DEPLOYMENT: 'public', SMS_PROVIDER: 'aliyun' });
      expect(proxyOnly.status).toBe(1);
      expect(proxyOnly.output).toContain('TRUST_PROXY is not set');
      expect(proxyOnly.output).not.toContain('DEV_OUTBOX');
    });
  },
);
