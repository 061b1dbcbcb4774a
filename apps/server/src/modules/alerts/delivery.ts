import os from 'node:os';
import crypto from 'node:crypto';
import { backgroundOf, type Database, type Query } from '../../db/client.ts';
import { permanentMailError, verifiedAddresses, type Mailer } from '../mail/index.ts';
import type { SmsProvider } from '../sms/index.ts';
import { deliverSite, deliverSms } from './delivery-channels.ts';
import { digestEmail, eventEmail, type AlertPayload, type DigestPayload } from './render.ts';
import type { Claimed, DeliveryCounts } from './outbox-row.ts';
export type { Claimed, DeliveryCounts } from './outbox-row.ts';
import { unsubscribeTokensOf, type AlertKind } from './preferences.ts';
import { betweenChunks, chunkSizes, fanOutInProgress } from './pacing.ts';

/** A claim older than this belongs to a worker that died: its row is claimed again (it was never handed to SMTP). */
export const CLAIM_LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 5;
/** Retry n (1-based) waits 1, 4, 16, 64 minutes. */
export const backoffMs = (attempt: number) => 60_000 * 4 ** (attempt - 1);

/** This process's name in claimed_by: a claim is only ever completed by the worker that made it. */
export const workerId = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

/**
 * Claims due rows for this worker. Row locks with SKIP LOCKED let instances on one PostgreSQL database take
 * disjoint rows without waiting; PGlite is one process, where the statement simply runs alone.
 * Oldest due first, in the order of the due index (channel, next_attempt_at, id): the claim walks the index and stops
 * after `limit` rows. Ordered by id alone it read and sorted every queued row of the channel at each claim (100,000
 * in-site rows: 30–130 ms a claim on PGlite, a thousand claims; decisions/0096, "Measured").
 */
export async function claimDue(db: Database, worker: string, limit: number, channel = 'email'): Promise<Claimed[]> {
  // Digest members (cadence daily/weekly) wait for the digest job; the claim only sees immediate rows.
  return db.query<Claimed>(
    `update alert_deliveries d set status = 'claimed', claimed_at = now(), claimed_by = $2
       from (select id from alert_deliveries
              where channel = $4 and cadence = 'immediate'
                and ((status = 'queued' and next_attempt_at <= now())
                 or (status = 'claimed' and claimed_at < now() - make_interval(secs => $3)))
              order by next_attempt_at, id limit $1
              for update of alert_deliveries skip locked) c
      where d.id = c.id
      returning d.id::int as id, d.user_id, d.event, d.kind, d.channel, d.payload, d.attempts`,
    [limit, worker, CLAIM_LEASE_MS / 1000, channel],
  );
}

/** A row whose handover to SMTP was cut off (the process died) may have gone out: failed, never retried (at most once). */
async function failInterrupted(db: Database): Promise<number> {
  const rows = await db.query(
    `update alert_deliveries set status = 'failed',
            last_error = 'interrupted while handing the mail to SMTP; not retried so it is never sent twice'
      where status = 'sending' and claimed_at < now() - make_interval(secs => $1) returning id`,
    [CLAIM_LEASE_MS / 1000],
  );
  return rows.length;
}

/** What the worker looked up for a claimed batch at once: the unsubscribe tokens and the verified addresses. */
interface BatchFacts {
  tokens: Map<string, string>;
  addresses: Map<number, string>;
}

const payloadOf = (row: Claimed): AlertPayload | DigestPayload =>
  typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
/** A digest answers to the preference of its first event's kind (its unsubscribe link turns that one off). */
const kindOf = (row: Claimed, payload: AlertPayload | DigestPayload): AlertKind =>
  (row.kind === 'digest' ? (payload as DigestPayload).items[0]?.kind : row.kind) as AlertKind;

/**
 * The tokens and addresses of a claimed batch in two queries (not two per mail), read just before the batch is sent:
 * an unsubscribe or a changed address after queueing still stops the mail.
 */
async function batchFacts(db: Database, rows: Claimed[]): Promise<BatchFacts> {
  const q: Query = (t, p) => db.query(t, p);
  const pairs = rows.map((r) => ({ userId: r.user_id, kind: kindOf(r, payloadOf(r)) }));
  const tokens = await unsubscribeTokensOf(q, pairs, 'email');
  const addresses = await verifiedAddresses(q, [...new Set(rows.map((r) => r.user_id))]);
  return { tokens, addresses };
}

async function deliverOne(
  db: Database,
  mailer: Mailer,
  siteUrl: string,
  worker: string,
  row: Claimed,
  n: DeliveryCounts,
  facts: BatchFacts,
) {
  const mine = 'id = $1 and claimed_by = $2';
  const skip = async (reason: string) => {
    await db.query(`update alert_deliveries set status = 'skipped', last_error = $3 where ${mine} and status = 'claimed'`, [
      row.id,
      worker,
      reason,
    ]);
    n.skipped += 1;
  };
  const payload = payloadOf(row);
  const digest = row.kind === 'digest' ? (payload as DigestPayload) : null;
  const kind = kindOf(row, payload);
  // Checked at sending time (for the batch): an unsubscribe or a changed address after queueing stops the mail.
  const token = facts.tokens.get(`${row.user_id}:${kind}`);
  if (!token) return skip('unsubscribed');
  const address = facts.addresses.get(row.user_id);
  if (!address) return skip('no verified address');
  const mail = digest ? digestEmail(digest, siteUrl, token) : eventEmail(kind, payload as AlertPayload, siteUrl, token);
  // The last step before SMTP, committed on its own: only the claim's owner moves it, once.
  const [handing] = await db.query(
    `update alert_deliveries set status = 'sending', attempts = attempts + 1 where ${mine} and status = 'claimed' returning id`,
    [row.id, worker],
  );
  if (!handing) return;
  try {
    await mailer.send({ to: address, ...mail });
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 500) : String(err);
    const attempts = row.attempts + 1;
    if (permanentMailError(err) || attempts >= MAX_ATTEMPTS) {
      await db.query(`update alert_deliveries set status = 'failed', last_error = $3 where ${mine}`, [row.id, worker, reason]);
      n.failed += 1;
    } else {
      await db.query(
        `update alert_deliveries set status = 'queued', last_error = $3, claimed_by = null,
                next_attempt_at = now() + make_interval(secs => $4) where ${mine}`,
        [row.id, worker, reason, backoffMs(attempts) / 1000],
      );
      n.retried += 1;
    }
    return;
  }
  await db.query(`update alert_deliveries set status = 'sent', sent_at = now(), last_error = null where ${mine}`, [
    row.id,
    worker,
  ]);
  n.sent += 1;
}

export interface DeliveryOptions {
  batch?: number;
  parallel?: number;
  /** The SMS sender (the sms module's provider); without it SMS rows wait. */
  sms?: SmsProvider;
  smsDailyCap?: number;
  /** Stop claiming mails after this many (a bounded run; the rest waits for the next). */
  maxMails?: number;
  /** Asked before each claim: true stops the run (the server is closing; what is claimed is finished first). */
  stop?: () => boolean;
}

/**
 * Sends every due row of the outbox until none is left: in-site messages in batches, SMS one by one within the
 * daily cap, mails a few at a time over the transport's pool. The counts are of all channels.
 */
export async function deliverDue(
  foreground: Database,
  mailer: Mailer,
  siteUrl: string,
  worker: string,
  opts: DeliveryOptions = {},
): Promise<DeliveryCounts & { interrupted: number }> {
  // Behind the requests' statements on PGlite (decisions/0096).
  const db = backgroundOf(foreground);
  const n: DeliveryCounts = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  const interrupted = await failInterrupted(db);
  // A fan-out queueing in this process goes first; its in-site rows wait for the next run.
  while (!opts.stop?.() && !fanOutInProgress()) {
    // In-site rows per claim: one claim, one insert of messages and one update each.
    const rows = await claimDue(db, worker, chunkSizes(db).siteRows, 'site');
    if (rows.length === 0) break;
    await deliverSite(db, worker, rows, n);
    await betweenChunks(db);
  }
  if (opts.sms) {
    while (!opts.stop?.()) {
      const rows = await claimDue(db, worker, opts.batch ?? 50, 'sms');
      if (rows.length === 0) break;
      for (const r of rows) await deliverSms(db, opts.sms, worker, r, opts.smsDailyCap ?? 3, n);
      await betweenChunks(db);
    }
  }
  if (!mailer.enabled) return { ...n, interrupted };
  const parallel = opts.parallel ?? 5;
  let left = opts.maxMails ?? Infinity;
  while (left > 0 && !opts.stop?.()) {
    const rows = await claimDue(db, worker, Math.min(opts.batch ?? 50, left));
    if (rows.length === 0) break;
    left -= rows.length;
    const facts = await batchFacts(db, rows);
    // `parallel` mails in flight over the transport's pool; a slow one holds up only its own lane.
    let next = 0;
    const lane = async () => {
      while (next < rows.length) await deliverOne(db, mailer, siteUrl, worker, rows[next++]!, n, facts);
    };
    await Promise.all(Array.from({ length: Math.min(parallel, rows.length) }, lane));
    await betweenChunks(db);
  }
  return { ...n, interrupted };
}
