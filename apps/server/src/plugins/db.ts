import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { openReadRouter, type ReplicaStatus } from '../db/replica.ts';
import { trackRequests } from '../db/foreground.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The primary: writes, and the reads of operators and logged-in users' own data. */
    db: Database;
    /**
     * The public reads (search, lists, details, suggestions, batch and document checks): the replica while it
     * answers and keeps within REPLICA_MAX_LAG_S, else the primary. Without a replica, the very `db` object.
     */
    readDb: Database;
    /** Who serves the public reads now; null without a replica (readiness, metrics). */
    replicaStatus: () => ReplicaStatus | null;
  }
}

export interface DbPluginOptions {
  /** An already-open database (tests); the app then neither migrates nor closes it. */
  db?: Database;
}

/** Opens the database (PGlite in DATA_DIR, or DATABASE_URL) and migrates it; the domains seed it (modules/index.ts). */
export default fp<DbPluginOptions>(
  async function dbPlugin(app: FastifyInstance, opts) {
    const { config } = app;
    let db = opts.db;
    if (!db) {
      const opened = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.databaseUrl ? undefined : config.dataDir,
      });
      app.addHook('onClose', async () => {
        await opened.close();
      });
      const applied = await migrate(opened);
      if (applied.length) app.log.info({ applied }, 'migrations applied');
      db = opened;
    }
    app.decorate('db', db);
    // Background jobs on PGlite give way to the requests being answered (db/foreground.ts).
    trackRequests(app, db);
    // PGlite has no replica: reads stay on the one database.
    if (!config.replica || db.kind !== 'postgres') {
      app.decorate('readDb', db);
      app.decorate('replicaStatus', () => null);
      return;
    }
    const router = await openReadRouter(db, config.replica);
    app.decorate('readDb', router.readDb);
    app.decorate('replicaStatus', router.status);
    // Closes the replica's pool and its lag check; the primary is closed above (or by whoever opened it).
    app.addHook('onClose', async () => {
      await router.close();
    });
    const s = router.status();
    if (s.serving !== 'replica') app.log.warn({ replica: s }, 'read replica not serving: public reads go to the primary');
  },
  { name: 'db', dependencies: ['config'] },
);
