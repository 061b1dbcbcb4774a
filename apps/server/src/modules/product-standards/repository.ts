import type { Database, Query } from '../../db/client.ts';

export interface LineRow {
  id: number;
  line: string;
  product_name: string | null;
  standard_id: number | null;
  created_at: string;
}

/**
 * SQL yielding (user_id, standard_id) of the enterprises listing one of the standards `ids` (a SQL array
 * expression) among their product standards: the alerts' matching adds them as a watch source
 * (modules/alerts/matching.ts, decisions/0089). With `before`, only lines added by then.
 */
export const productStandardHoldersSql = (ids: string, before?: string) =>
  `select distinct user_id, standard_id from enterprise_product_standards
    where standard_id = any(${ids})` + (before ? ` and created_at <= ${before}` : '');

export async function linesOf(db: Database, userId: number): Promise<LineRow[]> {
  return db.query<LineRow>(
    `select id, line, product_name, standard_id::int as standard_id, created_at::text as created_at
       from enterprise_product_standards where user_id = $1 order by id`,
    [userId],
  );
}

export async function countLines(q: Query, userId: number): Promise<number> {
  const [r] = await q<{ n: number }>('select count(*)::int as n from enterprise_product_standards where user_id = $1', [userId]);
  return r?.n ?? 0;
}

/** Adds the lines the user does not list yet (same text and product); answers the ids added. */
export async function insertLines(
  q: Query,
  userId: number,
  productName: string | null,
  lines: Array<{ line: string; standardId: number | null }>,
): Promise<number[]> {
  const rows = await q<{ id: number }>(
    `insert into enterprise_product_standards (user_id, product_name, line, standard_id)
     select $1, $2, x.line, x.standard_id
       from jsonb_to_recordset($3::jsonb) as x (n int, line text, standard_id bigint)
      where not exists (select 1 from enterprise_product_standards e
                         where e.user_id = $1 and e.line = x.line and e.product_name is not distinct from $2)
      order by x.n
     returning id`,
    [userId, productName, JSON.stringify(lines.map((l, n) => ({ n, line: l.line, standard_id: l.standardId })))],
  );
  return rows.map((r) => r.id);
}

/** Account deletion: the enterprise's lines and its assigned town go with the account (inside its transaction). */
export async function deleteProductStandardsOf(q: Query, userId: number): Promise<void> {
  await q('delete from enterprise_product_standards where user_id = $1', [userId]);
  await q('delete from enterprise_towns where user_id = $1', [userId]);
}

export async function deleteLine(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from enterprise_product_standards where user_id = $1 and id = $2 returning id', [
    userId,
    id,
  ]);
  return rows.length > 0;
}

/** Every matched line of the given users: (user, standard, the lines as typed). */
export async function matchedLinesOf(
  db: Database,
  userIds: number[],
): Promise<Array<{ user_id: number; standard_id: number; lines: string[] }>> {
  if (!userIds.length) return [];
  return db.query(
    `select user_id, standard_id::int as standard_id, array_agg(line order by id) as lines
       from enterprise_product_standards where user_id = any($1::int[]) and standard_id is not null
      group by user_id, standard_id`,
    [userIds],
  );
}

/** Users with at least one matched line. */
export async function listingUsers(db: Database): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    'select distinct user_id from enterprise_product_standards where standard_id is not null',
  );
  return rows.map((r) => r.user_id);
}

export async function assignedTowns(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db.query<{ user_id: number; town_code: string }>(
    'select user_id, town_code from enterprise_towns where user_id = any($1::int[])',
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.town_code]));
}

export async function assignTown(db: Database, userId: number, townCode: string | null, by: number): Promise<void> {
  if (townCode === null) {
    await db.query('delete from enterprise_towns where user_id = $1', [userId]);
    return;
  }
  await db.query(
    `insert into enterprise_towns (user_id, town_code, assigned_by) values ($1, $2, $3)
     on conflict (user_id) do update set town_code = excluded.town_code, assigned_by = excluded.assigned_by,
       assigned_at = now()`,
    [userId, townCode, by],
  );
}
