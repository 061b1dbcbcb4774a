import {
  BATCH_CHECK_TOO_MANY,
  NOT_CERTIFIED,
  PRODUCT_STANDARDS_MAX,
  UNKNOWN_TOWN,
  townName,
  type ExposureRowT,
  type ProductStandardLineT,
} from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/envelope.ts';
import { approvedCompaniesOf } from '../certification/index.ts';
import { batchCheck, standardStatusRows } from '../standards/index.ts';
import {
  assignedTowns,
  countLines,
  deleteLine,
  insertLines,
  linesOf,
  listingUsers,
  matchedLinesOf,
  type LineRow,
} from './repository.ts';
import { townFromName } from './towns.ts';

/** Statuses the office's figure counts: superseded and abolished. */
const OUTDATED = new Set(['replaced', 'abolished']);

/** Only a user whose enterprise certification is approved keeps a list (a clear Chinese refusal otherwise). */
async function requireCertified(db: Database, userId: number): Promise<void> {
  if (!(await approvedCompaniesOf(db, [userId])).has(userId)) throw forbidden(NOT_CERTIFIED);
}

/** The lines with each record's status now and its replacement (a status change shows at once). */
async function withStatus(db: Database, rows: LineRow[]): Promise<ProductStandardLineT[]> {
  const status = await standardStatusRows(db, [...new Set(rows.flatMap((r) => (r.standard_id ? [r.standard_id] : [])))]);
  return rows.map((r) => {
    const s = r.standard_id ? status.get(r.standard_id) : undefined;
    return {
      id: r.id,
      line: r.line,
      productName: r.product_name,
      standardId: s ? s.id : null,
      standardNo: s?.standard_no ?? null,
      nameZh: s?.name_zh ?? null,
      status: s?.status ?? null,
      replacedBy:
        s && OUTDATED.has(s.status) && s.replaced_by_id && s.replaced_by_no
          ? { id: s.replaced_by_id, standardNo: s.replaced_by_no }
          : null,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

export async function listLines(db: Database, userId: number) {
  await requireCertified(db, userId);
  return { lines: await withStatus(db, await linesOf(db, userId)), max: PRODUCT_STANDARDS_MAX };
}

/** Typed, pasted or uploaded lines: each matched by the batch check, stored with the record it found (or none). */
export async function addLines(db: Database, userId: number, inputs: string[], productName?: string) {
  await requireCertified(db, userId);
  const checked = await batchCheck(db, inputs);
  if (!checked.lines.length) throw badRequest('请至少填写一个标准号');
  const lines = checked.lines.map((l) => ({ line: l.input, standardId: l.record?.id ?? null }));
  const ids = await db.transaction(async (q) => {
    // Serialises one user's additions, so two at once cannot pass the limit together.
    await q('select pg_advisory_xact_lock(hashtext($1))', [`product-standards:${userId}`]);
    if ((await countLines(q, userId)) + lines.length > PRODUCT_STANDARDS_MAX) throw badRequest(BATCH_CHECK_TOO_MANY);
    return insertLines(q, userId, productName ?? null, lines);
  });
  const all = await withStatus(db, await linesOf(db, userId));
  const added = all.filter((l) => ids.includes(l.id));
  return { added: added.length, matched: added.filter((l) => l.standardId !== null).length, lines: all };
}

export async function removeLine(db: Database, userId: number, id: number): Promise<void> {
  await requireCertified(db, userId);
  if (!(await deleteLine(db, userId, id))) throw notFound('该条产品执行标准不存在');
}

/** An enterprise's town: the office's word, else the one its name gives away, else unknown. */
function townOf(assigned: string | undefined, company: string) {
  if (assigned) return { townCode: assigned, townSource: 'assigned' as const };
  const derived = townFromName(company);
  return derived ? { townCode: derived, townSource: 'derived' as const } : { townCode: null, townSource: null };
}

/**
 * The office's figure: certified enterprises (approved certification now) listing a superseded or abolished
 * standard, counted by town, with one row per (enterprise, standard). `town`: a town code, or 'unknown'.
 */
export async function exposure(db: Database, town?: string) {
  const users = await listingUsers(db);
  const companies = await approvedCompaniesOf(db, users);
  const certified = users.filter((u) => companies.has(u));
  const matched = await matchedLinesOf(db, certified);
  const status = await standardStatusRows(db, [...new Set(matched.map((m) => m.standard_id))]);
  const assigned = await assignedTowns(db, certified);
  const rows: ExposureRowT[] = [];
  for (const m of matched) {
    const s = status.get(m.standard_id);
    if (!s || !OUTDATED.has(s.status)) continue;
    const company = companies.get(m.user_id)!;
    const t = townOf(assigned.get(m.user_id), company);
    rows.push({
      userId: m.user_id,
      companyName: company,
      ...t,
      townName: townName(t.townCode) ?? UNKNOWN_TOWN,
      standardId: s.id,
      standardNo: s.standard_no,
      nameZh: s.name_zh,
      status: s.status,
      replacedBy: s.replaced_by_id && s.replaced_by_no ? { id: s.replaced_by_id, standardNo: s.replaced_by_no } : null,
      lines: m.lines,
    });
  }
  const perTown = new Map<string | null, Set<number>>();
  for (const r of rows) perTown.set(r.townCode, (perTown.get(r.townCode) ?? new Set()).add(r.userId));
  const towns = [...perTown.entries()]
    .map(([code, set]) => ({ townCode: code, townName: townName(code) ?? UNKNOWN_TOWN, enterprises: set.size }))
    .sort((a, b) => b.enterprises - a.enterprises || (a.townCode ?? '~').localeCompare(b.townCode ?? '~'));
  const list = rows
    .filter((r) => !town || (town === 'unknown' ? r.townCode === null : r.townCode === town))
    .sort((a, b) => a.townName.localeCompare(b.townName, 'zh') || a.companyName.localeCompare(b.companyName, 'zh'));
  return { enterprises: new Set(rows.map((r) => r.userId)).size, certified: certified.length, towns, list };
}
