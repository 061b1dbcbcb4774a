import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DbPluginOptions {
  /** An already-open database (tests); the app then neither migrates nor closes it. */
  db?: Database;
}

/** Opens the database (PGlite in DATA_DIR, or DATABASE_URL) and migrates it; the domains seed it (modules/index.ts). */
export default fp<DbPluginOptions>(
  async function dbPlugin(app: FastifyInstance, opts) {
    if (opts.db) {
      app.decorate('db', opts.db);
      return;
    }
    const { config } = app;
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });
    const applied = await migrate(db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
  },
  { name: 'db', dependencies: ['config'] },
);
