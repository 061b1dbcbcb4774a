// A separate process that asks the server for pages on a fixed schedule and times the answers. It runs apart
// from the server on purpose: a client in the server's own process would send late whenever the server's event
// loop is blocked, and so never see the wait. Latency is measured from the moment a request was due, not from
// when it was sent (no coordinated omission). Reads its probes as JSON from argv[2]; on "stop" on stdin it
// prints {name: latencies[]} as JSON and exits.
interface Probe {
  name: string;
  /** Paths asked in turn. */
  paths: string[];
  everyMs: number;
  headers?: Record<string, string>;
}

const { base, probes } = JSON.parse(process.argv[2]!) as { base: string; probes: Probe[] };
const results: Record<string, { ms: number[]; errors: number; progress: [number, number][] }> = {};
/** Answers are filed under `${probe}@${phase}`; "phase:NAME" on stdin starts a phase (a request counts where it was due). */
let phase = 'baseline';
const bucket = (name: string, at: string) => (results[`${name}@${at}`] ??= { ms: [], errors: 0, progress: [] });
const timers: NodeJS.Timeout[] = [];
const TIMEOUT_MS = 30_000;

for (const p of probes) {
  const t0 = performance.now();
  let k = 0;
  const tick = () => {
    const due = t0 + k * p.everyMs;
    const r = bucket(p.name, phase);
    const path = p.paths[k % p.paths.length]!;
    k++;
    void fetch(base + path, { headers: p.headers, signal: AbortSignal.timeout(TIMEOUT_MS) })
      .then(async (res) => {
        const text = await res.text();
        r.ms.push(performance.now() - due);
        if (!res.ok) r.errors++;
        // The job probe's answers make the progress timeline: (when, rows committed).
        if (p.name === 'job') {
          const rows = (JSON.parse(text) as { data?: { rows?: number } }).data?.rows;
          if (typeof rows === 'number') r.progress.push([Math.round(performance.now() - t0), rows]);
        }
      })
      .catch(() => {
        r.ms.push(performance.now() - due);
        r.errors++;
      });
    const next = t0 + k * p.everyMs - performance.now();
    timers.push(setTimeout(tick, Math.max(0, next)));
  };
  tick();
}

process.stdin.on('data', (d) => {
  const m = /phase:(\w+)/.exec(String(d));
  if (m) phase = m[1]!;
  if (!String(d).includes('stop')) return;
  for (const t of timers) clearTimeout(t);
  // Requests still out get a moment to finish (they are counted with their full wait).
  setTimeout(() => {
    process.stdout.write(JSON.stringify(results));
    process.exit(0);
  }, 1000);
});
