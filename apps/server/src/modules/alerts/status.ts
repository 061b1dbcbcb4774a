import { standardStatusLabel } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { tableExists, type Query } from '../../db/tx.ts';

interface HistoryRow {
  id: number;
  standard_id: number;
  old_status: string | null;
  new_status: string;
  changed_at: string;
  standard_no: string;
  name_zh: string;
  replaced_by: string | null;
}

const label = standardStatusLabel;

export function statusMessage(h: HistoryRow) {
  const replacement = h.replaced_by ? `，代替标准为 ${h.replaced_by}` : '';
  return {
    title: `收藏的标准状态变更：${h.standard_no}`,
    body:
      `您收藏的标准 ${h.standard_no} ${h.name_zh} 状态已由「${label(h.old_status ?? '')}」变为「${label(h.new_status)}」${replacement}。` +
      '请点击查看标准详情。',
    link: `/standard-detail?id=${h.standard_id}`,
  };
}

const HISTORY_SELECT = `select h.id::int as id, h.standard_id::int as standard_id, h.old_status, h.new_status,
         h.changed_at::text as changed_at, s.standard_no, s.name_zh,
         (select n.standard_no from standard_relations r join standards n on n.id = r.standard_id
           where (r.related_id = s.id or r.related_no_key = s.no_key) and r.kind in ('replaces', 'partially_replaces')
           order by n.publish_date desc nulls last, n.id desc limit 1) as replaced_by
    from standard_status_history h join standards s on s.id = h.standard_id`;

/** Messages for one history row: one per active user who collected the standard before the change. */
async function alertCollectors(q: Query, h: HistoryRow): Promise<number> {
  if (h.old_status === null || h.old_status === h.new_status) return 0;
  const m = statusMessage(h);
  const inserted = await q(
    `insert into messages (user_id, kind, title, body, link, ref_type, ref_id, dedupe_key)
     select c.user_id, 'standard_status', $1, $2, $3, 'standard', $4::bigint, 'status:' || $5::text || ':' || c.user_id::text
       from collections c join users u on u.id = c.user_id and u.status = 'active'
      where c.item_type = 'standard' and c.item_id = $4::int and c.created_at <= $6::timestamptz
     on conflict (dedupe_key) do nothing returning 1`,
    [m.title, m.body, m.link, h.standard_id, String(h.id), h.changed_at],
  );
  return inserted.length;
}

const markDispatched = (q: Query, ids: number[]) =>
  q('update standard_status_history set dispatched_at = now() where id = any($1::bigint[]) and dispatched_at is null', [ids]);

/**
 * The alerts of one status change, inside the transaction that recorded it (the catalogue editor's
 * change): the job below cannot see the row before it commits, and sees it dispatched after, so the
 * count returned is exactly the number of collectors told, whatever else runs at the same moment.
 */
export async function alertStatusChange(q: Query, historyId: number): Promise<number> {
  if (!(await tableExists(q, 'collections'))) return 0;
  const [h] = await q<HistoryRow>(`${HISTORY_SELECT} where h.id = $1 and h.dispatched_at is null`, [historyId]);
  if (!h) return 0;
  const sent = await alertCollectors(q, h);
  await markDispatched(q, [h.id]);
  return sent;
}

/**
 * Sends one message per (status-history row, user who collected that standard before the change).
 * Each message carries the dedupe key status:<historyId>:<userId>, so a rerun, or a second
 * instance running at the same moment, inserts nothing twice; rows are then marked dispatched so
 * later runs skip them. New records (no old status) alert nobody. Returns the counts.
 */
export async function dispatchStatusAlerts(db: Database, batchSize = 500): Promise<{ processed: number; sent: number }> {
  const q: Query = (text, params) => db.query(text, params);
  // Collections are another module's table; before it exists nobody can have collected anything.
  if (!(await tableExists(q, 'collections'))) return { processed: 0, sent: 0 };
  let processed = 0;
  let sent = 0;
  for (;;) {
    const rows = await q<HistoryRow>(`${HISTORY_SELECT} where h.dispatched_at is null order by h.id limit $1`, [batchSize]);
    if (rows.length === 0) break;
    for (const h of rows) sent += await alertCollectors(q, h);
    await markDispatched(
      q,
      rows.map((r) => r.id),
    );
    processed += rows.length;
    if (rows.length < batchSize) break;
  }
  return { processed, sent };
}
