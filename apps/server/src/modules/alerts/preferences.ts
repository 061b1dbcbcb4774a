import crypto from 'node:crypto';
import { ALERT_CHANNELS, ALERT_KINDS } from '@zs/shared/api/alerts';
import type { Database, Query } from '../../db/client.ts';

export type AlertKind = (typeof ALERT_KINDS)[number];
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export type Cadence = 'immediate' | 'daily' | 'weekly';

export interface Preference {
  kind: AlertKind;
  channel: AlertChannel;
  enabled: boolean;
  cadence?: Cadence;
}

/**
 * Every (kind, channel) there is: SMS only for status changes (issue 27). Without a row, in-site messages are on and
 * email and SMS off (opt-in); the set-based matching (matching.ts) applies the same default in SQL.
 */
// Email first: the first entry stays the status-change mail the settings page has always shown.
const CHANNEL_ORDER: AlertChannel[] = ['email', ...ALERT_CHANNELS.filter((c) => c !== 'email')];
const ALL: Array<Omit<Preference, 'enabled'>> = ALERT_KINDS.flatMap((kind) =>
  CHANNEL_ORDER.filter((channel) => channel !== 'sms' || kind === 'standard_status').map((channel) => ({ kind, channel })),
);
export const defaultEnabled = (channel: AlertChannel) => channel === 'site';

export async function preferencesOf(q: Query, userId: number): Promise<Preference[]> {
  const rows = await q<Preference>('select kind, channel, enabled, cadence from alert_preferences where user_id = $1', [userId]);
  return ALL.map((p) => {
    const row = rows.find((r) => r.kind === p.kind && r.channel === p.channel);
    return { ...p, enabled: row?.enabled ?? defaultEnabled(p.channel), cadence: row?.cadence ?? 'immediate' };
  });
}

/**
 * Turns one (kind, channel) on or off, with its cadence (email only; unchanged when not given); the row's
 * unsubscribe token is made once and kept.
 */
export async function setPreference(db: Database, userId: number, p: Preference): Promise<void> {
  await db.query(
    `insert into alert_preferences (user_id, kind, channel, enabled, unsubscribe_token, cadence)
     values ($1, $2, $3, $4, $5, coalesce($6, 'immediate'))
     on conflict (user_id, kind, channel) do update
       set enabled = excluded.enabled, cadence = coalesce($6, alert_preferences.cadence), updated_at = now()`,
    [userId, p.kind, p.channel, p.enabled, crypto.randomBytes(24).toString('base64url'), p.cadence ?? null],
  );
}

/** 即将实施: the days before implementation this user is told (default 7). */
export async function leadDaysOf(q: Query, userId: number): Promise<number[]> {
  const [row] = await q<{ lead_days: number[] }>('select lead_days from alert_user_settings where user_id = $1', [userId]);
  return row?.lead_days ?? [7];
}
export async function setLeadDays(db: Database, userId: number, days: number[]): Promise<number[]> {
  const sorted = [...new Set(days)].sort((a, b) => b - a);
  await db.query(
    `insert into alert_user_settings (user_id, lead_days) values ($1, $2::smallint[])
     on conflict (user_id) do update set lead_days = excluded.lead_days, updated_at = now()`,
    [userId, sorted],
  );
  return sorted;
}

/** Of these users, those who turned `kind` off for `channel` (in-site messages are on unless turned off). */
export async function usersOptedOut(q: Query, userIds: number[], kind: AlertKind, channel: AlertChannel): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await q<{ user_id: number }>(
    `select user_id from alert_preferences where user_id = any($1::int[]) and kind = $2 and channel = $3 and not enabled`,
    [userIds, kind, channel],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Of these users, those who want `kind` by `channel`. */
export async function usersWanting(q: Query, userIds: number[], kind: AlertKind, channel: AlertChannel): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await q<{ user_id: number }>(
    `select user_id from alert_preferences where user_id = any($1::int[]) and kind = $2 and channel = $3 and enabled`,
    [userIds, kind, channel],
  );
  return rows.map((r) => r.user_id);
}

/** The unsubscribe token of a wanted (user, kind, channel), or null when it is off (then nothing is sent). */
export async function unsubscribeTokenOf(q: Query, userId: number, kind: string, channel: string): Promise<string | null> {
  const [row] = await q<{ unsubscribe_token: string }>(
    'select unsubscribe_token from alert_preferences where user_id = $1 and kind = $2 and channel = $3 and enabled',
    [userId, kind, channel],
  );
  return row?.unsubscribe_token ?? null;
}

/**
 * The unsubscribe tokens of many wanted (user, kind) pairs of one channel in one query (the mail worker's batch),
 * keyed `${user}:${kind}`; a pair turned off is absent.
 */
export async function unsubscribeTokensOf(
  q: Query,
  pairs: Array<{ userId: number; kind: string }>,
  channel: string,
): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const rows = await q<{ user_id: number; kind: string; unsubscribe_token: string }>(
    `select p.user_id, p.kind, p.unsubscribe_token
       from unnest($1::int[], $2::text[]) as x (user_id, kind)
       join alert_preferences p on p.user_id = x.user_id and p.kind = x.kind and p.channel = $3 and p.enabled`,
    [pairs.map((x) => x.userId), pairs.map((x) => x.kind), channel],
  );
  return new Map(rows.map((r) => [`${r.user_id}:${r.kind}`, r.unsubscribe_token]));
}

/** The preference an unsubscribe token names and whether it is on; null for an unknown token. Changes nothing. */
export async function unsubscribeTarget(
  q: Query,
  token: string,
): Promise<{ kind: AlertKind; channel: AlertChannel; enabled: boolean } | null> {
  const [row] = await q<{ kind: AlertKind; channel: AlertChannel; enabled: boolean }>(
    'select kind, channel, enabled from alert_preferences where unsubscribe_token = $1',
    [token],
  );
  return row ?? null;
}

/** The one-click unsubscribe (no login: the token names exactly one row). Repeating it is harmless. */
export async function unsubscribe(db: Database, token: string): Promise<{ kind: AlertKind; channel: AlertChannel } | null> {
  const [row] = await db.query<{ kind: AlertKind; channel: AlertChannel }>(
    'update alert_preferences set enabled = false, updated_at = now() where unsubscribe_token = $1 returning kind, channel',
    [token],
  );
  return row ?? null;
}
