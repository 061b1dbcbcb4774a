// Standards catalogue at scale: N synthetic standards built from the real vocabulary (real title
// words, CCS names and codes, ICS codes, real number forms) go through the real import path (CSV →
// bulk upsert), then server-side search latency (number and keyword), the same keywords as an
// unindexed ILIKE scan, and HTTP throughput of GET /api/portal/standards.
// Env: BENCH_ROWS (default 100000), BENCH_ENGINE pglite|postgres, BENCH_DATABASE_URL (postgres;
// the database named there is dropped and recreated), BENCH_SECONDS (autocannon duration).
// Synthetic rows are benchmark data only; they never ship as content.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { importFile } from '../apps/server/src/modules/standards/import/importer.ts';
import { readCsv } from '../apps/server/src/modules/standards/import/readers.ts';
import { searchStandards } from '../apps/server/src/modules/standards/service.ts';
import { BUILDING_CSV, DATA_DIR, SHANGHAI_JSON } from '../apps/server/src/seed/standards.ts';
import { load, printTable } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ENGINE = process.env.BENCH_ENGINE ?? (process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);

// Deterministic pseudo-random numbers so runs compare.
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)]!;

async function vocabulary() {
  const titles: string[] = [];
  for await (const r of readCsv(BUILDING_CSV)) titles.push(String(r.row['名称']));
  for (const r of JSON.parse(fs.readFileSync(SHANGHAI_JSON, 'utf8').replace(/^\uFEFF/, '')) as { mc: string }[])
    titles.push(r.mc);
  const ccsCodes: string[] = [];
  for await (const r of readCsv(path.join(DATA_DIR, 'classification/ccs-cat-level3.csv'))) {
    ccsCodes.push(String(r.row['代码 / Code']));
    titles.push(String(r.row['名称 / Name']));
  }
  const icsCodes: string[] = [];
  for await (const r of readCsv(path.join(DATA_DIR, 'classification/ics-ed7-en.csv'))) icsCodes.push(String(r.row.code));
  const seg = new Intl.Segmenter('zh', { granularity: 'word' });
  const words = new Set<string>();
  const endings = new Set<string>();
  for (const t of titles) {
    const ws = [...seg.segment(t)].filter((s) => s.isWordLike && /^\p{Script=Han}{2,}$/u.test(s.segment)).map((s) => s.segment);
    ws.forEach((w) => words.add(w));
    const last2 = ws.slice(-2).join('');
    if (/(标准|规范|规程|规定|导则)$/.test(last2)) endings.add(last2);
  }
  return { titles, words: [...words], endings: [...endings], ccsCodes, icsCodes };
}

const PREFIXES = [
  'GB',
  'GB/T',
  'GB/Z',
  'JGJ',
  'JGJ/T',
  'CJJ',
  'CJJ/T',
  'JG/T',
  'HJ',
  'YY/T',
  'JB/T',
  'DB44/T',
  'DB4420/T',
  'DB4403/T',
  'DB31/T',
  'T/CECS',
  'T/CAS',
  'Q/GDW',
  'DG/TJ08',
];

async function generateCsv(v: Awaited<ReturnType<typeof vocabulary>>, file: string) {
  const out = fs.createWriteStream(file);
  out.write('standardNo,nameZh,status,publishDate,implementDate,ccsCode,icsCode,department\n');
  const counters = new Map<string, number>();
  const statuses = ['现行', '现行', '现行', '现行', '废止', '被代替', '即将实施'];
  let buf = '';
  for (let i = 0; i < ROWS; i++) {
    const prefix = pick(PREFIXES);
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    const year = 1990 + Math.floor(rnd() * 36);
    const no = prefix === 'DG/TJ08' ? `DG/TJ08-${n}-${year}` : `${prefix} ${n}-${year}`;
    const words = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(v.words));
    const title = words.join('') + pick(v.endings);
    const m = 1 + Math.floor(rnd() * 12);
    const pub = `${year}-${m}-${1 + Math.floor(rnd() * 28)}`;
    const impl = `${Math.min(year + 1, 2026)}-${m}-1`;
    buf += `${no},${title},${pick(statuses)},${pub},${impl},${pick(v.ccsCodes)},${pick(v.icsCodes)},示例主管部门${i % 50}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
      buf = '';
    }
  }
  out.end(buf);
  await new Promise<void>((r) => out.on('finish', () => r()));
}

async function openBenchDb(): Promise<Database> {
  if (ENGINE === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/zs_bench';
    const u = new URL(url);
    const name = u.pathname.slice(1);
    const adminUrl = new URL(url);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}" template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
    await admin.end();
    return openDatabase({ databaseUrl: url, poolSize: 20 });
  }
  return openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bench-search-')) });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2);
};
async function timeAll(qs: string[], fn: (q: string) => Promise<unknown>) {
  const t: number[] = [];
  for (const q of qs) {
    const s = performance.now();
    await fn(q);
    t.push(performance.now() - s);
  }
  return {
    n: t.length,
    p50: pct(t, 50),
    p95: pct(t, 95),
    p99: pct(t, 99),
    mean: +(t.reduce((a, b) => a + b, 0) / t.length).toFixed(2),
  };
}

const v = await vocabulary();
const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bench-csv-')), 'standards.csv');
let t0 = performance.now();
await generateCsv(v, csv);
console.log(
  `generated ${ROWS} rows (${(fs.statSync(csv).size / 1e6).toFixed(0)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const db = await openBenchDb();
await migrate(db);
t0 = performance.now();
const heap0 = process.memoryUsage().rss;
let last = 0;
const report = await importFile(db, csv, {
  source: 'bench（合成数据）',
  onProgress: ({ rows }) => {
    if (rows - last >= 100_000) {
      last = rows;
      process.stderr.write(
        `  imported ${rows} rows, ${((performance.now() - t0) / 1000).toFixed(0)} s, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB\n`,
      );
    }
  },
});
const importSecs = (performance.now() - t0) / 1000;
await db.query('analyze standards');
const importResult = {
  engine: db.kind,
  rows: report.rows,
  inserted: report.inserted,
  rejected: report.rejected,
  seconds: +importSecs.toFixed(1),
  rowsPerSecond: Math.round(report.rows / importSecs),
  rssGrowthMB: Math.round((process.memoryUsage().rss - heap0) / 1e6),
};
console.log('import', importResult);

// Queries: numbers that exist (exact, without year, full-width, spaced) and title words / phrases.
const sample = await db.query<{ standard_no: string; name_zh: string }>(
  `select standard_no, name_zh from standards order by id % 9973, id limit ${QUERIES}`,
);
const toFull = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const numberQs = sample.map((r, i) =>
  i % 4 === 0
    ? r.standard_no
    : i % 4 === 1
      ? r.standard_no.replace(/-\d{4}$/, '')
      : i % 4 === 2
        ? toFull(r.standard_no)
        : r.standard_no.replace(/-/g, ' — '),
);
const seg = new Intl.Segmenter('zh', { granularity: 'word' });
const keywordQs = sample.map((r, i) => {
  const ws = [...seg.segment(r.name_zh)].filter((s) => s.isWordLike).map((s) => s.segment);
  return i % 3 === 0 ? ws.slice(0, 2).join('') : i % 3 === 1 ? pick(v.words) : `${pick(v.words)} ${pick(v.words)}`;
});
for (const q of [...numberQs.slice(0, 5), ...keywordQs.slice(0, 5)]) await searchStandards(db, { keyword: q }); // warm-up

const numbers = await timeAll(numberQs, (q) => searchStandards(db, { keyword: q }));
const keywords = await timeAll(keywordQs, (q) => searchStandards(db, { keyword: q }));
const scanQs = keywordQs.filter((q) => !q.includes(' ')).slice(0, Math.min(30, keywordQs.length));
const indexedSame = await timeAll(scanQs, (q) => searchStandards(db, { keyword: q }));
const scan = await timeAll(scanQs, async (q) => {
  const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  await Promise.all([
    db.query('select id from standards where name_zh ilike $1 order by implement_date desc nulls last, id desc limit 20', [like]),
    db.query('select count(*) from standards where name_zh ilike $1', [like]),
  ]);
});
const hits = await Promise.all(keywordQs.slice(0, 30).map((q) => searchStandards(db, { keyword: q, size: 1 })));
console.log(
  `keyword matches: median total ${pct(
    hits.map((h) => h.total),
    50,
  )}, max ${Math.max(...hits.map((h) => h.total))}`,
);
console.table({
  'number queries': numbers,
  'keyword queries': keywords,
  'keywords (scan set), indexed': indexedSame,
  'keywords, ILIKE scan': scan,
});
console.log(
  `scan / indexed (mean): ${(scan.mean / indexedSame.mean).toFixed(1)}×, (p50): ${(scan.p50 / indexedSame.p50).toFixed(1)}×`,
);

// HTTP: the search endpoint over loopback (keyword and number), one app process.
const app = await buildApp({
  config: parseConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bench-app-')), LOG_LEVEL: 'silent', SEED_DEMO: '0' }),
  db,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/portal/standards`;
const http = [
  await load('GET /api/portal/standards?keyword=<title words>', { url: `${base}?keyword=${encodeURIComponent(keywordQs[0]!)}` }),
  await load('GET /api/portal/standards?keyword=<number>', { url: `${base}?keyword=${encodeURIComponent(numberQs[0]!)}` }),
  await load('GET /api/portal/standards (no keyword, page 1)', { url: base }),
];
console.log(`engine: ${db.kind}, rows: ${ROWS}, cpus: ${os.cpus().length}, node ${process.version}`);
printTable(http);
await app.close();
await db.close();
fs.rmSync(csv, { force: true });

const targets = db.kind === 'postgres' ? { keywordP95: 50, numberP95: 10 } : { keywordP95: 100, numberP95: Infinity };
const verdict = {
  keywordP95: `${keywords.p95} ms (target ≤ ${targets.keywordP95})`,
  numberP95: `${numbers.p95} ms${db.kind === 'postgres' ? ' (target ≤ 10)' : ''}`,
  scanRatio: `${(scan.mean / indexedSame.mean).toFixed(1)}× (target ≥ 50× at 1M on PostgreSQL)`,
};
console.log('summary', verdict);
