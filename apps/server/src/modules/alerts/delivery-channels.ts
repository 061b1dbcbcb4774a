import type { Database } from '../../db/client.ts';
import { mobilesOf } from '../auth/index.ts';
import { insertMessagesBatch } from '../messages/index.ts';
import type { SmsProvider } from '../sms/index.ts';
import type { Claimed, DeliveryCounts } from './outbox-row.ts';
import { siteMessage, smsText, type AlertPayload } from './render.ts';
import { unsubscribeTokenOf, type AlertKind } from './preferences.ts';

const parse = (p: Claimed['payload']) => (typeof p === 'string' ? JSON.parse(p) : p) as AlertPayload;

/**
 * The in-site message's dedupe key: a status change keeps the key status.ts uses for collectors (status:<history>:
 * <user>), so a user who both collected and watches a standard gets one message.
 */
export const siteDedupeKey = (event: string, userId: number) =>
  event.startsWith('status:') ? `${event}:${userId}` : `alert:${event}:${userId}`;

/**
 * In-site rows, a batch at a time: the messages go in with their dedupe keys (a second attempt after a crash inserts
 * nothing), then the rows are marked sent. Once only without a two-phase handover: the message table's unique key is
 * the guard.
 */
export async function deliverSite(db: Database, worker: string, rows: Claimed[], n: DeliveryCounts): Promise<void> {
  await insertMessagesBatch(
    (t, p) => db.query(t, p),
    rows.map((r) => {
      const m = siteMessage(r.kind as AlertKind, parse(r.payload));
      const p = parse(r.payload);
      const draft = r.kind === 'consultation_draft';
      return {
        userId: r.user_id,
        // A draft for public comment is no status change: a notice, as the consultation module's own messages.
        kind: draft ? ('system' as const) : ('standard_status' as const),
        ...m,
        refType: draft ? 'consultation_draft' : 'standard',
        refId: draft ? p.draftId : p.standardId,
        dedupeKey: siteDedupeKey(r.event, r.user_id),
      };
    }),
  );
  const done = await db.query(
    `update alert_deliveries set status = 'sent', sent_at = now(), attempts = attempts + 1
      where id = any($1::bigint[]) and claimed_by = $2 and status = 'claimed' returning id`,
    [rows.map((r) => r.id), worker],
  );
  n.sent += done.length;
}

/** The start of the current day in Beijing (UTC+8, no daylight saving): the SMS cap counts from it. */
export const beijingDayStart = (now = Date.now()) => {
  const day = 86_400_000;
  const offset = 8 * 3_600_000;
  return new Date(Math.floor((now + offset) / day) * day - offset);
};

/**
 * One SMS (status changes only), within the user's daily cap: the handover to the provider is the same two-step
 * claim → sending → sent as mail, so a crash never sends twice; a row over the cap is skipped with the reason.
 */
export async function deliverSms(
  db: Database,
  sms: SmsProvider,
  worker: string,
  row: Claimed,
  cap: number,
  n: DeliveryCounts,
): Promise<void> {
  const mine = 'id = $1 and claimed_by = $2';
  const skip = async (reason: string) => {
    await db.query(`update alert_deliveries set status = 'skipped', last_error = $3 where ${mine} and status = 'claimed'`, [
      row.id,
      worker,
      reason,
    ]);
    n.skipped += 1;
  };
  if (!(await unsubscribeTokenOf((t, p) => db.query(t, p), row.user_id, row.kind, 'sms'))) return skip('unsubscribed');
  const mobile = (await mobilesOf((t, p) => db.query(t, p), [row.user_id])).get(row.user_id);
  if (!mobile) return skip('no mobile');
  // The cap and the handover in one statement: SMS being handed over count too (sent_at is set at handover).
  const [handing] = await db.query(
    `update alert_deliveries set status = 'sending', attempts = attempts + 1, sent_at = now()
      where ${mine} and status = 'claimed'
        and (select count(*) from alert_deliveries x where x.user_id = $3 and x.channel = 'sms'
               and x.status in ('sending', 'sent') and x.sent_at >= $4) < $5
      returning id`,
    [row.id, worker, row.user_id, beijingDayStart(), cap],
  );
  if (!handing) return skip(`daily SMS cap of ${cap} reached`);
  try {
    await sms.send(mobile, smsText(parse(row.payload)), 'alert');
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 500) : String(err);
    // Not retried: a provider error after the handover may still have delivered it (at most once).
    await db.query(`update alert_deliveries set status = 'failed', last_error = $3 where ${mine}`, [row.id, worker, reason]);
    n.failed += 1;
    return;
  }
  await db.query(`update alert_deliveries set status = 'sent', last_error = null where ${mine}`, [row.id, worker]);
  n.sent += 1;
}
