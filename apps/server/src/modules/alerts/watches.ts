import type { WatchKind, WatchT } from '@zs/shared/api/alerts';
import type { Database, Query } from '../../db/client.ts';
import { watchableStandards } from '../standards/index.ts';

/** A user's watch list is bounded: each row is matched against every new standard. */
export const WATCH_LIMIT = 200;

interface Row {
  id: number;
  kind: WatchKind;
  value: string;
  label: string | null;
  created_at: Date | string;
}
const toWatch = (r: Row): WatchT => ({
  id: r.id,
  kind: r.kind,
  value: r.value,
  label: r.label,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * The stored form of a value, so matching is a plain comparison (matching.ts): series and CCS upper-case without
 * spaces, the rest trimmed with inner runs of spaces made one.
 */
export function normaliseWatch(kind: WatchKind, value: string): string {
  const v = value.trim().replace(/\s+/g, ' ');
  return kind === 'series' || kind === 'ccs' ? v.replace(/\s/g, '').toUpperCase() : v;
}

export async function watchesOf(q: Query, userId: number): Promise<WatchT[]> {
  const rows = await q<Row>(
    'select id::int as id, kind, value, label, created_at from alert_watches where user_id = $1 order by kind, created_at desc, id desc',
    [userId],
  );
  return rows.map(toWatch);
}

export type AddWatchResult = { ok: true; watch: WatchT } | { ok: false; reason: string };

/** Adds one watch (adding it again answers the existing row); a standard must exist. */
export async function addWatch(db: Database, userId: number, kind: WatchKind, raw: string): Promise<AddWatchResult> {
  const q: Query = (t, p) => db.query(t, p);
  const value = normaliseWatch(kind, raw);
  let label: string | null = null;
  let noBase: string | null = null;
  if (kind === 'standard') {
    const [s] = await watchableStandards(q, [Number(value)]);
    if (!s) return { ok: false, reason: '标准不存在' };
    label = `${s.standard_no} ${s.name_zh}`;
    noBase = s.no_base;
  }
  const [count] = await q<{ n: number }>('select count(*)::int as n from alert_watches where user_id = $1', [userId]);
  const [existing] = await q<Row>(
    'select id::int as id, kind, value, label, created_at from alert_watches where user_id = $1 and kind = $2 and value = $3',
    [userId, kind, value],
  );
  if (existing) return { ok: true, watch: toWatch(existing) };
  if ((count?.n ?? 0) >= WATCH_LIMIT) return { ok: false, reason: `最多关注 ${WATCH_LIMIT} 项，请先取消一些` };
  const [row] = await q<Row>(
    `insert into alert_watches (user_id, kind, value, label, no_base) values ($1, $2, $3, $4, $5)
     on conflict (user_id, kind, value) do update set label = coalesce(excluded.label, alert_watches.label)
     returning id::int as id, kind, value, label, created_at`,
    [userId, kind, value, label, noBase],
  );
  return { ok: true, watch: toWatch(row!) };
}

export async function removeWatch(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from alert_watches where id = $1 and user_id = $2 returning id', [id, userId]);
  return rows.length > 0;
}
