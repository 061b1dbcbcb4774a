import type { Database } from '../../../db/client.ts';

/** A catalogue record as the public Atom feeds show it (modules/feeds, docs/alerts.md). */
export interface FeedStandardRow {
  id: number;
  standard_no: string;
  name_zh: string;
  status: string;
  publish_date: string | null;
  implement_date: string | null;
  ccs_code: string | null;
  ics_code: string | null;
  issuer: string | null;
  /** When the record last changed: the entry's `updated`. */
  updated_at: string;
}

export interface FeedFilter {
  /** One series by its canonical prefix (`DB4420/T`, as normalizeStandardNo gives it). */
  prefix?: string;
  /** A CCS or ICS class: the code and everything under it. */
  ccs?: string;
  ics?: string;
}

const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';

function filterSql(f: FeedFilter, params: unknown[], alias: string): string[] {
  const where: string[] = [];
  if (f.prefix) where.push(`${alias}.no_prefix = $${params.push(f.prefix)}`);
  if (f.ccs) where.push(`${alias}.ccs_code like $${params.push(like(f.ccs))}`);
  if (f.ics) where.push(`${alias}.ics_code like $${params.push(like(f.ics))}`);
  return where;
}

const COLUMNS = (a: string) => `${a}.id::int as id, ${a}.standard_no, ${a}.name_zh, ${a}.status,
  ${a}.publish_date::text as publish_date, ${a}.implement_date::text as implement_date, ${a}.ccs_code, ${a}.ics_code,
  ${a}.issuer, ${a}.updated_at::text as updated_at`;

/** The newest records by publication date (the `standards_publish_idx` order), of a series or class if asked. */
export async function newStandardFeedRows(db: Database, f: FeedFilter, limit: number): Promise<FeedStandardRow[]> {
  const params: unknown[] = [];
  const where = filterSql(f, params, 's');
  return db.query<FeedStandardRow>(
    `select ${COLUMNS('s')} from standards s where s.publish_date is not null ${where.map((w) => `and ${w}`).join(' ')}
      order by s.publish_date desc nulls last, s.id desc limit $${params.push(limit)}`,
    params,
  );
}

export interface FeedStatusRow extends FeedStandardRow {
  history_id: number;
  old_status: string | null;
  new_status: string;
  changed_at: string;
  effective_date: string | null;
  reason: string | null;
  replaced_by_id: number | null;
  replaced_by_no: string | null;
  replaced_by_name: string | null;
}

/**
 * Recorded changes of a record's status (not its first entry into the catalogue), newest first, each with the
 * newest record that replaces it (the same rule as the collectors' alerts).
 */
export async function statusChangeFeedRows(db: Database, f: FeedFilter, limit: number): Promise<FeedStatusRow[]> {
  const params: unknown[] = [];
  const where = filterSql(f, params, 's');
  return db.query<FeedStatusRow>(
    `select ${COLUMNS('s')}, h.id::int as history_id, h.old_status, h.new_status, h.changed_at::text as changed_at,
            h.effective_date::text as effective_date, h.reason,
            rb.id::int as replaced_by_id, rb.standard_no as replaced_by_no, rb.name_zh as replaced_by_name
       from standard_status_history h join standards s on s.id = h.standard_id
       left join lateral (select n.id, n.standard_no, n.name_zh from standard_relations r join standards n on n.id = r.standard_id
              where (r.related_id = s.id or r.related_no_key = s.no_key) and r.kind in ('replaces', 'partially_replaces')
              order by n.publish_date desc nulls last, n.id desc limit 1) rb on true
      where h.old_status is not null and h.old_status <> h.new_status ${where.map((w) => `and ${w}`).join(' ')}
      order by h.changed_at desc, h.id desc limit $${params.push(limit)}`,
    params,
  );
}
