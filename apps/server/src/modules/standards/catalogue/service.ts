import { normalizeStandardNo, RELATION_LABELS, type RelationKind } from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/envelope.ts';
import * as repo from './repository.ts';
import { NOTE_NO } from '../import/notes.ts';

export { cleanKeyword, searchStandards, suggest } from '../search/search.ts';

export type { SearchParams } from '@zs/shared/api/standards';

const relLabel = (kind: string, dir: 'forward' | 'reverse') => RELATION_LABELS[kind as RelationKind]?.[dir] ?? kind;

/** The credit of a record imported in the console: the office, never the uploaded file's name (issue 30). */
export const CONSOLE_IMPORT_CREDIT = '中山市标准信息公共服务平台运营单位';

export function publicSource(source: string): string {
  return source.startsWith('运营后台导入') ? CONSOLE_IMPORT_CREDIT : source;
}

const RENUMBERED = new RegExp(String.raw`原编号[：:\s]*${NOTE_NO}`, 'g');
const keyOf = (no: string) => normalizeStandardNo(no)?.key ?? no.replace(/\s+/g, '');

/**
 * The notes as the public reads them (issue 30): without the source data's licence tier (版权分层, a catalogue
 * fact, not the reader's) and without a 原编号 that the relations already show as 原编号 above the notes.
 */
export function publicNotes(notes: string | null, renumberedFrom: readonly string[]): string | null {
  if (!notes) return notes;
  const shown = new Set(renumberedFrom.map(keyOf));
  const lines = notes
    .split('\n')
    .filter((l) => !/^\s*版权分层[：:]/.test(l))
    .map((l) =>
      l
        .replace(RENUMBERED, (all, no: string) => (shown.has(keyOf(no)) ? '' : all))
        .replace(/^[\s；;，,、。]+|[\s；;，,、]+$/g, '')
        .replace(/([；;，,、])\s*[；;，,、]+/g, '$1'),
    )
    .filter((l) => l.length > 0);
  return lines.length ? lines.join('\n') : null;
}

export async function standardDetail(db: Database, idText: string) {
  if (!/^\d{1,15}$/.test(idText)) throw notFound('标准不存在');
  const id = Number(idText);
  const d = await repo.findDetail(db, id);
  if (!d) throw notFound('标准不存在');
  const [rel, history] = await Promise.all([repo.findRelations(db, id, d.noKey), repo.findHistory(db, id)]);
  const { source, licence, sourceRef, ...record } = d;
  const renumbered = rel.forward.filter((r) => r.kind === 'renumbered_from' && r.depth === 1).map((r) => r.related_no);
  const fromConsole = !!source && publicSource(source) !== source;
  return {
    ...record,
    notes: publicNotes(record.notes, renumbered),
    /** What this standard replaces (followed down the chain). */
    replaces: rel.forward.map((r) => ({
      kind: r.kind,
      label: relLabel(r.kind, 'forward'),
      standardNo: r.related_no,
      id: r.related_id ?? null,
      via: r.depth > 1 ? r.standard_no : null,
      inferred: r.inferred,
      // "原编号 X" read from the notes would repeat the row's own label and number (issue 30).
      note: r.kind === 'renumbered_from' && /^原编号/.test(r.note ?? '') ? null : r.note,
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
      source: h.source ? publicSource(h.source) : h.source,
    })),
    // A console import's own reference is the uploaded file's row, not a public source reference either.
    sourceCredit: source ? { source: publicSource(source), licence, sourceRef: fromConsole ? null : sourceRef } : null,
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
