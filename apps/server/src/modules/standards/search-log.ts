import type { Database } from '../../db/client.ts';

/** One row per public search with a keyword; failures never reach the searcher. */
export function logSearch(db: Database, query: string | undefined, results: number) {
  const q = query?.trim().slice(0, 100);
  if (!q) return;
  void db.query('insert into search_log (query, results) values ($1, $2)', [q, results]).catch(() => undefined);
}
