import crypto from 'node:crypto';
import type { Database, Query } from '../../db/client.ts';

export type AlertKind = 'standard_status';
export type AlertChannel = 'email';

export interface Preference {
  kind: AlertKind;
  channel: AlertChannel;
  enabled: boolean;
}

/** Every (kind, channel) there is; email is off until the user turns it on (opt-in, issue 27). */
const ALL: Array<Omit<Preference, 'enabled'>> = [{ kind: 'standard_status', channel: 'email' }];

export async function preferencesOf(q: Query, userId: number): Promise<Preference[]> {
  const rows = await q<Preference>('select kind, channel, enabled from alert_preferences where user_id = $1', [userId]);
  return ALL.map((p) => ({ ...p, enabled: rows.find((r) => r.kind === p.kind && r.channel === p.channel)?.enabled ?? false }));
}

/** Turns one (kind, channel) on or off; the row's unsubscribe token is made once and kept. */
export async function setPreference(db: Database, userId: number, p: Preference): Promise<void> {
  await db.query(
    `insert into alert_preferences (user_id, kind, channel, enabled, unsubscribe_token) values ($1, $2, $3, $4, $5)
     on conflict (user_id, kind, channel) do update set enabled = excluded.enabled, updated_at = now()`,
    [userId, p.kind, p.channel, p.enabled, crypto.randomBytes(24).toString('base64url')],
  );
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
