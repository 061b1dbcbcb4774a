// The title index's share of a server's RSS (issue 29: ≤ 150 MB per million records), measured on a whole
// server process: run it twice on the same catalogue, SEARCH_TITLE_INDEX=1 and =0, and compare.
// Each run builds the app on BENCH_DATABASE_URL (a database the search bench filled, e.g. with BENCH_REUSE=1),
// waits until the index is built, collects garbage twice a second apart and reads RSS; then 2,000 searches
// (words, characters, two pieces; RSS_SEARCHES sets how many) and the same again. Prints one JSON line.
//   npm run bench -- title-index-rss   (started as `npm start` starts the server: scripts/server-env.mjs)
// SEARCH_INDEX_SNAPSHOT_DIR=dir: the index file (decisions/0114) is read from there at the start when it holds the
// catalogue, else written there after the build; run twice for a restart's figures (`snapshot` says which it was).
// RSS_CHANGE_BEFORE=synonym|relation|title: one such catalogue write before the start, as made while the server was down:
// the first two leave the file usable (restamped, decisions/0117); titles (RSS_CHANGED of them, default 1, written
// through the importer) are followed (overlaid, decisions/0118) up to MAX_OVERLAY records, else the start builds.
// RSS_FOLLOW=n: once ready, n titles written through the importer while the server runs; `followSeconds` is how long
// until the index holds the catalogue with them (the version poll, the quiet second, then restamp, overlay or build).
// The searches' own times are printed too (`searchMs`: p50, p95, max; with an overlay they include its SQL).
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import {
  importFile,
  readCatalogueVersion,
  setOverlayLimits,
  titleIndexSaved,
  titleIndexStats,
} from '../apps/server/src/modules/standards/index.ts';
import type { Database } from '../apps/server/src/db/client.ts';

const STATUS_LABEL: Record<string, string> = { current: '现行', upcoming: '即将实施', replaced: '被代替', abolished: '废止' };

/**
 * New titles for `n` records spread over the catalogue, written through the importer (their search tokens computed as
 * an import computes them): by two rules, a word added at the end, the first two characters replaced.
 */
async function retitle(db: Database, n: number, round: number): Promise<number> {
  const [row] = await db.query<{ max: number }>('select max(id)::int as max from standards');
  const max = row?.max ?? 1;
  const step = Math.max(1, Math.floor(max / n));
  const rows = await db.query<{ no: string; name: string; status: string; date: string | null }>(
    `select standard_no as no, name_zh as name, status, implement_date::text as date from standards
     where id = any($1::int[])`,
    [Array.from({ length: n }, (_, i) => 1 + ((i * step + round * 7) % max))],
  );
  const field = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = rows.map((r, i) => {
    const name = i % 2 ? `${r.name}修订${round}` : `示例${round}${r.name.slice(2)}`;
    return [r.no, name, STATUS_LABEL[r.status] ?? '现行', r.date ?? ''].map(field).join(',');
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-rss-titles-')), 'titles.csv');
  fs.writeFileSync(file, `standardNo,nameZh,status,implementDate\n${lines.join('\n')}\n`);
  const report = await importFile(db, file, { source: '示例', bulk: 'never' });
  return report.inserted + report.updated;
}

const on = process.env.SEARCH_TITLE_INDEX !== '0';
const db = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/zs_bench',
  poolSize: 20,
});
// As a server start does (a database the search bench filled with older code lacks the later migrations).
await migrate(db);
// RSS_FOLD_AT: changed records from which an overlaid index is built again (title-index-store.ts FOLD_AT), to time
// searches over larger overlays.
if (process.env.RSS_FOLD_AT) setOverlayLimits(db, { foldAt: Number(process.env.RSS_FOLD_AT) });
const change = process.env.RSS_CHANGE_BEFORE;
if (change === 'synonym') await db.query(`insert into search_synonyms (terms, note) values ('{示例压测甲,示例压测乙}', '示例')`);
else if (change === 'relation')
  await db.query(
    `insert into standard_relations (standard_id, related_no_key, related_no, kind)
     select (select min(id) from standards), 'ZSBENCH' || n, 'ZS BENCH ' || n, 'replaces'
     from (select count(*) + 1 as n from standard_relations) c`,
  );
else if (change === 'title') await retitle(db, Number(process.env.RSS_CHANGED ?? 1), 1);
else if (change) throw new Error(`RSS_CHANGE_BEFORE: synonym, relation or title, not ${change}`);
const app = await buildApp({
  config: parseConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'zs-rss-')),
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    SEARCH_TITLE_INDEX: on ? '1' : '0',
    SEARCH_INDEX_SNAPSHOT_DIR: process.env.SEARCH_INDEX_SNAPSHOT_DIR ?? '0',
  }),
  db,
  logger: false,
});
const t0 = performance.now();
// How long the server's event loop stood still while the index was built (every request waits that long).
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
await app.ready();
while (on && !titleIndexStats(db).records) await new Promise((r) => setTimeout(r, 100));
const readySeconds = (performance.now() - t0) / 1000;
loop.disable();
const buildLoopDelayMaxMs = Math.round(loop.max / 1e6);
const settle = async () => {
  for (let i = 0; i < 2; i++) {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 1000));
  }
  return process.memoryUsage();
};
const ready = await settle();
const stats = titleIndexStats(db);
const snapshot = !on
  ? undefined
  : stats.snapshots.loaded
    ? 'loaded'
    : process.env.SEARCH_INDEX_SNAPSHOT_DIR
      ? 'built and saved'
      : 'built';
// A start that built writes the file in the background: timed here, and kept out of the figures after searches.
await titleIndexSaved(db);
const saved = titleIndexStats(db).lastSaveSeconds;
const saveSeconds = saved && +saved.toFixed(1);
// Without the index the SQL ranking of partial matches is slow at 1M records: words only then.
const words = ['规范', '混凝土结构', '检测', '工程施工', '安全'];
const kws = on ? [...words, '设计 标', '规', '程允许 深度规', '道路 桥梁', '监测规 探代理标'] : words;
const SEARCHES = Number(process.env.RSS_SEARCHES ?? 2000);
const times: number[] = [];
for (let i = 0; i < SEARCHES; i++) {
  const s0 = performance.now();
  await app.inject({
    url: `/api/portal/standards?keyword=${encodeURIComponent(kws[i % kws.length]!)}&page=${1 + Math.floor(i / kws.length)}`,
  });
  times.push(performance.now() - s0);
}
times.sort((a, b) => a - b);
const at = (q: number) => +(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
// A catalogue write while the server runs, and how long until the index holds it.
const FOLLOW = Number(process.env.RSS_FOLLOW ?? 0);
let followSeconds: number | undefined;
let followedBy: string | undefined;
if (on && FOLLOW) {
  const before = titleIndexStats(db).builds;
  const f0 = performance.now();
  await retitle(db, FOLLOW, 2);
  const version = await readCatalogueVersion(db);
  while (titleIndexStats(db).version !== version) await new Promise((r) => setTimeout(r, 20));
  followSeconds = +((performance.now() - f0) / 1000).toFixed(2);
  const after = titleIndexStats(db).builds;
  followedBy = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] > before[k]).join('+');
}
const loaded = await settle();
const mb = (b: number) => Math.round(b / 1e6);
console.log(
  JSON.stringify({
    titleIndex: on,
    records: stats.records,
    snapshot,
    changedBefore: change && (change === 'title' ? `${process.env.RSS_CHANGED ?? 1} titles` : change),
    startedBy: Object.entries(stats.builds)
      .filter(([, n]) => n)
      .map(([k]) => k)
      .join('+'),
    overlaidRecords: titleIndexStats(db).changed,
    readySeconds: +readySeconds.toFixed(1),
    loadSeconds: stats.lastLoadSeconds && +stats.lastLoadSeconds.toFixed(1),
    saveSeconds,
    buildSeconds: stats.lastBuildSeconds && +stats.lastBuildSeconds.toFixed(1),
    buildLoopDelayMaxMs,
    heldMB: mb(stats.bytes),
    readyRssMB: mb(ready.rss),
    readyHeapTotalMB: mb(ready.heapTotal),
    readyArrayBuffersMB: mb(ready.arrayBuffers),
    afterSearchesRssMB: mb(loaded.rss),
    afterSearchesHeldMB: mb(titleIndexStats(db).bytes),
    searchMs: { p50: at(0.5), p95: at(0.95), max: at(1) },
    followed: FOLLOW ? { titles: FOLLOW, seconds: followSeconds, by: followedBy } : undefined,
  }),
);
await app.close();
await db.close();
