// The server for a memory benchmark, run as its own process so its RSS is the server's alone (zip-bombs.ts
// starts it): the app on a fresh database (PGlite under DATA_DIR, or DATABASE_URL), an operator signed in
// the way import-console.ts does it (a row and a token), the token printed as `TOKEN <token>`, then
// `LISTENING <url>`. SIGUSR2 settles it: full garbage collections (run it with --expose-gc), then
// `SETTLED` is printed, so the parent reads /proc/<pid>/status after the heap has been given back.
import { buildApp } from '../../apps/server/src/app.ts';
import { parseConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { issueToken } from '../../apps/server/src/modules/auth/index.ts';

const dataDir = process.env.DATA_DIR!;
const url = process.env.DATABASE_URL || undefined;
const db = await openDatabase(url ? { databaseUrl: url } : { dataDir: `${dataDir}/db` });
await migrate(db);
const app = await buildApp({
  config: parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: `${dataDir}/none`,
  }),
  db,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const [u] = await db.query<{ id: number }>(
  "insert into users (username, mobile, password_hash, role) values ($1, $2, 'x', 'operator') returning id",
  [`benchzip${process.pid}`, `139${String(process.pid).padStart(8, '0').slice(-8)}`],
);
console.log(`TOKEN ${await issueToken(db, u!.id, 1)}`);
console.log(`LISTENING ${address}`);

process.on('SIGUSR2', () => {
  void (async () => {
    // Several rounds with a turn of the event loop between them: finalizers free native memory (zlib
    // streams, buffers) only after their objects are collected, and a second round collects what they held.
    for (let i = 0; i < 4; i++) {
      global.gc?.();
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log('SETTLED');
  })();
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
