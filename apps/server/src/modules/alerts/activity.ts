import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';

export const REMINDER_WINDOW_MS = 24 * 3600_000;
const DAY_MS = 86_400_000;

interface Row {
  user_id: number;
  item_id: number;
  title: string;
  start_at: string;
  place: string | null;
}

/** "2025-06-01 14:30" in China Standard Time (UTC+8, no daylight saving). */
export function cstMinute(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Reminds every user with a live sign-up of an activity that starts within the next 24 hours,
 * once per (activity, user): dedupe key activity:<itemId>:<userId>.
 */
export async function dispatchActivityReminders(db: Database, now = clock.now()): Promise<{ sent: number }> {
  // startAt is free-form ISO text in attrs; a date-prefix window keeps the scan small and casts
  // nothing in SQL (a malformed value must not break the job), the exact test happens below.
  const from = new Date(now - DAY_MS).toISOString().slice(0, 10);
  const to = new Date(now + 2 * DAY_MS).toISOString().slice(0, 10);
  const rows = await db.query<Row>(
    `select a.user_id, p.id as item_id, p.title, p.attrs->>'startAt' as start_at, p.attrs->>'place' as place
       from applications a
       join portal_items p on p.id = a.ref_id and p.section = 'activity' and p.status = 'published'
       join users u on u.id = a.user_id and u.status = 'active'
      where a.kind = 'activity' and a.status in ('submitted', 'accepted', 'reviewing', 'approved')
        and left(p.attrs->>'startAt', 10) between $1 and $2
        and not exists (select 1 from messages m where m.dedupe_key = 'activity:' || p.id::text || ':' || a.user_id::text)`,
    [from, to],
  );
  let sent = 0;
  for (const r of rows) {
    const start = Date.parse(r.start_at);
    if (Number.isNaN(start) || start <= now || start - now > REMINDER_WINDOW_MS) continue;
    const inserted = await db.query(
      `insert into messages (user_id, kind, title, body, link, ref_type, ref_id, dedupe_key)
       values ($1, 'activity', $2, $3, $4, 'activity', $5, $6) on conflict (dedupe_key) do nothing returning 1`,
      [
        r.user_id,
        `活动即将开始：${r.title}`,
        `您报名的活动「${r.title}」将于 ${cstMinute(start)}（北京时间）开始${r.place ? `，地点：${r.place}` : ''}。请合理安排时间，准时参加。`,
        `/activity-detail?id=${r.item_id}`,
        r.item_id,
        `activity:${r.item_id}:${r.user_id}`,
      ],
    );
    sent += inserted.length;
  }
  return { sent };
}
