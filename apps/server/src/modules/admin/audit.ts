import type { Database } from '../../db/client.ts';
import type { Query } from '../applications/tx.ts';

export interface AuditEntry {
  actorId: number | null;
  /** dotted verb, e.g. certification.approve, application.rejected, user.status, account.delete */
  action: string;
  targetType: string;
  targetId: number | null;
  detail?: Record<string, unknown>;
}

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

export async function listAudit(
  db: Database,
  f: { action?: string; targetType?: string; actorId?: number; page: number; size: number },
) {
  const params: unknown[] = [];
  const where: string[] = ['true'];
  if (f.action) where.push(`a.action = $${params.push(f.action)}`);
  if (f.targetType) where.push(`a.target_type = $${params.push(f.targetType)}`);
  if (f.actorId) where.push(`a.actor_id = $${params.push(f.actorId)}`);
  const cond = where.join(' and ');
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from audit_log a where ${cond}`,
    params,
  )) as [{ total: number }];
  const rows = await db.query<Row>(
    `select a.id, a.actor_id, u.username as actor_name, a.action, a.target_type, a.target_id::text as target_id, a.detail, a.created_at
       from audit_log a left join users u on u.id = a.actor_id
      where ${cond} order by a.created_at desc, a.id desc
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, f.size, (f.page - 1) * f.size],
  );
  return {
    total,
    page: f.page,
    size: f.size,
    list: rows.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      actorName: r.actor_name,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id === null ? null : Number(r.target_id),
      detail: r.detail,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
