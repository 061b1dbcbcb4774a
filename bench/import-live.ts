// A site that keeps answering during an import (issue 25, docs/decisions/0076). The server runs here, on a
// catalogue of BENCH_LIVE_BASE (default 100000) synthetic records plus the real seed; a separate prober process
// (lib/prober.ts) asks /api/health, /api/ready, searches of several shapes, a record page and the standards list on
// a fixed schedule while a console import of BENCH_LIVE_ROWS (default 200000) rows runs, and the import job's
// progress is polled as the console page does. Printed per probe: answers, p50 / p95 / p99 / max in ms and
// errors, against the goals (health ≤ 1 s, searches and pages p99 ≤ 500 ms, progress keeps moving), and the
// server's RSS at idle before and after the import. PGlite (a data directory, as deployed) by default;
// BENCH_DATABASE_URL=postgres://… runs on a fresh database on that server, dropped at the end.
// Synthetic rows are benchmark data only.
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase } from './lib/bench-db.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { issueToken } from '../apps/server/src/modules/auth/index.ts';
import { importFile, titleIndexStats } from '../apps/server/src/modules/standards/index.ts';

const ROWS = Number(process.env.BENCH_LIVE_ROWS ?? 200_000);
const BASE_ROWS = Number(process.env.BENCH_LIVE_BASE ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4093);
const BASELINE_MS = Number(process.env.BENCH_LIVE_BASELINE_MS ?? 10_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bench-live-'));
const WORDS = [
  '食品',
  '包装',
  '检验',
  '规程',
  '建筑',
  '照明',
  '灯具',
  '电气',
  '安全',
  '家具',
  '五金',
  '燃气',
  '用具',
  '纺织',
  '服装',
];

/** Rows `from`..`to` as a CSV: DB4420/T numbers, titles from WORDS, so searches of many shapes find them. */
async function writeCsv(file: string, from: number, to: number, year: number) {
  const out = fs.createWriteStream(file);
  out.write('标准编号,标准名称,实施日期,状态\n');
  for (let i = from; i <= to; i++) {
    const w = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length];
    const line = `DB4420/T ${i}-${year},【基准测试】中山市${w(1)}${w(2)}${w(3)}第${i}号规范,${year}-0${(i % 9) + 1}-15,现行\n`;
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(r));
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

async function settledRss(): Promise<number> {
  // Twice with a pause: what V8 and the allocator give back after a collection.
  for (let i = 0; i < 2; i++) {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 1500));
  }
  return process.memoryUsage().rss;
}

async function main() {
  const { db, drop } = await benchDatabase(dir, 'zs_bench_live');
  const baseFile = path.join(dir, 'base.csv');
  await writeCsv(baseFile, 1, BASE_ROWS, 2020);
  await importFile(db, baseFile, { source: '基准测试', bulk: 'always' });
  if (process.env.BENCH_TRACE) {
    const q = db.query.bind(db);
    db.query = (async (text: string, params?: unknown[]) => {
      const t = performance.now();
      try {
        return await q(text, params);
      } finally {
        const ms = performance.now() - t;
        if (ms > 150) console.error(`slow ${ms.toFixed(0)} ms: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    }) as typeof db.query;
  }
  const app = await buildApp({
    config: parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dir, 'none'),
    }),
    db,
    logger: false,
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${PORT}`;
  const [u] = await db.query<{ id: number }>(
    "insert into users (username, mobile, password_hash, role) values ('benchop', '13900000000', 'x', 'operator') returning id",
  );
  const token = await issueToken(db, u!.id, 1);
  const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from standards')) as [{ n: number }];
  const [rec] = await db.query<{ id: number }>("select id from standards where standard_no like 'DB4420/T 5%' limit 1");

  // Searches of several shapes: a 2-character piece, two pieces with a space, a number prefix, a word and a number.
  const q = (s: string) => `/api/portal/standards?keyword=${encodeURIComponent(s)}&page=1&size=10`;
  const searches = [
    ...WORDS.map((w) => q(w)),
    ...WORDS.map((w, i) => q(`${w} ${WORDS[(i + 5) % WORDS.length]}`)),
    ...Array.from({ length: 15 }, (_, i) => q(`DB4420/T ${(i + 1) * 37}`)),
    ...WORDS.map((w, i) => q(`${w.slice(0, 1)}${WORDS[(i + 2) % WORDS.length]!.slice(0, 1)} 44${i}`)),
  ];
  const file = path.join(dir, 'incoming.csv');
  // Half the rows update records already there, half are new: both kinds of write.
  await writeCsv(file, Math.floor(BASE_ROWS / 2), Math.floor(BASE_ROWS / 2) + ROWS - 1, 2020);

  // Idle means the title index built for the catalogue as it is (it is built in the background at start).
  const indexReady = async () => {
    for (;;) {
      await fetch(`${base}${q('食品')}`);
      const [{ v }] = (await db.query<{ v: string }>('select version::text as v from catalogue_version where id = 1')) as [
        { v: string },
      ];
      const st = titleIndexStats(db);
      if (!st.enabled || (st.version === Number(v) && !st.building)) return st;
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const indexBefore = await indexReady();
  const rssIdle = await settledRss();
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), 'incoming.csv');
  const preview = (await (
    await fetch(`${base}/api/admin/imports`, { method: 'POST', headers: { authorization: token }, body: form })
  ).json()) as { code: number; msg: string; data: { job: { id: number } } };
  if (preview.code !== 0) throw new Error(preview.msg);
  const id = preview.data.job.id;

  const probes = [
    { name: 'health', paths: ['/api/health'], everyMs: 100 },
    { name: 'ready', paths: ['/api/ready'], everyMs: 1000 },
    { name: 'search', paths: searches, everyMs: 50 },
    { name: 'record', paths: [`/api/portal/standards/${rec!.id}`], everyMs: 250 },
    { name: 'list', paths: ['/api/portal/standards?page=1&size=10'], everyMs: 250 },
    { name: 'job', paths: [`/api/admin/imports/${id}`], everyMs: 700, headers: { authorization: token } },
  ];
  const prober = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'lib/prober.ts'), JSON.stringify({ base, probes })],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  prober.stdout.on('data', (d) => (out += String(d)));
  const proberDone = new Promise<void>((r) => prober.on('exit', () => r()));
  // A baseline with no import (the same probes, for comparison), then the import.
  await new Promise((r) => setTimeout(r, BASELINE_MS));
  prober.stdin.write('phase:import\n');
  const t0 = Date.now();
  if (process.env.BENCH_TRACE) {
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (now - last > 300) console.error(`blocked ${(now - last).toFixed(0)} ms, ending at +${Date.now() - t0} ms`);
      last = now;
    }, 10).unref();
  }
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = (await (
    await fetch(`${base}/api/admin/imports/${id}/start`, { method: 'POST', headers: { authorization: token } })
  ).json()) as {
    code: number;
    msg: string;
  };
  if (started.code !== 0) throw new Error(started.msg);
  if (process.env.BENCH_TRACE) console.error(`started at +${Date.now() - t0} ms`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const [row] = await db.query<{ status: string }>('select status from import_jobs where id = $1', [id]);
    if (row!.status !== 'running') break;
  }
  const elapsed = (Date.now() - t0) / 1000;
  loop.disable();
  prober.stdin.write('stop\n');
  await proberDone;
  const job = (
    (await (await fetch(`${base}/api/admin/imports/${id}`, { headers: { authorization: token } })).json()) as {
      data: { status: string; rows: number; inserted: number; updated: number };
    }
  ).data;
  const indexAfter = await indexReady();
  const rssAfter = await settledRss();
  const results = JSON.parse(out) as Record<string, { ms: number[]; errors: number; progress: [number, number][] }>;

  console.log(
    `import-live (${db.kind}, catalogue ${n} records, import ${ROWS} rows: ${job.status}, inserted ${job.inserted}, updated ${job.updated}, ` +
      `${elapsed.toFixed(1)} s, ${Math.round(ROWS / elapsed)} rows/s; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  const goal: Record<string, string> = {
    health: 'max ≤ 1000 ms',
    search: 'p99 ≤ 500 ms',
    record: 'p99 ≤ 500 ms',
    list: 'p99 ≤ 500 ms',
  };
  for (const [key, r] of Object.entries(results).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [name, phase] = key.split('@') as [string, string];
    const f = (x: number) => x.toFixed(0).padStart(6);
    const judged = phase === 'import' && goal[name];
    const met = name === 'health' ? pct(r.ms, 100) <= 1000 : pct(r.ms, 99) <= 500;
    console.log(
      `  ${name.padEnd(7)} ${phase.padEnd(9)} ${String(r.ms.length).padStart(6)} answers  p50 ${f(pct(r.ms, 50))}  p95 ${f(pct(r.ms, 95))}  ` +
        `p99 ${f(pct(r.ms, 99))}  max ${f(pct(r.ms, 100))} ms  errors ${r.errors}${judged ? `  goal ${goal[name]}: ${met ? 'met' : 'NOT met'}` : ''}`,
    );
  }
  const progress = results['job@import']?.progress ?? [];
  let longest = 0;
  for (let i = 1, last = progress[0]?.[0] ?? 0; i < progress.length; i++)
    if (progress[i]![1] !== progress[i - 1]![1]) {
      longest = Math.max(longest, progress[i]![0] - last);
      last = progress[i]![0];
    }
  console.log(
    `  progress: ${new Set(progress.map((p) => p[1])).size} distinct counts seen by the page; longest time without a change ${longest} ms`,
  );
  console.log(
    `  server event loop delay during the import: p50 ${(loop.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
  );
  // The catalogue grew, and with it the title index that holds every record: that part of the growth is data.
  const indexGrowth = indexAfter.bytes - indexBefore.bytes;
  const rest = rssAfter - rssIdle - indexGrowth;
  console.log(
    `  server RSS (settled, title index current): idle ${mb(rssIdle)} MB, after the import ${mb(rssAfter)} MB, delta ${mb(rssAfter - rssIdle)} MB, ` +
      `of which the title index's growth (${indexBefore.records} → ${indexAfter.records} records) ${mb(indexGrowth)} MB; ` +
      `the rest ${mb(rest)} MB, goal ≤ 50 MB: ${rest <= 50 * 1024 * 1024 ? 'met' : 'NOT met'}`,
  );

  await app.close();
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
