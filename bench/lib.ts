import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests sent (distinct-query runs: how many of the paths made ahead were used). */
  sent?: number;
}

/** Paths made ahead of a distinct-query run (it cycles through them past that: a warning says so). */
const PATHS_AHEAD = 200_000;

/**
 * One autocannon run on loopback; returns mean requests/s and latency percentiles in ms. The client runs in a
 * process of its own (lib/load-client.mjs), as real clients do: in the bench's own process, which also serves the
 * app, it took a third of the CPU of the thread being measured. `nextPath` is called PATHS_AHEAD times before the
 * run, and `sent` says how many of those paths the run used.
 */
export async function load(
  name: string,
  opts: {
    url: string;
    method?: 'GET' | 'POST';
    duration?: number;
    connections?: number;
    headers?: Record<string, string>;
    body?: string;
    /** A fresh path per request (distinct-query loads). */
    nextPath?: () => string;
  },
): Promise<LoadResult> {
  const { nextPath, ...rest } = opts;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-load-'));
  try {
    const pathsFile = nextPath ? path.join(dir, 'paths.json') : undefined;
    const paths = nextPath ? Array.from({ length: PATHS_AHEAD }, nextPath) : undefined;
    if (pathsFile) fs.writeFileSync(pathsFile, JSON.stringify(paths));
    const args = JSON.stringify({
      opts: {
        ...rest,
        method: opts.method ?? 'GET',
        duration: opts.duration ?? Number(process.env.BENCH_SECONDS ?? 10),
        connections: opts.connections ?? 50,
      },
      pathsFile,
    });
    const client = spawn(process.execPath, [fileURLToPath(new URL('./lib/load-client.mjs', import.meta.url)), args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    client.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const code = await new Promise<number | null>((resolve) => client.on('close', resolve));
    if (code !== 0) throw new Error(`load client for ${name} exited with ${code}`);
    const r = JSON.parse(out.trim().split('\n').pop()!) as Omit<LoadResult, 'name'> & { sent: number };
    if (paths && r.sent > paths.length) console.warn(`  ${name}: ${r.sent} requests, paths reused past ${paths.length}`);
    return { name, ...r };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printTable(rows: LoadResult[]) {
  console.table(
    rows.map((r) => ({
      name: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
}
