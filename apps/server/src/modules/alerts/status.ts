import { standardStatusLabel } from '@zs/shared';
import { backgroundOf, type Database } from '../../db/client.ts';
import { tableExists, type Query } from '../../db/tx.ts';
import { activeUserIds } from '../auth/index.ts';
import { collectorsBefore } from '../collections/index.ts';
import { insertMessageToEach } from '../messages/index.ts';
import { queueStatusChange, type FanOutOptions } from './matching.ts';
import { asFanOut, chunkSizes, fanOutOptions } from './pacing.ts';
import { usersOptedOut } from './preferences.ts';
import {
  markStatusChangesDispatched,
  undispatchedStatusChange,
  undispatchedStatusChanges,
  type StatusChangeRow as HistoryRow,
} from '../standards/index.ts';

const label = standardStatusLabel;

export function statusMessage(h: HistoryRow) {
  // The reader learns what to use instead, by number and title (issue 30).
  const replacement = h.replaced_by
    ? `，请改用代替标准 ${h.replaced_by}${h.replaced_by_name ? `《${h.replaced_by_name}》` : ''}`
    : '';
  return {
    title: `收藏的标准状态变更：${h.standard_no}`,
    body:
      `您收藏的标准 ${h.standard_no} ${h.name_zh} 状态已由「${label(h.old_status ?? '')}」变为「${label(h.new_status)}」${replacement}。` +
      '请点击查看标准详情。',
    link: `/standard-detail?id=${h.standard_id}`,
  };
}

/**
 * The in-site message of one history row for each active user who collected the standard before the change (unless
 * they turned these messages off); answers how many were told.
 */
async function tellCollectors(q: Query, h: HistoryRow): Promise<number> {
  if (h.old_status === null || h.old_status === h.new_status) return 0;
  const m = statusMessage(h);
  const collectors = await collectorsBefore(q, 'standard', h.standard_id, h.changed_at);
  const active = await activeUserIds(q, collectors);
  const off = await usersOptedOut(q, collectors, 'standard_status', 'site');
  const told = collectors.filter((id) => active.has(id) && !off.has(id));
  return insertMessageToEach(
    q,
    told,
    { kind: 'standard_status', title: m.title, body: m.body, link: m.link, refType: 'standard', refId: h.standard_id },
    (userId) => `status:${h.id}:${userId}`,
  );
}

/**
 * Everyone who watches or collected the standard gets the channels they chose through the outbox (insert … select
 * in chunks of users, matching.ts); the worker sends them. Collectors' in-site messages come from tellCollectors.
 */
async function fanOut(q: Query, h: HistoryRow, opts: FanOutOptions): Promise<void> {
  if (h.old_status === null || h.old_status === h.new_status) return;
  await queueStatusChange(q, h, opts);
}

/**
 * The alerts of one status change, inside the transaction that recorded it (the catalogue editor's change): the
 * collectors' in-site messages, so the count returned is exactly the number told, whatever else runs at the same
 * moment (the job cannot see the row before it commits, and sees it dispatched after). The watchers' fan-out, which
 * may reach 100,000 users, is not run here (a transaction holding the editor's request for seconds): it is recorded
 * in alert_status_fanouts in the same transaction, so it survives a crash, and the job queues it in chunks
 * (decisions/0096); the console kicks the job once the change is committed.
 */
export async function alertStatusChange(q: Query, historyId: number): Promise<number> {
  if (!(await tableExists(q, 'collections'))) return 0;
  const h = await undispatchedStatusChange(q, historyId);
  if (!h) return 0;
  const sent = await tellCollectors(q, h);
  await q('insert into alert_status_fanouts (history_id, change) values ($1, $2::jsonb) on conflict do nothing', [
    h.id,
    JSON.stringify(h),
  ]);
  await markStatusChangesDispatched(q, [h.id]);
  return sent;
}

/** Status changes whose fan-out the console left for the job, a few at a time (two instances may share one: idempotent). */
async function pendingFanOuts(db: Database, opts: FanOutOptions): Promise<void> {
  const q: Query = (text, params) => db.query(text, params);
  for (;;) {
    const rows = await q<{ history_id: number; change: HistoryRow | string }>(
      'select history_id::int as history_id, change from alert_status_fanouts order by history_id limit 20',
    );
    for (const r of rows) {
      const h = (typeof r.change === 'string' ? JSON.parse(r.change) : r.change) as HistoryRow;
      await asFanOut(() => fanOut(q, h, opts));
      await q('delete from alert_status_fanouts where history_id = $1', [r.history_id]);
    }
    if (rows.length < 20) return;
  }
}

/**
 * Sends one message per (status-history row, user who collected that standard before the change).
 * Each message carries the dedupe key status:<historyId>:<userId>, so a rerun, or a second
 * instance running at the same moment, inserts nothing twice; rows are then marked dispatched so
 * later runs skip them. New records (no old status) alert nobody. Returns the counts.
 */
export async function dispatchStatusAlerts(
  foreground: Database,
  batchSize = 500,
  chunkUsers = chunkSizes(foreground).fanOutUsers,
): Promise<{ processed: number; sent: number }> {
  // Behind the requests' statements on PGlite (decisions/0096).
  const db = backgroundOf(foreground);
  const q: Query = (text, params) => db.query(text, params);
  // Collections are another module's table; before it exists nobody can have collected anything.
  if (!(await tableExists(q, 'collections'))) return { processed: 0, sent: 0 };
  const opts: FanOutOptions = { ...fanOutOptions(db), chunkUsers };
  let processed = 0;
  let sent = 0;
  for (;;) {
    const rows = await undispatchedStatusChanges(q, batchSize);
    if (rows.length === 0) break;
    for (const h of rows) {
      await asFanOut(() => fanOut(q, h, opts));
      sent += await tellCollectors(q, h);
    }
    await markStatusChangesDispatched(
      q,
      rows.map((r) => r.id),
    );
    processed += rows.length;
    if (rows.length < batchSize) break;
  }
  await pendingFanOuts(db, opts);
  return { processed, sent };
}
