import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createEphemeralStore, type EphemeralStore } from '../db/ephemeral.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared short-lived state (database table or Redis): captcha answers, SMS codes, rate counters. */
    ephemeral: EphemeralStore;
  }
}

/** The short-lived store, in the database or in Redis (REDIS_URL); shared by every instance. */
export default fp(
  async function ephemeral(app: FastifyInstance) {
    const store = createEphemeralStore({ redisUrl: app.config.redisUrl, redisKeyPrefix: app.config.redisKeyPrefix, db: app.db });
    app.decorate('ephemeral', store);
    app.addHook('onClose', async () => store.close());
    if (store.kind === 'redis') {
      // A wrong REDIS_URL stops the start with a clear message instead of failing every login later.
      await store.get('startup-check').catch(async (err: Error) => {
        await store.close();
        throw new Error(`REDIS_URL is set but Redis does not answer: ${err.message}`, { cause: err });
      });
    }
  },
  { name: 'ephemeral', dependencies: ['db', 'config'] },
);
