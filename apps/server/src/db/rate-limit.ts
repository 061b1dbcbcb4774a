import type { EphemeralStore } from './ephemeral.ts';
import { tooMany } from '../lib/envelope.ts';

/**
 * Counts one hit in a fixed window and throws code 429 with `message` once `limit` is exceeded.
 * Windows live in the ephemeral store, so the limit holds across instances.
 */
export async function limitHit(store: EphemeralStore, key: string, limit: number, windowSec: number, message: string) {
  const count = await store.incr(`rl:${key}`, windowSec);
  if (count > limit) throw tooMany(message);
  return count;
}

/** China Standard Time calendar day (UTC+8, no DST), for "per day" limits. */
export function cstDay(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Seconds left until the end of that CST day, plus a margin, as the TTL of a daily counter. */
export function secondsToCstMidnight(ms: number): number {
  const dayMs = 86_400_000;
  const shifted = ms + 8 * 3600_000;
  return Math.ceil((dayMs - (shifted % dayMs)) / 1000) + 60;
}
