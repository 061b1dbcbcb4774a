import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { publishDue } from './service.ts';

export const PUBLISH_DUE_INTERVAL_MS = 30_000;

/**
 * Scheduled content goes live within 30 s of its time (docs/decisions/0050). Same shape as the alert
 * jobs: unref'd timer, no overlapping runs, failures logged and retried, stopped on close.
 */
export default fp(
  async function contentJob(app: FastifyInstance) {
    let running: Promise<void> | null = null;
    const run = () => {
      running ??= publishDue(app.db)
        .then((n) => {
          if (n) app.log.info({ published: n }, 'scheduled content published');
        })
        .catch((err: unknown) => app.log.error({ err }, 'scheduled publishing failed'))
        .finally(() => {
          running = null;
        });
      return running;
    };
    const timer = setInterval(() => void run(), PUBLISH_DUE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'content-job', dependencies: ['db'] },
);
