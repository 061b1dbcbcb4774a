import fp from 'fastify-plugin';
import helmet from 'helmet';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers and response compression for everything the server sends.
 * CSP allows no inline script; inline styles stay allowed because antd injects its CSS-in-JS
 * style tags at run time.
 *
 * The headers are helmet's, built once: the Fastify wrapper built helmet's middleware again for every request
 * (parsing the CSP directives each time), 1.5–2 % of the server's thread under search load (docs/search.md).
 */
export default fp(
  async function security(app: FastifyInstance) {
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.config.env === 'production',
    });
    app.addHook('onRequest', (req, reply, done) =>
      headers(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
    );
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security', dependencies: ['config'] },
);
