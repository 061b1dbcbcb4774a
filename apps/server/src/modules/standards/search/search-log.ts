import { countCreatedSince, createdPerDay } from '../../../db/recent.ts';
import type { Database } from '../../../db/client.ts';

const QUERY_MAX = 100;
/** Entries waiting beyond this are dropped (and counted): statistics must never hold up or exhaust the server. */
const PENDING_MAX = 20_000;

/** The "found nothing" key: NFKC, lower case, trimmed (so `ＧＢＴ` and `gbt` count as one). */
export const missKey = (keyword: string) => keyword.normalize('NFKC').trim().toLowerCase().slice(0, QUERY_MAX);

/**
 * Search statistics (the dashboard's searches and top queries, the operators' "found nothing" list),
 * written in groups. Each search used to cost an INSERT (and a zero-result one an awaited upsert of one
 * hot row) on the request path: at a thousand searches a second that is a thousand commits competing
 * with the searches themselves. Now one write is in flight at a time; what arrives meanwhile goes into
 * the next one, so a quiet server still writes at once and a busy one writes one statement per group.
 * Failures never reach the searcher. `flush()` waits until what was recorded so far is written (the
 * operators' list calls it, so a search is in it as soon as the list is read from the same instance).
 */
export class SearchLog {
  private searches: { query: string; results: number }[] = [];
  private misses = new Map<string, number>();
  private writing?: Promise<void>;
  dropped = 0;

  constructor(private readonly db: Database) {}

  /** A first page of a keyword search and its total. */
  search(query: string | undefined, results: number) {
    const q = query?.trim().slice(0, QUERY_MAX);
    if (!q) return;
    if (this.searches.length >= PENDING_MAX) {
      this.dropped++;
      return;
    }
    this.searches.push({ query: q, results });
    this.kick();
  }

  /** A keyword that found nothing. */
  miss(keyword: string) {
    const q = missKey(keyword);
    if (!q) return;
    if (!this.misses.has(q) && this.misses.size >= PENDING_MAX) {
      this.dropped++;
      return;
    }
    this.misses.set(q, (this.misses.get(q) ?? 0) + 1);
    this.kick();
  }

  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private kick() {
    if (!this.writing) this.writing = this.drain().finally(() => (this.writing = undefined));
  }

  private async drain() {
    while (this.searches.length || this.misses.size) {
      const searches = this.searches;
      const misses = this.misses;
      this.searches = [];
      this.misses = new Map();
      await Promise.all([this.writeSearches(searches), this.writeMisses(misses)]).catch(() => undefined);
    }
  }

  private async writeSearches(rows: { query: string; results: number }[]) {
    if (!rows.length) return;
    await this.db.query('insert into search_log (query, results) select * from unnest($1::text[], $2::int[])', [
      rows.map((r) => r.query),
      rows.map((r) => r.results),
    ]);
  }

  private async writeMisses(counts: Map<string, number>) {
    if (!counts.size) return;
    await this.db.query(
      `insert into search_misses (query, hits) select * from unnest($1::text[], $2::int[])
       on conflict (query) do update set hits = search_misses.hits + excluded.hits, last_at = now()`,
      [[...counts.keys()], [...counts.values()]],
    );
  }
}

/** Searches recorded in the last `days` days (the console dashboard's figure). */
export async function countSearchesSince(db: Database, days: number): Promise<number> {
  return countCreatedSince(db, 'from search_log', days);
}

/** Searches per day (Asia/Shanghai) over the last `days` days; days without any are left out. */
export async function searchesPerDay(db: Database, days: number): Promise<{ day: string; count: number }[]> {
  return createdPerDay(db, 'from search_log', days);
}

/** The ten most frequent queries of the last `days` days (with `zeroOnly`, those that found nothing). */
export async function topSearchQueries(
  db: Database,
  days: number,
  zeroOnly: boolean,
): Promise<{ query: string; count: number }[]> {
  return db.query<{ query: string; count: number }>(
    `select query, count(*)::int as count from search_log
      where created_at >= now() - make_interval(days => $1) ${zeroOnly ? 'and results = 0' : ''}
      group by query order by count desc, query limit 10`,
    [days],
  );
}
