import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers and response compression for everything the server sends.
 * CSP allows no inline script; inline styles stay allowed because antd injects its CSS-in-JS
 * style tags at run time.
 */
export default fp(
  async function security(app: FastifyInstance) {
    await app.register(helmet, {
      global: true,
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
      hsts: app.config.env === 'production',
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security', dependencies: ['config'] },
);
