import type { Database } from '../../../db/client.ts';
import { paged } from '../../../db/paged.ts';

/** The operators' "found nothing" list (written by SearchLog in search-log.ts). */
export async function listMisses(db: Database, page: number, size: number) {
  return paged<{ query: string; hits: number; firstAt: string; lastAt: string }>(
    db,
    {
      count: 'search_misses',
      select: 'select query, hits, first_at::text as "firstAt", last_at::text as "lastAt" from search_misses',
      where: 'true',
      order: 'hits desc, last_at desc, query',
    },
    [],
    { page, size },
  );
}
