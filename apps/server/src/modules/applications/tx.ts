import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** `$1…$n` placeholders of raw SQL turned into a drizzle SQL chunk with bound parameters. */
function toSql(text: string, params: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    chunks.push(sql`${sql.param(params[Number(m[1]) - 1])}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/**
 * Runs fn in one transaction on either engine (drizzle holds one pooled connection on PostgreSQL;
 * PGlite serialises transactions). Row locks taken inside hold until fn returns.
 */
export async function withTransaction<T>(db: Database, fn: (q: Query) => Promise<T>): Promise<T> {
  return db.orm.transaction(async (tx) => {
    const q: Query = async <R>(text: string, params: unknown[] = []) => {
      const res = (await tx.execute(toSql(text, params))) as unknown as { rows: R[] };
      return res.rows;
    };
    return fn(q);
  });
}

/** PostgreSQL's SQLSTATE of an error from either driver, unwrapping drizzle's query error. */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}
export const UNIQUE_VIOLATION = '23505';
