// The load client of bench/lib.ts `load`, in a process of its own: run in the bench's process, which also serves
// the app, autocannon took a third of the very thread whose throughput it measured. (Not a worker thread:
// autocannon run off the main thread answers in the form of its own multi-worker mode.)
// Reads { opts, pathsFile } as JSON from argv[2]; prints one JSON line with the figures.
import fs from 'node:fs';
import autocannon from 'autocannon';

const { opts, pathsFile } = JSON.parse(process.argv[2]);
const paths = pathsFile ? JSON.parse(fs.readFileSync(pathsFile, 'utf8')) : undefined;
let sent = 0;
const r = await autocannon({
  ...opts,
  requests: paths
    ? [
        {
          setupRequest: (req) => {
            req.path = paths[sent++ % paths.length];
            return req;
          },
        },
      ]
    : undefined,
});
process.stdout.write(
  `${JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, sent })}\n`,
);
