// owns tables: audit_log
/** The audit log: who did what in the console, written inside the acting module's transaction (/api/admin/audit-log). */
import type { z } from 'zod';
import type { AuditQuery } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import type { Query } from '../../db/tx.ts';

export interface AuditEntry {
  actorId: number | null;
  /** dotted verb, e.g. certification.approve, application.rejected, user.status, account.delete */
  action: string;
  targetType: string;
  targetId: number | null;
  detail?: Record<string, unknown>;
}

/** The database as a Query, for an audit row outside a transaction. */
export const dbQuery =
  (db: Database): Query =>
  (text, params) =>
    db.query(text, params);

/** One audit row, written through `q` so it commits (or not) with the change it records. */
export async function writeAudit(q: Query, e: AuditEntry): Promise<void> {
  await q('insert into audit_log (actor_id, action, target_type, target_id, detail) values ($1, $2, $3, $4, $5::jsonb)', [
    e.actorId,
    e.action,
    e.targetType,
    e.targetId,
    JSON.stringify(e.detail ?? {}),
  ]);
}

interface Row {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  detail: Record<string, unknown>;
  created_at: Date | string;
}

/**
 * Filters: person (id, or name/mobile fragment), object (type, id), action, date range (Asia/Shanghai days).
 * `userJoin` is the auth module's join of the users as `<alias>` on `<alias>.id = <idSql>` (username, mobile).
 */
export async function listAudit(
  db: Database,
  f: z.output<typeof AuditQuery>,
  userJoin: (alias: string, idSql: string) => string,
) {
  const params: unknown[] = [];
  const where: string[] = ['true'];
  if (f.action) where.push(`a.action like $${params.push(`${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  if (f.targetType) where.push(`a.target_type = $${params.push(f.targetType)}`);
  if (f.targetId) where.push(`a.target_id = $${params.push(f.targetId)}`);
  if (f.actorId) where.push(`a.actor_id = $${params.push(f.actorId)}`);
  if (f.actor) {
    const p = params.push(f.actor.replace(/[\\%_]/g, (c) => `\\${c}`));
    where.push(`(u.username ilike '%' || $${p} || '%' or u.mobile = $${p})`);
  }
  if (f.from) where.push(`a.created_at >= ($${params.push(f.from)}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (f.to) where.push(`a.created_at < ($${params.push(f.to)}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
  const from = `audit_log a ${userJoin('u', 'a.actor_id')}`;
  const sql = {
    count: from,
    select: `select a.id, a.actor_id, u.username as actor_name, a.action, a.target_type, a.target_id::text as target_id, a.detail,
       a.created_at from ${from}`,
    where: where.join(' and '),
    order: 'a.created_at desc, a.id desc',
  };
  return paged(db, sql, params, f, (r: Row) => ({
    id: r.id,
    actorId: r.actor_id,
    actorName: r.actor_name,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id === null ? null : Number(r.target_id),
    detail: r.detail,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The fields of `after` that differ from `before`, as { field: [before, after] } for the audit detail. */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of Object.keys(after)) {
    const a = before[k] ?? null;
    const b = after[k] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) out[k] = [a, b];
  }
  return out;
}
