import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from './service.ts';

/** What the account route groups share: their OpenAPI tag and the client details a login records. */
export const tags = ['auth'];

export const metaOf = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
