import type { z } from 'zod';
import {
  normalizeStandardNo,
  RELATION_LABELS,
  type AdminStandardDetail,
  type AdminStandardQuery,
  type RelationsBody,
  type StandardForm,
  type StatusChangeBody,
} from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/envelope.ts';
import { changesOf, writeAudit } from '../../audit/index.ts';
import { paged } from '../../../db/paged.ts';
import { withTransaction, type Query } from '../../../db/tx.ts';
import { likeLiteral } from './repository.ts';
import { validateRecord, type StandardInput } from '../import/validate.ts';
import { COLS } from '../import/prepare.ts';
import { iso } from '../../../lib/iso.ts';

type Form = z.output<typeof StandardForm>;
const today = () => new Date().toISOString().slice(0, 10);

/** The editable columns as the form names them, read back as text so both drivers answer alike. */
const FORM_FIELDS = COLS.filter(
  (c) => !['no_key', 'no_base', 'no_prefix', 'no_year', 'no_order', 'region_code', 'source_ref'].includes(c.name),
);
const SELECT_FORM = FORM_FIELDS.map((c) => `${c.name}${c.type === 'date' ? '::text' : ''} as "${c.field}"`).join(', ');

export async function listStandards(db: Database, f: z.output<typeof AdminStandardQuery>) {
  const params: unknown[] = [];
  const where = ['true'];
  if (f.keyword) {
    const key = normalizeStandardNo(f.keyword)?.key;
    const p = params.push(`%${likeLiteral(f.keyword)}%`);
    const byKey = key ? ` or no_key like $${params.push(`${likeLiteral(key)}%`)}` : '';
    where.push(`(standard_no ilike $${p} or name_zh ilike $${p}${byKey})`);
  }
  if (f.status) where.push(`status = $${params.push(f.status)}`);
  const sql = {
    count: 'standards',
    select:
      'select id::int as id, standard_no, name_zh, level, status, implement_date::text as implement_date, updated_at from standards',
    where: where.join(' and '),
    order: 'updated_at desc, id desc',
  };
  return paged(db, sql, params, f, (r: StandardListRow) => ({
    id: r.id,
    standardNo: r.standard_no,
    nameZh: r.name_zh,
    level: r.level,
    status: r.status,
    implementDate: r.implement_date,
    updatedAt: iso(r.updated_at)!,
  }));
}

interface StandardListRow {
  id: number;
  standard_no: string;
  name_zh: string;
  level: string;
  status: Form['status'] & string;
  implement_date: string | null;
  updated_at: string;
}

async function formOf(q: Query, id: number, lock = false) {
  const [row] = await q<Record<string, unknown> & { noKey: string }>(
    `select ${SELECT_FORM}, no_key as "noKey", source, updated_at as "updatedAt" from standards where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  if (!row) throw notFound('标准不存在');
  return row;
}

export async function standardForEdit(db: Database, id: number) {
  const q: Query = (t, p) => db.query(t, p);
  const row = await formOf(q, id);
  const forward = await db.query<{ kind: keyof typeof RELATION_LABELS; related_id: number | null; related_no: string }>(
    `select kind, related_id::int as related_id, related_no from standard_relations where standard_id = $1 order by id`,
    [id],
  );
  const reverse = await db.query<{ kind: keyof typeof RELATION_LABELS; id: number; standard_no: string }>(
    `select r.kind, s.id::int as id, s.standard_no from standard_relations r join standards s on s.id = r.standard_id
      where r.related_id = $1 or r.related_no_key = $2 order by s.no_key`,
    [id, row.noKey],
  );
  const history = await db.query<{
    old_status: string | null;
    new_status: string;
    changed_at: string;
    effective_date: string | null;
    reason: string | null;
  }>(
    `select old_status, new_status, changed_at, effective_date::text as effective_date, reason from standard_status_history
      where standard_id = $1 order by changed_at, id`,
    [id],
  );
  const [ft] = await db.query<{ pages: number; size: number; access: 'open' | 'registered' | 'restricted' }>(
    'select pages, size_bytes::int as size, access from standard_fulltext where standard_id = $1',
    [id],
  );
  const { noKey: _k, updatedAt, ...form } = row;
  return {
    ...(form as unknown as Omit<AdminStandardDetail, 'id' | 'updatedAt' | 'relations' | 'history' | 'fulltext'>),
    id,
    updatedAt: iso(updatedAt as string)!,
    relations: [
      ...forward.map((r) => ({
        kind: r.kind,
        label: RELATION_LABELS[r.kind].forward,
        direction: 'forward' as const,
        id: r.related_id,
        standardNo: r.related_no,
      })),
      ...reverse.map((r) => ({
        kind: r.kind,
        label: RELATION_LABELS[r.kind].reverse,
        direction: 'reverse' as const,
        id: r.id,
        standardNo: r.standard_no,
      })),
    ],
    history: history.map((h) => ({
      oldStatus: h.old_status,
      newStatus: h.new_status,
      changedAt: iso(h.changed_at)!,
      effectiveDate: h.effective_date,
      reason: h.reason,
    })),
    fulltext: ft ?? null,
  };
}

/** Number rules and field checks of the importer, so a hand-made record is held to the same standard. */
function validated(form: Form): StandardInput {
  const v = validateRecord({ ...form, status: form.status ?? undefined }, today());
  if (!v.ok) throw badRequest(v.reason);
  return v.record;
}

/** What the number form answers: its canonical spelling and the record that already has it. */
export async function checkNumber(db: Database, text: string, exceptId?: number) {
  const no = normalizeStandardNo(text);
  if (!no) return { valid: false, normalized: null, existingId: null, existingNo: null };
  const [row] = await db.query<{ id: number; standard_no: string }>(
    'select id::int as id, standard_no from standards where no_key = $1 and id <> $2',
    [no.key, exceptId ?? 0],
  );
  return { valid: true, normalized: no.display, existingId: row?.id ?? null, existingNo: row?.standard_no ?? null };
}

async function refuseDuplicate(q: Query, rec: StandardInput, exceptId: number) {
  const [dup] = await q<{ id: number; standard_no: string }>(
    'select id::int as id, standard_no from standards where no_key = $1 and id <> $2',
    [rec.noKey, exceptId],
  );
  if (dup) throw badRequest(`标准编号 ${dup.standard_no} 已存在（/admin/standards/${dup.id}），请编辑已有记录`);
}

const writeCols = COLS.filter((c) => c.name !== 'status');
const valuesOf = (rec: StandardInput) => writeCols.map((c) => rec[c.field] ?? null);

export async function createStandard(db: Database, actorId: number, form: Form) {
  const rec = validated(form);
  const id = await withTransaction(db, async (q) => {
    await refuseDuplicate(q, rec, 0);
    const cols = [...writeCols.map((c) => c.name), 'status', 'search_tokens', 'source'];
    const [row] = await q<{ id: number }>(
      `insert into standards (${cols.join(', ')})
       values (${writeCols.map((c, i) => `$${i + 1}::${c.type}`).join(', ')}, $${writeCols.length + 1}, $${writeCols.length + 2}::text[], '运营后台录入')
       returning id::int as id`,
      [...valuesOf(rec), rec.status, rec.searchTokens],
    );
    await q(
      // A new record's first status alerts nobody (alerts/status.ts): written as already dispatched.
      'insert into standard_status_history (standard_id, old_status, new_status, source, actor_id, dispatched_at) values ($1, null, $2, $3, $4, now())',
      [row!.id, rec.status, '运营后台录入', actorId],
    );
    await writeAudit(q, {
      actorId,
      action: 'standard.create',
      targetType: 'standard',
      targetId: row!.id,
      detail: { standardNo: rec.standardNo, nameZh: rec.nameZh },
    });
    return row!.id;
  });
  return { id, standardNo: rec.standardNo };
}

/** Every field as given (an empty field clears it); the status changes only through changeStatus. */
export async function updateStandard(db: Database, actorId: number, id: number, form: Form) {
  await withTransaction(db, async (q) => {
    const before = await formOf(q, id, true);
    const rec = validated({ ...form, status: before.status as Form['status'] });
    await refuseDuplicate(q, rec, id);
    await q(
      `update standards set ${writeCols.map((c, i) => `${c.name} = $${i + 2}::${c.type}`).join(', ')},
         search_tokens = $${writeCols.length + 2}::text[], updated_at = now() where id = $1`,
      [id, ...valuesOf(rec), rec.searchTokens],
    );
    const after = await formOf(q, id);
    const { updatedAt: _a, noKey: _b, ...b } = before;
    const { updatedAt: _c, noKey: _d, ...a } = after;
    await writeAudit(q, {
      actorId,
      action: 'standard.update',
      targetType: 'standard',
      targetId: id,
      detail: { changes: changesOf(b, a) },
    });
  });
  return standardForEdit(db, id);
}

/**
 * Messages the collectors of a standard about one recorded status change, inside the transaction that recorded
 * it, and answers how many were told: the alerts module's alertStatusChange, handed in by modules/index.ts (the
 * alerts module reads the catalogue, so the catalogue does not import it).
 */
export type StatusChangeAlert = (q: Query, historyId: number) => Promise<number>;

/**
 * A status change with its effective date and reason: one history row, a message for every collector
 * (sent in the same transaction, so the count the operator sees is exact even while the alert job runs),
 * the audit row, and the public record.
 */
export async function changeStatus(
  db: Database,
  actorId: number,
  id: number,
  body: z.output<typeof StatusChangeBody>,
  alertStatusChange: StatusChangeAlert,
) {
  const notified = await withTransaction(db, async (q) => {
    const [row] = await q<{ status: string; standard_no: string; no_key: string }>(
      'select status, standard_no, no_key from standards where id = $1 for update',
      [id],
    );
    if (!row) throw notFound('标准不存在');
    if (row.status === body.status) throw badRequest('新状态与当前状态相同');
    const replacement = body.replacedById ? await recordReplacement(q, { id, ...row }, body.replacedById) : null;
    const abolish = body.status === 'abolished' ? body.effectiveDate : null;
    await q(
      'update standards set status = $2, abolish_date = coalesce($3::date, abolish_date), updated_at = now() where id = $1',
      [id, body.status, abolish],
    );
    const [history] = await q<{ id: number }>(
      `insert into standard_status_history (standard_id, old_status, new_status, source, effective_date, reason, actor_id)
       values ($1, $2, $3, '运营后台', $4::date, $5, $6) returning id::int as id`,
      [id, row.status, body.status, body.effectiveDate, body.reason, actorId],
    );
    await writeAudit(q, {
      actorId,
      action: 'standard.status',
      targetType: 'standard',
      targetId: id,
      detail: {
        standardNo: row.standard_no,
        from: row.status,
        to: body.status,
        effectiveDate: body.effectiveDate,
        reason: body.reason,
        ...(replacement ? { replacedBy: replacement } : {}),
      },
    });
    // After the relation is written, so the collectors' message names the replacement.
    return alertStatusChange(q, history!.id);
  });
  return { ...(await standardForEdit(db, id)), notified };
}

/**
 * The replacement named in the status-change dialog: a 代替 relation from it to the changed record (the same row
 * the replacing record's editor would write), so the public detail and the alerts name it. Answers its number.
 */
async function recordReplacement(
  q: Query,
  self: { id: number; standard_no: string; no_key: string },
  replacedById: number,
): Promise<string> {
  if (replacedById === self.id) throw badRequest('代替标准不能是本标准');
  const [by] = await q<{ standard_no: string }>('select standard_no from standards where id = $1', [replacedById]);
  if (!by) throw notFound('所选的代替标准不存在');
  await q(
    `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind) values ($1, $2, $3, $4, 'replaces')
     on conflict (standard_id, related_no_key, kind) do update set related_id = excluded.related_id`,
    [replacedById, self.no_key, self.standard_no, self.id],
  );
  return by.standard_no;
}

/** Replaces this record's stated forward relations (the picked records); inferred ones stay. */
export async function setRelations(db: Database, actorId: number, id: number, body: RelationsBody) {
  await withTransaction(db, async (q) => {
    const [self] = await q('select 1 from standards where id = $1 for update', [id]);
    if (!self) throw notFound('标准不存在');
    if (body.relations.some((r) => r.targetId === id)) throw badRequest('不能关联标准自身');
    const ids = [...new Set(body.relations.map((r) => r.targetId))];
    const targets = await q<{ id: number; standard_no: string; no_key: string }>(
      'select id::int as id, standard_no, no_key from standards where id = any($1::bigint[])',
      [ids],
    );
    if (targets.length !== ids.length) throw notFound('所选的关联标准不存在');
    const byId = new Map(targets.map((t) => [t.id, t]));
    const before = await q<{ kind: string; related_no: string }>(
      "select kind, related_no from standard_relations where standard_id = $1 and not inferred and kind in ('replaces', 'partially_replaces') order by id",
      [id],
    );
    await q("delete from standard_relations where standard_id = $1 and kind in ('replaces', 'partially_replaces')", [id]);
    for (const r of body.relations) {
      const t = byId.get(r.targetId)!;
      await q(
        `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind) values ($1, $2, $3, $4, $5)
         on conflict (standard_id, related_no_key, kind) do nothing`,
        [id, t.no_key, t.standard_no, t.id, r.kind],
      );
    }
    await writeAudit(q, {
      actorId,
      action: 'standard.relations',
      targetType: 'standard',
      targetId: id,
      detail: {
        before: before.map((b) => `${b.kind}:${b.related_no}`),
        after: body.relations.map((r) => `${r.kind}:${byId.get(r.targetId)!.standard_no}`),
      },
    });
  });
  return standardForEdit(db, id);
}

export async function setFulltextAccess(db: Database, actorId: number, id: number, access: 'open' | 'registered' | 'restricted') {
  await withTransaction(db, async (q) => {
    const [row] = await q<{ access: string }>('select access from standard_fulltext where standard_id = $1 for update', [id]);
    if (!row) throw notFound('该标准尚未上传全文');
    await q('update standard_fulltext set access = $2 where standard_id = $1', [id, access]);
    await writeAudit(q, {
      actorId,
      action: 'standard.fulltext_access',
      targetType: 'standard',
      targetId: id,
      detail: { from: row.access, to: access },
    });
  });
  return { id, access };
}
