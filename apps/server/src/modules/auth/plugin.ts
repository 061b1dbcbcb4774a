import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/envelope.ts';
import { resolveToken, tokenFromHeader, type AuthUser, type Role } from './tokens.ts';

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The token holder, resolved for every request from the raw Authorization header; null when absent or invalid. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Hook for an encapsulated scope of protected routes: code 401 without a valid token. */
    requireUser: Guard;
    /** Hook: 401 without a token, 403 unless the user has one of the roles. */
    requireRole(...roles: Array<Exclude<Role, 'user'>>): Guard;
  }
}

export default fp(
  async function auth(app: FastifyInstance) {
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
  { name: 'auth', dependencies: ['db', 'config', 'ephemeral'] },
);
