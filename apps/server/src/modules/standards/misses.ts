import type { Database } from '../../db/client.ts';

const QUERY_MAX = 100;

/** Counts a keyword that found nothing (operators' "found nothing" list); case and width folded. */
export async function recordMiss(db: Database, keyword: string) {
  const q = keyword.normalize('NFKC').trim().toLowerCase().slice(0, QUERY_MAX);
  if (!q) return;
  await db.query(
    `insert into search_misses (query) values ($1)
     on conflict (query) do update set hits = search_misses.hits + 1, last_at = now()`,
    [q],
  );
}

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
