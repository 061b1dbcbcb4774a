import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import configPlugin from './plugins/config.ts';
import envelope, { frameworkError } from './plugins/envelope.ts';
import security from './plugins/security.ts';
import input from './plugins/input.ts';
import dbPlugin from './plugins/db.ts';
import openapi from './plugins/openapi.ts';
import web from './plugins/web.ts';
import shutdown from './plugins/shutdown.ts';
import secrets from './plugins/secrets.ts';
import metrics from './plugins/metrics.ts';
import ephemeral from './plugins/ephemeral.ts';
import domains from './modules/index.ts';
import { loggerOptions, requestId } from './lib/log.ts';

export interface AppOptions {
  config: Config;
  /** An open, migrated database to use instead of opening one (tests). */
  db?: Database;
}

/**
 * The whole platform as one Fastify plugin. Order matters only through the declared plugin
 * dependencies: infrastructure first, then domain modules, then the web fallback.
 */
export const appPlugin = fp<AppOptions>(
  async function zsApp(app, opts) {
    await app.register(configPlugin, { config: opts.config });
    await app.register(shutdown);
    await app.register(envelope);
    await app.register(input);
    await app.register(security);
    await app.register(formbody, { bodyLimit: 64 * 1024 });
    await app.register(dbPlugin, { db: opts.db });
    await app.register(secrets);
    await app.register(metrics);
    await app.register(openapi);
    await app.register(ephemeral);

    await app.register(domains, { seed: !opts.db });

    await app.register(web);
  },
  { name: 'zs-app' },
);

export async function buildApp(opts: AppOptions & { logger?: FastifyServerOptions['logger'] }): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(opts.config.logLevel),
    genReqId: requestId,
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets are closed on shutdown once their in-flight request has finished.
    forceCloseConnections: 'idle',
    // Start-up migrates (db plugin) and seeds (modules/index.ts) an empty database; avvio's 10 s default is too short on a busy machine.
    pluginTimeout: 120_000,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The same id is in every log line of the request and in the answer, so a user's report can be traced.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await app.register(appPlugin, opts);
  return app;
}
