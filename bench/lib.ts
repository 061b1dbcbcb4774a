import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One autocannon run on loopback; returns mean requests/s and latency percentiles in ms. */
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
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    duration: opts.duration ?? Number(process.env.BENCH_SECONDS ?? 10),
    connections: opts.connections ?? 50,
    headers: opts.headers,
    body: opts.body,
    requests: opts.nextPath
      ? [
          {
            setupRequest: (req) => {
              req.path = opts.nextPath!();
              return req;
            },
          },
        ]
      : undefined,
  });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
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
