// The title index's share of a server's RSS (issue 29: ≤ 150 MB per million records), measured on a whole
// server process: run it twice on the same catalogue, SEARCH_TITLE_INDEX=1 and =0, and compare.
// Each run builds the app on BENCH_DATABASE_URL (a database the search bench filled, e.g. with BENCH_REUSE=1),
// waits until the index is built, collects garbage twice a second apart and reads RSS; then 2,000 searches
// (words, characters, two pieces; RSS_SEARCHES sets how many) and the same again. Prints one JSON line.
//   npm run bench -- title-index-rss   (started as `npm start` starts the server: scripts/server-env.mjs)
// SEARCH_INDEX_SNAPSHOT_DIR=dir: the index file (decisions/0114) is read from there at the start when it holds the
// catalogue, else written there after the build; run twice for a restart's figures (`snapshot` says which it was).
// RSS_CHANGE_BEFORE=synonym|relation|title: one such catalogue write before the start, as made while the server was down:
// the first two leave the file usable (restamped, decisions/0117), a title makes the start build.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { titleIndexSaved, titleIndexStats } from '../apps/server/src/modules/standards/index.ts';

const on = process.env.SEARCH_TITLE_INDEX !== '0';
const db = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/zs_bench',
  poolSize: 20,
});
// As a server start does (a database the search bench filled with older code lacks the later migrations).
await migrate(db);
const change = process.env.RSS_CHANGE_BEFORE;
if (change === 'synonym') await db.query(`insert into search_synonyms (terms, note) values ('{示例压测甲,示例压测乙}', '示例')`);
else if (change === 'relation')
  await db.query(
    `insert into standard_relations (standard_id, related_no_key, related_no, kind)
     select (select min(id) from standards), 'ZSBENCH' || n, 'ZS BENCH ' || n, 'replaces'
     from (select count(*) + 1 as n from standard_relations) c`,
  );
else if (change === 'title')
  await db.query(`update standards set name_zh = name_zh || '示例' where id = (select min(id) from standards)`);
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
for (let i = 0; i < SEARCHES; i++)
  await app.inject({
    url: `/api/portal/standards?keyword=${encodeURIComponent(kws[i % kws.length]!)}&page=${1 + Math.floor(i / kws.length)}`,
  });
const loaded = await settle();
const mb = (b: number) => Math.round(b / 1e6);
console.log(
  JSON.stringify({
    titleIndex: on,
    records: stats.records,
    snapshot,
    changedBefore: change,
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
  }),
);
await app.close();
await db.close();
