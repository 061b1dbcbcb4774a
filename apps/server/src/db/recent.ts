import type { Database } from './client.ts';

// The dashboard's figures over a window of days, for any table with a `created_at`. The caller names its own
// table in `source` (`from applications`), so the SQL that names a table stays in the module that owns it.

/** Rows created in the last `days` days. */
export async function countCreatedSince(db: Database, source: string, days: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n ${source} where created_at >= now() - make_interval(days => $1)`,
    [days],
  );
  return r!.n;
}

/** Rows created per day (Asia/Shanghai) over the last `days` days; days without any are left out. */
export function createdPerDay(db: Database, source: string, days: number): Promise<{ day: string; count: number }[]> {
  return db.query<{ day: string; count: number }>(
    `select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*)::int as count ${source}
      where created_at >= now() - make_interval(days => $1) group by 1`,
    [days],
  );
}
