import { backgroundOf, type Database, type Query } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { liveActivitySignups } from '../applications/index.ts';
import { activeUserIds } from '../auth/index.ts';
import { insertMessage, sentDedupeKeys } from '../messages/index.ts';
import { activitiesStartingBetween } from '../portal/index.ts';

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
export async function dispatchActivityReminders(foreground: Database, now = clock.now()): Promise<{ sent: number }> {
  // Behind the requests' statements on PGlite (decisions/0096).
  const db = backgroundOf(foreground);
  // startAt is free-form ISO text in attrs; a date-prefix window keeps the scan small and casts
  // nothing in SQL (a malformed value must not break the job), the exact test happens below.
  const from = new Date(now - DAY_MS).toISOString().slice(0, 10);
  const to = new Date(now + 2 * DAY_MS).toISOString().slice(0, 10);
  const activities = new Map((await activitiesStartingBetween(db, from, to)).map((p) => [p.id, p]));
  // Live sign-ups of active users not reminded yet.
  const signups = await liveActivitySignups(db, [...activities.keys()]);
  const active = await activeUserIds(
    db,
    signups.map((a) => a.user_id),
  );
  const keyOf = (itemId: number, userId: number) => `activity:${itemId}:${userId}`;
  const reminded = await sentDedupeKeys(
    db,
    signups.map((a) => keyOf(a.activity_id, a.user_id)),
  );
  const rows: Row[] = signups
    .filter((a) => active.has(a.user_id) && !reminded.has(keyOf(a.activity_id, a.user_id)))
    .map((a) => {
      const p = activities.get(a.activity_id)!;
      return { user_id: a.user_id, item_id: p.id, title: p.title, start_at: p.start_at, place: p.place };
    });
  const q: Query = (text, params) => db.query(text, params);
  let sent = 0;
  for (const r of rows) {
    const start = Date.parse(r.start_at);
    if (Number.isNaN(start) || start <= now || start - now > REMINDER_WINDOW_MS) continue;
    const inserted = await insertMessage(q, {
      userId: r.user_id,
      kind: 'activity',
      title: `活动即将开始：${r.title}`,
      body: `您报名的活动「${r.title}」将于 ${cstMinute(start)}（北京时间）开始${r.place ? `，地点：${r.place}` : ''}。请合理安排时间，准时参加。`,
      link: `/activity-detail?id=${r.item_id}`,
      refType: 'activity',
      refId: r.item_id,
      dedupeKey: keyOf(r.item_id, r.user_id),
    });
    if (inserted) sent += 1;
  }
  return { sent };
}
