import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { dispatchActivityReminders } from './activity.ts';
import { dispatchStatusAlerts } from './status.ts';
import { deliverDue, workerId } from './delivery.ts';
import { buildDigests, queueUpcomingImplementations, scanConsultationDrafts, scanNewStandards } from './jobs.ts';

export const ALERT_INTERVAL_MS = 60_000;
/** How often the outbox worker looks for due mails (docs/alerts.md). */
export const DELIVERY_INTERVAL_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the alert jobs now (or joins the run in progress). */
    runAlerts(): Promise<void>;
    /** Sends the due rows of the alert outbox now (or joins the run in progress). */
    deliverAlerts(): Promise<void>;
  }
}

/** Every job; each is idempotent, so instances running them at the same time send nothing twice. */
export async function runAlertJobs(db: Database) {
  const status = await dispatchStatusAlerts(db);
  const activity = await dispatchActivityReminders(db);
  const added = await scanNewStandards(db);
  const upcoming = await queueUpcomingImplementations(db);
  const drafts = await scanConsultationDrafts(db);
  const daily = await buildDigests(db, 'daily');
  const weekly = await buildDigests(db, 'weekly');
  return {
    statusAlerts: status.sent,
    activityReminders: activity.sent,
    newStandardAlerts: added.queued,
    implementationAlerts: upcoming,
    consultationDraftAlerts: drafts,
    digests: daily.users + weekly.users,
  };
}

/**
 * Runs the alert jobs every 60 s. The timer is unref'd (it never keeps the process alive), runs never
 * overlap within one process, failures are logged and retried on the next tick, and close() stops
 * the timer and waits for a run in progress before the database closes.
 */
export default fp(
  async function alerts(app: FastifyInstance) {
    let running: Promise<void> | null = null;
    // Asked for while a run was under way (it may have passed what the caller just committed): one more run after it.
    let again = false;
    const run = (): Promise<void> => {
      if (running) {
        again = true;
        return running;
      }
      running = runAlertJobs(app.db)
        .then((r) => {
          if (Object.values(r).some(Boolean)) app.log.info(r, 'alert messages sent');
        })
        .catch((err: unknown) => app.log.error({ err }, 'alert job failed'))
        .finally(() => {
          running = null;
          if (again && !closing) {
            again = false;
            void run();
          }
        });
      return running;
    };
    app.decorate('runAlerts', run);
    const timer = setInterval(() => void run(), ALERT_INTERVAL_MS);
    timer.unref();
    // The outbox worker: its own loop, so a slow SMTP server never holds up the jobs that queue alerts.
    const worker = workerId();
    let closing = false;
    let delivering: Promise<void> | null = null;
    const deliver = () => {
      delivering ??= deliverDue(app.db, app.mailer, app.config.mail.siteUrl, worker, {
        sms: app.sms,
        smsDailyCap: app.config.alerts.smsDailyCap,
        // A closing server finishes the batch in hand, not the whole outbox (100,000 digests take minutes).
        stop: () => closing,
      })
        .then((r) => {
          if (r.sent || r.failed || r.retried || r.interrupted) app.log.info(r, 'alert mails delivered');
        })
        .catch((err: unknown) => app.log.error({ err }, 'alert delivery failed'))
        .finally(() => {
          delivering = null;
        });
      return delivering;
    };
    app.decorate('deliverAlerts', deliver);
    const deliveryTimer = setInterval(() => void deliver(), DELIVERY_INTERVAL_MS);
    deliveryTimer.unref();
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      clearInterval(deliveryTimer);
      await running;
      await delivering;
    });
  },
  { name: 'alerts', dependencies: ['db', 'mail', 'sms'] },
);
