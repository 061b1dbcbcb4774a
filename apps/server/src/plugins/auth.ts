import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createEphemeralStore, type EphemeralStore } from '../lib/ephemeral.ts';
import { forbidden, unauthorized } from '../lib/envelope.ts';
import { resolveToken, tokenFromHeader, type AuthUser, type Role } from '../modules/auth/tokens.ts';

export type { AuthUser } from '../modules/auth/tokens.ts';

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The token holder, resolved for every request from the raw Authorization header; null when absent or invalid. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Shared short-lived state (database table or Redis): captcha answers, SMS codes, rate counters. */
    ephemeral: EphemeralStore;
    /** Hook for an encapsulated scope of protected routes: code 401 without a valid token. */
    requireUser: Guard;
    /** Hook: 401 without a token, 403 unless the user has one of the roles. */
    requireRole(...roles: Array<Exclude<Role, 'user'>>): Guard;
  }
}

export default fp(
  async function auth(app: FastifyInstance) {
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

    app.decorateRequest('user', null);
    app.addHook('onRequest', async (req) => {
      const token = tokenFromHeader(req.headers.authorization);
      req.user = token ? await resolveToken(app.db, token) : null;
    });

    app.decorate('requireUser', async (req: FastifyRequest) => {
      if (!req.user) throw unauthorized();
    });
    app.decorate('requireRole', (...roles: Array<Exclude<Role, 'user'>>): Guard => {
      const allowed = new Set<Role>(roles);
      return async (req) => {
        if (!req.user) throw unauthorized();
        if (!allowed.has(req.user.role)) throw forbidden();
      };
    });
  },
  { name: 'auth', dependencies: ['db', 'config'] },
);
