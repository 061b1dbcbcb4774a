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
import authPlugin from './plugins/auth.ts';
import smsPlugin from './modules/sms/plugin.ts';
import authRoutes from './modules/auth/routes.ts';
import devRoutes from './modules/dev/routes.ts';
import shutdown from './plugins/shutdown.ts';
import systemRoutes from './modules/system/routes.ts';
import secrets from './plugins/secrets.ts';
import metrics from './plugins/metrics.ts';
import { loggerOptions, requestId } from './lib/log.ts';
import siteRoutes from './modules/site/routes.ts';
import standardsRoutes from './modules/standards/routes.ts';
import portalRoutes from './modules/portal/routes.ts';
import filesRoutes from './modules/files/routes.ts';
import applicationRoutes from './modules/applications/routes.ts';
import datamapRoutes from './modules/datamap/routes.ts';
import messageRoutes from './modules/messages/routes.ts';
import certificationRoutes from './modules/certification/routes.ts';
import accountRoutes from './modules/account/routes.ts';
import adminRoutes from './modules/admin/routes.ts';
import alertsPlugin from './modules/alerts/plugin.ts';
import collectionRoutes from './modules/collections/routes.ts';
import fulltextRoutes from './modules/fulltext/routes.ts';
import missingReportRoutes from './modules/missing-reports/routes.ts';
import contentAdminRoutes from './modules/content-admin/routes.ts';
import adminStandardRoutes from './modules/admin-standards/routes.ts';
import adminImportRoutes from './modules/admin-import/routes.ts';
import siteAdminRoutes from './modules/site/admin-routes.ts';
import adminOpsRoutes from './modules/admin-ops/routes.ts';
import contentLayoutRoutes from './modules/content-admin/layout-routes.ts';

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
    await app.register(authPlugin);
    await app.register(smsPlugin);

    await app.register(systemRoutes);
    await app.register(siteRoutes);
    await app.register(standardsRoutes);
    await app.register(datamapRoutes);
    await app.register(portalRoutes);
    await app.register(filesRoutes);
    await app.register(applicationRoutes);
    await app.register(messageRoutes);
    await app.register(certificationRoutes);
    await app.register(accountRoutes);
    await app.register(adminRoutes);
    await app.register(alertsPlugin);
    await app.register(collectionRoutes);
    await app.register(fulltextRoutes);
    await app.register(missingReportRoutes);
    await app.register(contentAdminRoutes);
    await app.register(adminStandardRoutes);
    await app.register(adminImportRoutes);
    await app.register(siteAdminRoutes);
    await app.register(adminOpsRoutes);
    await app.register(contentLayoutRoutes);
    await app.register(authRoutes);
    await app.register(devRoutes);

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
    // Start-up migrates and seeds an empty database inside the db plugin; avvio's 10 s default is too short on a busy machine.
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
