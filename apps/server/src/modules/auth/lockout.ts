import type { FastifyInstance } from 'fastify';
import { clock } from '../../lib/clock.ts';
import { tooMany } from '../../lib/envelope.ts';
import { AuthMessages } from './messages.ts';
import { iso } from '../../lib/iso.ts';

export const LOCK_THRESHOLD = 5;
export const LOCK_WINDOW_MIN = 15;
export const LOCK_DURATION_SEC = 15 * 60;

const lockKey = (userId: number) => `lock:user:${userId}`;

/** Password login of a locked account is refused whatever the password (docs/product.md §11). */
export async function assertNotLocked(app: FastifyInstance, userId: number): Promise<void> {
  if ((await app.ephemeral.get(lockKey(userId))) !== null) throw tooMany(AuthMessages.locked);
}

/** Records a wrong password; the 5th within 15 minutes locks password login for 15 minutes. */
export async function recordFailure(app: FastifyInstance, userId: number, ip: string): Promise<void> {
  const now = clock.now();
  await app.db.query('insert into login_failures (user_id, ip, failed_at) values ($1, $2, $3)', [userId, ip, iso(now)]);
  const rows = await app.db.query<{ n: number }>(
    'select count(*)::int as n from login_failures where user_id = $1 and failed_at > $2',
    [userId, iso(now - LOCK_WINDOW_MIN * 60_000)],
  );
  if ((rows[0]?.n ?? 0) >= LOCK_THRESHOLD) {
    await app.ephemeral.set(lockKey(userId), '1', LOCK_DURATION_SEC);
    // The lock now counts the time; old failures must not re-lock the account the moment it ends.
    await clearFailures(app, userId, false);
  }
}

export async function clearFailures(app: FastifyInstance, userId: number, unlock = true): Promise<void> {
  await app.db.query('delete from login_failures where user_id = $1', [userId]);
  if (unlock) await app.ephemeral.del(lockKey(userId));
}
