/**
 * Soak: a mixed workload (search, lists, details, login, collect, apply) at a fixed rate against a
 * real server process, printing throughput, latency percentiles, errors and the server's resident
 * memory every interval. `npm run bench -- soak`; SOAK_MINUTES (default 10), SOAK_RPS (default 20),
 * SOAK_INTERVAL_SEC (default 60). Goal: 0 errors, memory at the end within 50 MB of the first interval.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerOverHttp, startServer } from '../apps/server/test/helpers/server-process.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RPS = Number(process.env.SOAK_RPS ?? 20);
const INTERVAL_MS = Number(process.env.SOAK_INTERVAL_SEC ?? 60) * 1000;
const USERS = 5;
/** The password key the server hands the web client at run time (GET /api/sys/config), read once after start. */
let aesKey = '';

interface Answer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

const aes = (plain: string) => {
  const c = crypto.createCipheriv('aes-128-ecb', Buffer.from(aesKey, 'utf8'), null);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-soak-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    // info: the start-up line carries the port; request lines are drained by the helper.
    LOG_LEVEL: 'info',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const base = server.url;
  aesKey = ((await (await fetch(`${base}/api/sys/config`)).json()) as Answer<{ passwordAesKey: string }>).data.passwordAesKey;
  const call = async <T>(url: string, init: RequestInit = {}): Promise<Answer<T>> => {
    const res = await fetch(`${base}${url}`, init);
    if (res.status >= 500) throw new Error(`HTTP ${res.status} ${url}`);
    return (await res.json()) as Answer<T>;
  };
  const postJson = <T>(url: string, body: unknown, token?: string, extra: Record<string, string> = {}) =>
    call<T>(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...extra },
      body: JSON.stringify(body),
    });

  // Accounts and the ids the workload draws from.
  const users: Array<{ username: string; password: string; token: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const username = `soak${crypto.randomBytes(3).toString('hex')}${i}`;
    const mobile = `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    users.push({ username, password: 'Durable#2026', token: await registerOverHttp(base, username, mobile) });
  }
  const standards = (await call<{ list: Array<{ id: number }> }>('/api/portal/standards?size=100')).data.list.map((s) => s.id);
  const news = (await call<{ list: Array<{ id: number }> }>('/api/portal/news?size=50')).data.list.map((s) => s.id);
  const services = (await call<{ list: Array<{ id: number }> }>('/api/portal/service?size=50')).data.list.map((s) => s.id);
  if (!standards.length || !news.length || !services.length)
    throw new Error('the demo seed is missing standards, news or services');
  const keywords = ['混凝土', '建筑', '安全', 'GB', '钢结构', '节能', '给水', '消防', '照明', '食品'];

  const ops: Array<[string, number, () => Promise<void>]> = [
    ['search', 30, async () => void (await call(`/api/portal/standards?keyword=${encodeURIComponent(pick(keywords))}`))],
    ['list', 20, async () => void (await call(`/api/portal/${pick(['news', 'service', 'activity', 'talent'])}?page=1&size=10`))],
    [
      'detail',
      20,
      async () => {
        await call(`/api/portal/standards/${pick(standards)}`);
        await call(`/api/portal/news/${pick(news)}`);
      },
    ],
  ];
  // Logins run on their own steady clock, not drawn at random: the server allows one address 30
  // logins a minute, and a random 2 % share of 20/s overshoots that in about one minute in ten.
  const LOGIN_EVERY_MS = 4000;
  const login: [string, number, () => Promise<void>] = [
    'login',
    0,
    async () => {
      const u = pick(users);
      const c = await call<{ key: string }>('/api/sys/auth/captcha');
      const a = await call<{ answer: string }>(`/api/dev/captcha?key=${c.data.key}`);
      const r = await postJson('/api/sys/auth/webLogin', {
        username: aes(u.username),
        password: aes(u.password),
        key: c.data.key,
        captcha: a.data.answer,
        userType: 2,
      });
      if (r.code !== 0) throw new Error(`login: ${r.msg}`);
    },
  ];
  ops.push(
    [
      'collect',
      18,
      async () => {
        const r = await postJson(
          '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate',
          { itemType: 'standard', itemId: pick(standards) },
          pick(users).token,
        );
        if (r.code !== 0) throw new Error(`collect: ${r.msg}`);
      },
    ],
    [
      'apply',
      10,
      async () => {
        // Apply, then withdraw, so the next round may apply for the same service again.
        const u = pick(users);
        const r = await postJson<{ id: number }>(
          '/api/user/applications/service',
          {
            serviceId: pick(services),
            contactName: '压测联系人',
            contactMobile: '13800138000',
            need: '压力测试：需要标准查新服务。',
          },
          u.token,
        );
        if (r.code === 0) {
          const w = await postJson(`/api/user/applications/${r.data.id}/withdraw`, {}, u.token);
          if (w.code !== 0) throw new Error(`withdraw: ${w.msg}`);
        } else if (r.msg !== '您已申请该服务，请等待处理结果') throw new Error(`apply: ${r.msg}`);
      },
    ],
  );
  const totalWeight = ops.reduce((s, o) => s + o[1], 0);
  const choose = () => {
    let x = Math.random() * totalWeight;
    for (const o of ops) if ((x -= o[1]) < 0) return o;
    return ops[0]!;
  };

  let latencies: number[] = [];
  let errors = 0;
  let done = 0;
  let totalErrors = 0;
  const errorSamples = new Set<string>();
  let inFlight = 0;
  const fire = (op = choose()) => {
    const [name, , run] = op;
    const t0 = performance.now();
    inFlight += 1;
    run()
      .then(() => latencies.push(performance.now() - t0))
      .catch((err: unknown) => {
        errors += 1;
        if (errorSamples.size < 5) errorSamples.add(`${name}: ${(err as Error).message}`);
      })
      .finally(() => {
        inFlight -= 1;
        done += 1;
      });
  };

  console.log(
    `soak: ${MINUTES} min at ${RPS} operations/s against ${base} (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  );
  const rows: Array<Record<string, number | string>> = [];
  const firstRss = { value: NaN };
  const started = Date.now();
  const ticker = setInterval(fire, 1000 / RPS);
  const loginTicker = setInterval(() => fire(login), LOGIN_EVERY_MS);
  const reporter = setInterval(() => {
    const sorted = [...latencies].sort((a, b) => a - b);
    const rss = rssMb(server.child.pid!);
    if (Number.isNaN(firstRss.value)) firstRss.value = rss;
    const row = {
      minute: ((Date.now() - started) / 60_000).toFixed(1),
      'ops/s': (sorted.length / (INTERVAL_MS / 1000)).toFixed(1),
      'p50 ms': percentile(sorted, 50).toFixed(1),
      'p95 ms': percentile(sorted, 95).toFixed(1),
      'p99 ms': percentile(sorted, 99).toFixed(1),
      errors,
      'server RSS MB': rss.toFixed(1),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
    totalErrors += errors;
    latencies = [];
    errors = 0;
  }, INTERVAL_MS);

  await new Promise((r) => setTimeout(r, MINUTES * 60_000));
  clearInterval(ticker);
  clearInterval(loginTicker);
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 50));
  clearInterval(reporter);
  const endRss = rssMb(server.child.pid!);
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.table(rows);
  const growth = endRss - firstRss.value;
  console.log(
    `operations: ${done}, errors: ${totalErrors + errors}; server RSS after the first interval ${firstRss.value.toFixed(1)} MB, ` +
      `at the end ${endRss.toFixed(1)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB; goal within 50 MB)`,
  );
  if (errorSamples.size) console.log('error samples:', [...errorSamples]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
