// Browser import at scale: a synthetic CSV of BENCH_IMPORT_ROWS (default 200000) DB4420/T rows is
// streamed to POST /api/admin/imports over HTTP (as the browser does), started, and polled to the end.
// Run as `node --expose-gc --import tsx import-console.ts` to see the live heap too.
// Prints file size, rows/s and the process's peak RSS / heap over the baseline, so "memory does not grow
// with the file" can be read off two runs with different row counts, and a timeline (every 10 % of the rows:
// RSS, external, heap over the baseline) shows whether memory keeps climbing or levels off during one run.
// Synthetic rows are benchmark data only.
// PGlite by default; BENCH_DATABASE_URL=postgres://… runs on a fresh database created on that server and
// dropped at the end (then the RSS is the Node process alone, the database lives in its own process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { benchDatabase } from './lib/bench-db.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { issueToken } from '../apps/server/src/modules/auth/index.ts';

const execFileAsync = promisify(execFile);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const PORT = Number(process.env.BENCH_PORT ?? 4092);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bench-import-'));
const file = path.join(dir, 'zhongshan.csv');

async function writeCsv() {
  const out = fs.createWriteStream(file);
  out.write('标准编号,标准名称,实施日期,状态\n');
  for (let i = 1; i <= ROWS; i++) {
    const line = `DB4420/T ${i}-2025,【基准测试】中山市地方标准第${i}号 食品 包装 检验规程,2025-0${(i % 9) + 1}-15,现行\n`;
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(r));
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

/**
 * Resident bytes of WebAssembly memories (Linux): V8 reserves each one with a guard region of several GB, so
 * a read-write mapping directly followed by a no-access mapping of 4 GB or more is one. process.memoryUsage()
 * .external counts a memory's full size once it has grown, not which of its pages are in RAM; this does.
 * PGlite's shared buffers are reserved at start and become resident as pages are touched.
 */
function wasmResident(): number {
  let text: string;
  try {
    text = fs.readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return 0;
  }
  const maps = text.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/).map((b) => ({
    rw: / rw-p /.test(b.slice(0, 60)),
    none: / ---p /.test(b.slice(0, 60)),
    size: Number(/\nSize:\s+(\d+)/.exec(b)?.[1] ?? 0) * 1024,
    rss: Number(/\nRss:\s+(\d+)/.exec(b)?.[1] ?? 0) * 1024,
  }));
  let sum = 0;
  for (let i = 0; i + 1 < maps.length; i++)
    if (maps[i]!.rw && maps[i + 1]!.none && maps[i + 1]!.size >= 4 * 2 ** 30) sum += maps[i]!.rss;
  return sum;
}

async function main() {
  await writeCsv();
  const size = fs.statSync(file).size;
  const { db, drop } = await benchDatabase(dir, 'zs_bench_import');
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
  const [u] = await db.query<{ id: number }>(
    "insert into users (username, mobile, password_hash, role) values ('benchop', '13900000000', 'x', 'operator') returning id",
  );
  const token = await issueToken(db, u!.id, 1);

  global.gc?.();
  const base = process.memoryUsage();
  const baseWasm = wasmResident();
  let peakWasm = baseWasm;
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  // external holds PGlite's WebAssembly memory (the database's own buffers when it runs in-process).
  let peakExternal = base.external;
  // With --expose-gc, a full collection every second shows what the import really keeps (the peak heap
  // above also holds garbage not yet collected, which V8 lets grow while there is room).
  let peakLive = base.heapUsed;
  let ticks = 0;
  // One sample per tenth of the rows (taken at the poll that first sees it reached), plus one after the upload.
  const timeline: string[] = [];
  const mark = (label: string) => {
    const m = process.memoryUsage();
    const w = wasmResident();
    peakWasm = Math.max(peakWasm, w);
    timeline.push(
      `${label}: ${mb(m.rss - base.rss)}/${mb(w - baseWasm)}/${mb(m.external - base.external)}/${mb(m.heapUsed - base.heapUsed)}`,
    );
  };
  const sampler = setInterval(() => {
    if (global.gc && ++ticks % 20 === 0) {
      global.gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
      peakWasm = Math.max(peakWasm, wasmResident());
    }
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakExternal = Math.max(peakExternal, m.external);
  }, 50);

  const boundary = '----zsbench';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="zhongshan.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  async function* body() {
    yield Buffer.from(head);
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 16 })) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  const uploadUrl = `http://127.0.0.1:${PORT}/api/admin/imports`;
  // BENCH_CLIENT=curl uploads from another process, so the upload's client-side buffers are not counted as the
  // server's (by default the client is this process, as before).
  const preview = (
    process.env.BENCH_CLIENT === 'curl'
      ? JSON.parse(
          (
            await execFileAsync(
              'curl',
              ['-sS', '-H', `authorization: ${token}`, '-F', `file=@${file};type=text/csv`, uploadUrl],
              {
                maxBuffer: 1 << 20,
              },
            )
          ).stdout,
        )
      : await (
          await fetch(uploadUrl, {
            method: 'POST',
            headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body: Readable.from(body()) as unknown as RequestInit['body'],
            duplex: 'half',
          } as RequestInit)
        ).json()
  ) as { code: number; msg: string; data: { job: { id: number } } };
  if (preview.code !== 0) throw new Error(preview.msg);
  const uploadMs = Date.now() - t0;
  mark('upload');
  let nextTenth = 1;
  const id = preview.data.job.id;
  await fetch(`http://127.0.0.1:${PORT}/api/admin/imports/${id}/start`, { method: 'POST', headers: { authorization: token } });
  let job: { status: string; rows: number; inserted: number; rejected: number; rowsPerSecond: number };
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    // A kept-alive socket the server closes just then resets the poll (seen on a loaded machine): ask again.
    const res = await fetch(`http://127.0.0.1:${PORT}/api/admin/imports/${id}`, { headers: { authorization: token } }).catch(
      () => null,
    );
    if (!res) continue;
    job = ((await res.json()) as { data: typeof job }).data;
    if (job.rows >= (ROWS * nextTenth) / 10 && nextTenth <= 10) {
      mark(`${Math.round((job.rows / ROWS) * 100)}%`);
      while (job.rows >= (ROWS * nextTenth) / 10) nextTenth++;
    }
    if (job.status === 'done' || job.status === 'failed') break;
  }
  clearInterval(sampler);
  mark('end');
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const settings = await db.query<{ name: string; value: string }>(
    "select name, current_setting(name) as value from pg_settings where name in ('shared_buffers', 'wal_buffers', 'work_mem', 'maintenance_work_mem', 'temp_buffers') order by name",
  );
  // CPU seconds of this process (the server, and PGlite inside it): steadier than rows/s on a busy machine.
  const cpu = process.cpuUsage(cpu0);
  console.table([
    {
      db: db.kind,
      client: process.env.BENCH_CLIENT === 'curl' ? 'curl' : 'in-process',
      rows: ROWS,
      'file MB': mb(size),
      'upload s': (uploadMs / 1000).toFixed(1),
      status: job.status,
      inserted: job.inserted,
      rejected: job.rejected,
      'rows/s': job.rowsPerSecond,
      'CPU s': ((cpu.user + cpu.system) / 1e6).toFixed(1),
      'base RSS MB': mb(base.rss),
      'peak RSS +MB': mb(peakRss - base.rss),
      'peak heap +MB': mb(peakHeap - base.heapUsed),
      'peak external +MB': mb(peakExternal - base.external),
      'WASM res. MB': `${mb(baseWasm)}+${mb(peakWasm - baseWasm)}`,
      ...(global.gc ? { 'live heap +MB': mb(peakLive - base.heapUsed) } : {}),
      load,
    },
  ]);
  console.log(`timeline (RSS/WASM resident/external/heap over base, MB): ${timeline.join(', ')}`);
  console.log(`settings: ${settings.map((r) => `${r.name}=${r.value}`).join(' ')}`);
  await app.close();
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
