import { RELATION_LABELS, type RelationKind } from '@zs/shared';
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
  const [rel, history] = await Promise.all([repo.findRelations(db, id, d.noKey), repo.findHistory(db, id)]);
  const { source, licence, sourceRef, ...record } = d;
  return {
    ...record,
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
    sourceCredit: source ? { source, licence, sourceRef } : null,
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
