// Account calls under load: webLogin (argon2id-bound) and getUserInfo (token lookup), plus the
// per-hash CPU cost of the password parameters. PGlite in a temp dir unless BENCH_DATABASE_URL is set.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { aesEncrypt } from '../apps/server/src/lib/aes.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../apps/server/src/lib/passwords.ts';
import { issueToken } from '../apps/server/src/modules/auth/index.ts';

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
interface Req {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
}
type Autocannon = (opts: {
  url: string;
  duration: number;
  connections: number;
  requests?: Array<Req & { setupRequest?: (r: Req) => Req }>;
  method?: string;
  headers?: Record<string, string>;
}) => Promise<Result>;
// autocannon ships no types; only the fields used here are declared.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bench-auth-'));
const config = parseConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: '0',
  // Behind a proxy each request names its client, so the per-address login limit (30/min) does not cap the run.
  TRUST_PROXY: '1',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
});
// Opened and migrated here, outside the plugin start-up time limit, which a loaded machine can exceed.
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
await migrate(db);
const app = await buildApp({ config, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// 1. argon2id cost per hash and per verification (sequential, one core).
const sample = 'Bench#Pass2026';
let t = performance.now();
let stored = '';
for (let i = 0; i < 20; i++) stored = await hashPassword(sample);
const hashMs = (performance.now() - t) / 20;
t = performance.now();
for (let i = 0; i < 20; i++) await verifyPassword(stored, sample);
const verifyMs = (performance.now() - t) / 20;

// 2. One account, and captchas seeded straight into the ephemeral store (each login consumes one).
const suffix = crypto.randomBytes(3).toString('hex');
const username = `bench${suffix}1`;
const [user] = await app.db.query<{ id: number }>(
  'insert into users (username, mobile, password_hash) values ($1, $2, $3) returning id',
  [username, '13912345678', stored],
);
const captchas = 6000;
const keys: string[] = [];
for (let i = 0; i < captchas; i++) {
  const key = crypto.randomUUID();
  await app.ephemeral.set(`captcha:${key}`, 'ab3d', 3600);
  keys.push(key);
}
const encName = aesEncrypt(username, app.passwordAesKey);
const encPass = aesEncrypt(sample, app.passwordAesKey);

let n = 0;
const login = await autocannon({
  url: base,
  duration: seconds,
  connections: 8,
  requests: [
    {
      method: 'POST',
      path: '/api/sys/auth/webLogin',
      headers: { 'content-type': 'application/json' },
      setupRequest: (r) => {
        const i = n++;
        return {
          ...r,
          headers: { ...r.headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
          body: JSON.stringify({ username: encName, password: encPass, captcha: 'AB3D', key: keys[i % captchas], userType: 2 }),
        };
      },
    },
  ],
});
const [{ issued }] = (await app.db.query<{ issued: number }>('select count(*)::int as issued from auth_tokens')) as [
  { issued: number },
];

// 3. getUserInfo with one token.
const realToken = await issueToken(app.db, user!.id, 24);
const info = await autocannon({
  url: `${base}/api/sys/auth/getUserInfo`,
  method: 'POST',
  duration: seconds,
  connections: 50,
  headers: { authorization: realToken },
});

console.log(
  `engine: ${app.db.kind}, cpus: ${os.cpus().length} (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, ${seconds} s per run`,
);
console.log(
  `argon2id m=${ARGON2_PARAMS.memoryCost} KiB t=${ARGON2_PARAMS.timeCost} p=${ARGON2_PARAMS.parallelism}: ` +
    `hash ${hashMs.toFixed(1)} ms, verify ${verifyMs.toFixed(1)} ms (mean of 20, sequential)`,
);
console.table([
  {
    call: 'POST /api/sys/auth/webLogin',
    'req/s': Math.round(login.requests.average),
    'p50 ms': login.latency.p50,
    'p99 ms': login.latency.p99,
    requests: login.requests.total,
    'tokens issued': issued,
    non2xx: login.non2xx,
    errors: login.errors,
  },
  {
    call: 'POST /api/sys/auth/getUserInfo',
    'req/s': Math.round(info.requests.average),
    'p50 ms': info.latency.p50,
    'p99 ms': info.latency.p99,
    requests: info.requests.total,
    'tokens issued': '-',
    non2xx: info.non2xx,
    errors: info.errors,
  },
]);
if (login.requests.total > captchas)
  console.log(`note: more logins than seeded captchas (${captchas}); later ones reused spent keys`);
await app.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
