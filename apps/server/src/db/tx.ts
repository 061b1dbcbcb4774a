import type { Database, Query } from './client.ts';

export type { Query } from './client.ts';

/**
 * Runs fn in one transaction on either engine (one pooled connection on PostgreSQL; PGlite
 * serialises transactions). Row locks taken inside hold until fn returns; a throw rolls back.
 */
export function withTransaction<T>(db: Database, fn: (q: Query) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/** PostgreSQL's SQLSTATE of an error from either driver. */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}
export const UNIQUE_VIOLATION = '23505';

/** Whether a table exists (optional features check before they touch a table). */
export async function tableExists(q: Query, name: string): Promise<boolean> {
  const rows = await q<{ t: string | null }>('select to_regclass($1)::text as t', [`public.${name}`]);
  return rows[0]?.t != null;
}
