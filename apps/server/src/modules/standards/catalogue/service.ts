import { RELATION_LABELS, type RelationKind, type StandardLevel, type StandardNature, type StandardStatus } from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/envelope.ts';
import * as repo from './repository.ts';

export { cleanKeyword, searchStandards, suggest } from '../search/search.ts';

export type { SearchParams } from '@zs/shared/api/standards';

const relLabel = (kind: string, dir: 'forward' | 'reverse') => RELATION_LABELS[kind as RelationKind]?.[dir] ?? kind;

export async function standardDetail(db: Database, idText: string) {
  if (!/^\d{1,15}$/.test(idText)) throw notFound('标准不存在');
  const id = Number(idText);
  const d = await repo.findDetail(db, id);
  if (!d) throw notFound('标准不存在');
  const [rel, history] = await Promise.all([repo.findRelations(db, id, String(d.no_key)), repo.findHistory(db, id)]);
  return {
    id: d.id as number,
    standardNo: d.standard_no as string,
    noKey: d.no_key as string,
    nameZh: d.name_zh as string,
    nameEn: (d.name_en as string | null) ?? null,
    level: d.level as StandardLevel,
    nature: (d.nature as StandardNature | null) ?? null,
    status: d.status as StandardStatus,
    publishDate: (d.publish_date as string | null) ?? null,
    implementDate: (d.implement_date as string | null) ?? null,
    abolishDate: (d.abolish_date as string | null) ?? null,
    ccsCode: (d.ccs_code as string | null) ?? null,
    ccsName: (d.ccs_name as string | null) ?? null,
    icsCode: (d.ics_code as string | null) ?? null,
    icsNameEn: (d.ics_name_en as string | null) ?? null,
    icsNameZh: (d.ics_name_zh as string | null) ?? null,
    department: (d.department as string | null) ?? null,
    committee: (d.committee as string | null) ?? null,
    issuer: (d.issuer as string | null) ?? null,
    draftingUnits: (d.drafting_units as string | null) ?? null,
    drafters: (d.drafters as string | null) ?? null,
    adoptedNo: (d.adopted_no as string | null) ?? null,
    adoptionDegree: (d.adoption_degree as string | null) ?? null,
    scope: (d.scope as string | null) ?? null,
    notes: (d.notes as string | null) ?? null,
    region: (d.region as string | null) ?? null,
    regionCode: (d.region_code as string | null) ?? null,
    category: (d.category as string | null) ?? null,
    officialUrl: (d.official_url as string | null) ?? null,
    /** What this standard replaces (followed down the chain). */
    replaces: rel.forward.map((r) => ({
      kind: r.kind,
      label: relLabel(r.kind, 'forward'),
      standardNo: r.related_no,
      id: r.related_id ?? null,
      via: r.depth > 1 ? r.standard_no : null,
      inferred: r.inferred,
      note: r.note,
      depth: r.depth,
    })),
    /** What replaces this standard (followed up the chain). */
    replacedBy: rel.reverse.map((r) => ({
      kind: r.kind,
      label: relLabel(r.kind, 'reverse'),
      standardNo: r.standard_no,
      id: r.standard_id,
      inferred: r.inferred,
      note: r.note,
      depth: r.depth,
    })),
    statusHistory: history.map((h) => ({
      oldStatus: h.old_status,
      newStatus: h.new_status,
      changedAt: h.changed_at,
      source: h.source,
    })),
    sourceCredit: d.source
      ? {
          source: d.source as string,
          licence: (d.licence as string | null) ?? null,
          sourceRef: (d.source_ref as string | null) ?? null,
        }
      : null,
  };
}

export async function standardStats(db: Database, today = new Date().toISOString().slice(0, 10)) {
  const s = await repo.stats(db, today);
  return {
    total: s.totals.total,
    byLevel: Object.fromEntries(s.byLevel.map((r) => [r.key, r.n])),
    byStatus: Object.fromEntries(s.byStatus.map((r) => [r.key, r.n])),
    newlyPublished: s.totals.newly,
    upcoming: s.totals.upcoming,
  };
}

export async function ccsList(db: Database) {
  return repo.listCcs(db);
}

export async function icsList(db: Database) {
  return (await repo.listIcs(db)).map((r) => ({
    code: r.code,
    nameEn: r.name_en,
    nameZh: r.name_zh,
    level: r.level,
    parent: r.parent,
  }));
}
