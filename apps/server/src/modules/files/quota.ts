import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { forbidden, tooMany } from '../../lib/envelope.ts';
import { cstDay } from '../../db/rate-limit.ts';
import type { AuthUser } from '../../lib/principal.ts';

/** docs/product.md §6: certified enterprises download at most 30 files a day (training files and full texts together). */
export const DAILY_DOWNLOADS = 30;
export const QuotaMessages = {
  notCertified: '完成企业认证后方可下载',
  exhausted: `今日下载次数已达上限（每日${DAILY_DOWNLOADS}次），请明天再试`,
} as const;

/**
 * Takes one download from the user's daily allowance, or throws 403 (not certified) / 429 (used up).
 * The conditional upsert is a single statement, so concurrent downloads never pass the limit.
 */
export async function consumeDownload(
  db: Database,
  user: AuthUser | null,
  kind: string,
  ref: string,
): Promise<{ used: number; left: number }> {
  if (!user?.certified) throw forbidden(QuotaMessages.notCertified);
  const day = cstDay(clock.now());
  const rows = await db.query<{ used: number }>(
    `insert into download_quota (user_id, day, used) values ($1, $2, 1)
     on conflict (user_id, day) do update set used = download_quota.used + 1 where download_quota.used < $3
     returning used`,
    [user.id, day, DAILY_DOWNLOADS],
  );
  if (!rows[0]) throw tooMany(QuotaMessages.exhausted);
  await db.query('insert into download_log (user_id, kind, ref) values ($1, $2, $3)', [user.id, kind, ref]);
  return { used: rows[0].used, left: DAILY_DOWNLOADS - rows[0].used };
}
