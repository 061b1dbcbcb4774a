import type { Database } from '../../../db/client.ts';

/** The operators' "found nothing" list (written by SearchLog in search-log.ts). */
export async function listMisses(db: Database, page: number, size: number) {
  const [rows, total] = await Promise.all([
    db.query<{ query: string; hits: number; firstAt: string; lastAt: string }>(
      `select query, hits, first_at::text as "firstAt", last_at::text as "lastAt" from search_misses
       order by hits desc, last_at desc, query limit $1 offset $2`,
      [size, (page - 1) * size],
    ),
    db.query<{ n: number }>('select count(*)::int as n from search_misses'),
  ]);
  return { total: total[0]?.n ?? 0, list: rows, page, size };
}
