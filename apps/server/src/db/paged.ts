import type { Database } from './client.ts';

export interface PagedSql {
  /** What is counted: `from` clause body, e.g. `users u` or `audit_log a left join users u on …`. */
  count: string;
  /** The rows: a full `select … from …` (joins included) that the condition, order and page are added to. */
  select: string;
  /** The filter, with `$n` placeholders for `params`. */
  where: string;
  order: string;
}

/** A page of a list as every list answer carries it. */
export interface Page<T> {
  total: number;
  page: number;
  size: number;
  list: T[];
}

/**
 * One page of a filtered list and the total it is part of: the count and the rows share the condition and
 * its parameters, the page goes in as the last two (every console and user-centre list). `view` maps each
 * row; without it the list holds the rows as read (for a caller that completes a whole page at once, e.g.
 * `{ ...page, list: await namesOf(page.list) }`).
 */
export async function paged<R>(
  db: Database,
  sql: PagedSql,
  params: unknown[],
  f: { page: number; size: number },
): Promise<Page<R>>;
export async function paged<R, V>(
  db: Database,
  sql: PagedSql,
  params: unknown[],
  f: { page: number; size: number },
  view: (r: R) => V,
): Promise<Page<V>>;
export async function paged<R, V>(
  db: Database,
  sql: PagedSql,
  params: unknown[],
  f: { page: number; size: number },
  view?: (r: R) => V,
): Promise<Page<R | V>> {
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from ${sql.count} where ${sql.where}`,
    params,
  )) as [{ total: number }];
  const rows = await db.query<R>(
    `${sql.select} where ${sql.where} order by ${sql.order} limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, f.size, (f.page - 1) * f.size],
  );
  return { total, page: f.page, size: f.size, list: view ? rows.map(view) : rows };
}
