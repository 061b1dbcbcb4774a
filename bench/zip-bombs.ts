// Memory after zip bombs (issue 25, ADR 0077): the server runs as its own process (lib/bench-server.ts), so
// the RSS read from /proc/<pid>/status is the server's alone. After a warm-up (real XLSX files uploaded to the
// console import and to the batch check, so exceljs and every route are loaded) and a forced settle (full
// garbage collections in the server), the idle RSS is read; then three zip-bomb XLSX files are uploaded to the
// console import, the RSS read after each (settled), and the final RSS compared with the goal: within 50 MB
// of idle. The bombs are built here (test/helpers/zip-bombs.ts), the file rows are benchmark data only.
// PGlite by default; BENCH_DATABASE_URL (or DATABASE_URL) runs on that PostgreSQL database instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { highRatioBomb, lyingBomb, manyEntriesBomb, smallXlsx } from '../apps/server/test/helpers/zip-bombs.ts';

const GOAL_MB = 50;
const WARM_UPS = 10;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bench-zip-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'lib/bench-server.ts')], {
  env: { ...process.env, DATA_DIR: dir, DATABASE_URL: databaseUrl },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// Lines the server printed that nobody has asked for yet (TOKEN and LISTENING often come in one chunk).
const backlog: string[] = [];
const waiting: Array<{ prefix: string; resolve: (rest: string) => void }> = [];
let pending = '';
child.stdout!.on('data', (d: Buffer) => {
  pending += String(d);
  let nl: number;
  while ((nl = pending.indexOf('\n')) >= 0) {
    const text = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    const i = waiting.findIndex((w) => text.startsWith(w.prefix));
    if (i < 0) {
      backlog.push(text);
      continue;
    }
    const w = waiting.splice(i, 1)[0]!;
    w.resolve(text.slice(w.prefix.length).trim());
  }
});
const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
/** The rest of the next line the server prints starting with `prefix`. */
const line = (prefix: string) => {
  const i = backlog.findIndex((t) => t.startsWith(prefix));
  if (i >= 0) return Promise.resolve(backlog.splice(i, 1)[0]!.slice(prefix.length).trim());
  return Promise.race([
    new Promise<string>((resolve) => waiting.push({ prefix, resolve })),
    exited.then((code): string => {
      throw new Error(`server exited (${code}) while waiting for ${prefix}`);
    }),
  ]);
};

/** The server's resident memory now (VmRSS), in bytes. */
function rss(): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Full collections in the server, then the RSS: the least of three readings a quarter second apart. */
async function settled(): Promise<number> {
  const done = line('SETTLED');
  child.kill('SIGUSR2');
  await done;
  const readings: number[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 250));
    readings.push(rss());
  }
  return Math.min(...readings);
}

async function main() {
  const token = await line('TOKEN');
  const base = await line('LISTENING');
  const upload = async (url: string, name: string, content: Buffer, auth = true) => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const t0 = Date.now();
    const res = await fetch(`${base}${url}`, { method: 'POST', body: form, headers: auth ? { authorization: token } : {} });
    const body = (await res.json()) as { code: number; msg: string };
    return { status: res.status, ...body, ms: Date.now() - t0 };
  };

  // Warm-up: real files through both uploads, several times, so what stays loaded is loaded.
  const real = smallXlsx(
    Array.from({ length: 200 }, (_, i) => [`DB4420/T ${900 + i}-2024`, `【基准测试】中山市地方标准第${i}号`] as [string, string]),
  );
  for (let i = 0; i < WARM_UPS; i++) {
    const a = await upload('/api/admin/imports', 'warm.xlsx', real);
    if (a.code !== 0) throw new Error(`warm-up import upload: ${a.msg}`);
    const b = await upload('/api/portal/standards/check/file', 'list.xlsx', real, false);
    if (b.code !== 0) throw new Error(`warm-up list upload: ${b.msg}`);
    // A cut-off zip takes the refusal's path (the guard, the 400, the file removed) without being a bomb.
    const c = await upload('/api/admin/imports', 'cut.xlsx', real.subarray(0, real.length - 30));
    if (c.code !== 400) throw new Error(`warm-up refusal: ${c.code} ${c.msg}`);
  }
  // Uploads as large as the bombs, so buffers of that size have been taken and given back before idle is read
  // (else the allocator's first trim after a large upload shows as memory "returned" by the bombs).
  const bigCsv = Buffer.from(
    [
      '标准编号,标准名称',
      ...Array.from({ length: 80_000 }, (_, i) => `DB4420/T ${i}-2024,【基准测试】中山市地方标准第${i}号 检验规程`),
    ].join('\n'),
  );
  for (let i = 0; i < 2; i++) {
    const big = await upload('/api/admin/imports', 'big.csv', bigCsv);
    if (big.code !== 0) throw new Error(`warm-up large upload: ${big.msg}`);
  }
  const bombs: [string, Buffer][] = [
    ['liar: declares 1,000 B, inflates to 2 GiB', lyingBomb(2048)],
    ['ratio ~1000:1, 1,000 MiB declared', highRatioBomb(1000)],
    ['20,005 parts', manyEntriesBomb(20_000)],
  ];
  // A control round: files of the bombs' sizes that are not zips at all, refused by the same route without
  // inflating anything. Memory the warm-up freed is given back to the system only after some such traffic
  // (measured: 30–80 MB at the first large upload after the warm-up); without this round that drop would be
  // credited to the first bomb. Idle is read once settled readings after a control round stop falling.
  const controlRound = async () => {
    for (const [, bomb] of bombs) {
      const r = await upload('/api/admin/imports', 'control.xlsx', Buffer.alloc(bomb.length, 0x41));
      if (r.code !== 400) throw new Error(`control upload: ${r.code} ${r.msg}`);
    }
    return settled();
  };
  let idle = await controlRound();
  for (let i = 0; i < 10; i++) {
    const next = await controlRound();
    const steady = Math.abs(next - idle) < 2 * 1024 * 1024;
    idle = Math.min(idle, next);
    if (steady) break;
  }

  const rows: Record<string, string | number>[] = [];
  let peakAfter = idle;
  for (const [name, content] of bombs) {
    const r = await upload('/api/admin/imports', 'bomb.xlsx', content);
    const after = await settled();
    peakAfter = Math.max(peakAfter, after);
    rows.push({
      bomb: name,
      'file MB': mb(content.length),
      answer: `${r.status} ${r.code}`,
      ms: r.ms,
      'RSS after MB': mb(after),
      'over idle MB': mb(after - idle),
      message: r.msg.slice(0, 40),
    });
    if (r.status >= 500 || r.code !== 400) throw new Error(`bomb not refused with a 400: ${r.status} ${r.code} ${r.msg}`);
  }
  const final = await settled();
  // The warm-up's uploads stay (jobs not started); a bomb must leave nothing.
  const kept = fs.readdirSync(path.join(dir, 'imports')).length - WARM_UPS - 2;
  console.table(rows);
  console.table([
    {
      db: databaseUrl ? 'postgres' : 'pglite',
      'idle RSS MB': mb(idle),
      'final RSS MB': mb(final),
      'final − idle MB': mb(final - idle),
      'peak after a bomb − idle MB': mb(peakAfter - idle),
      'goal MB': `≤ ${GOAL_MB}`,
      met: final - idle <= GOAL_MB * 1024 * 1024 ? 'yes' : 'NO',
      'bomb files kept': kept,
    },
  ]);
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  child.kill('SIGKILL');
  process.exit(1);
});
