import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export default fp<{ config: Config }>(
  async function configPlugin(app: FastifyInstance, opts) {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
