import { parseConfig } from './config.ts';
import { buildApp } from './app.ts';

/** Starts the platform; everything else lives in the app plugin. */
async function main() {
  const config = parseConfig();
  const app = await buildApp({ config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out after 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // Startup failures (bad config, locked data directory) get a plain message, not a stack dump.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
