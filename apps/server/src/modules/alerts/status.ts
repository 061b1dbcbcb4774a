import { standardStatusLabel } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { tableExists, type Query } from '../../db/tx.ts';
import { activeUserIds } from '../auth/index.ts';
import { collectorsBefore } from '../collections/index.ts';
import { insertMessageToEach } from '../messages/index.ts';
import { queueStatusChange, type FanOutOptions } from './matching.ts';
import { asFanOut, betweenChunks, chunkSizes } from './pacing.ts';
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
 * Messages for one history row: one per active user who collected the standard before the change (unless they
 * turned these messages off). Everyone who watches or collected it gets the channels they chose through the outbox
 * (one insert … select, matching.ts); the worker sends them.
 */
async function alertCollectors(q: Query, h: HistoryRow, fanOut: FanOutOptions = {}): Promise<number> {
  if (h.old_status === null || h.old_status === h.new_status) return 0;
  const m = statusMessage(h);
  const collectors = await collectorsBefore(q, 'standard', h.standard_id, h.changed_at);
  const active = await activeUserIds(q, collectors);
  const off = await usersOptedOut(q, collectors, 'standard_status', 'site');
  const told = collectors.filter((id) => active.has(id) && !off.has(id));
  await queueStatusChange(q, h, fanOut);
  return insertMessageToEach(
    q,
    told,
    { kind: 'standard_status', title: m.title, body: m.body, link: m.link, refType: 'standard', refId: h.standard_id },
    (userId) => `status:${h.id}:${userId}`,
  );
}

/**
 * The alerts of one status change, inside the transaction that recorded it (the catalogue editor's
 * change): the job below cannot see the row before it commits, and sees it dispatched after, so the
 * count returned is exactly the number of collectors told, whatever else runs at the same moment.
 */
export async function alertStatusChange(q: Query, historyId: number): Promise<number> {
  if (!(await tableExists(q, 'collections'))) return 0;
  const h = await undispatchedStatusChange(q, historyId);
  if (!h) return 0;
  const sent = await alertCollectors(q, h);
  await markStatusChangesDispatched(q, [h.id]);
  return sent;
}

/**
 * Sends one message per (status-history row, user who collected that standard before the change).
 * Each message carries the dedupe key status:<historyId>:<userId>, so a rerun, or a second
 * instance running at the same moment, inserts nothing twice; rows are then marked dispatched so
 * later runs skip them. New records (no old status) alert nobody. Returns the counts.
 */
export async function dispatchStatusAlerts(
  db: Database,
  batchSize = 500,
  chunkUsers = chunkSizes(db).fanOutUsers,
): Promise<{ processed: number; sent: number }> {
  const q: Query = (text, params) => db.query(text, params);
  // Collections are another module's table; before it exists nobody can have collected anything.
  if (!(await tableExists(q, 'collections'))) return { processed: 0, sent: 0 };
  let processed = 0;
  let sent = 0;
  for (;;) {
    const rows = await undispatchedStatusChanges(q, batchSize);
    if (rows.length === 0) break;
    for (const h of rows) sent += await asFanOut(() => alertCollectors(q, h, { chunkUsers, pause: () => betweenChunks(db) }));
    await markStatusChangesDispatched(
      q,
      rows.map((r) => r.id),
    );
    processed += rows.length;
    if (rows.length < batchSize) break;
  }
  return { processed, sent };
}
