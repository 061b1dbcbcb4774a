// Runs every benchmark in sequence (`npm run bench`); pass names to run a subset: `npm run bench -- foundation`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { serverEnv } from '../scripts/server-env.mjs';

const benches = [
  'foundation.ts',
  'auth.ts',
  'search.ts',
  'import-console.ts',
  'import-live.ts',
  'document-check.ts',
  'zip-bombs.ts',
  'alerts.ts',
  'soak.ts',
  'title-index-rss.ts',
];
/** Long runs only when named (`npm run bench -- soak`), not in a plain `npm run bench`. */
const namedOnly = new Set(['soak.ts', 'title-index-rss.ts']);
const only = process.argv.slice(2);
for (const file of benches) {
  if (only.length ? !only.some((o) => file.includes(o)) : namedOnly.has(file)) continue;
  console.log(`\n### ${file}`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
    // As `npm start` runs the server (scripts/server-env.mjs): the memory figures are the server's.
    env: serverEnv(process.env),
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
