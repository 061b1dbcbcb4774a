import { normalizeStandardNo } from '@zs/shared/standard-number';
import type { RelationKind } from '@zs/shared/standards';

export interface NoteRelation {
  /** 'self' → this record is the subject; 'other' → the other standard is the subject. */
  subject: 'self' | 'other';
  kind: RelationKind;
  no: string;
  key: string;
  note: string;
}

/** A standard number as the catalogue's notes write it (also read by the public notes, catalogue/service.ts). */
export const NOTE_NO = String.raw`((?:GB|JGJ|CJJ|JG|CJ|DB\d+|T\/[A-Z]+)(?:\/[TZ])?\s*[\d.]+\s*[-—－]\s*\d{4}(?:\s*[(（]\d{4}年版[)）])?)`;

/**
 * Replacement facts written in free-text notes (Arch-Standards-Index 备注), read conservatively:
 * - "废止 X 及 …"                                  → this record replaces X (X abolished whole)
 * - "废止 X 等 N 项标准相关强条"                      → this record partially replaces X (clauses)
 * - "…(强条|条文|x.y.z) 已(被|由) Y 废止", "部分条文因 Y 废止" → Y partially replaces this record
 * - "原编号 X"                                      → this record was renumbered from X
 * "与 X 并行" states no replacement and is left as a note.
 */
export function relationsFromNotes(notes: string | undefined): NoteRelation[] {
  if (!notes) return [];
  const out: NoteRelation[] = [];
  const add = (subject: NoteRelation['subject'], kind: RelationKind, raw: string, note: string) => {
    const n = normalizeStandardNo(raw);
    if (n && !out.some((r) => r.key === n.key && r.kind === kind && r.subject === subject)) {
      out.push({ subject, kind, no: n.display, key: n.key, note });
    }
  };
  for (const m of notes.matchAll(new RegExp(String.raw`废止\s*${NOTE_NO}\s*(及|等)`, 'g'))) {
    add('self', m[2] === '及' ? 'replaces' : 'partially_replaces', m[1]!, m[0]);
  }
  for (const m of notes.matchAll(new RegExp(String.raw`(?:已|因)(?:被|由)?\s*${NOTE_NO}\s*(?:《[^》]*》)?\s*废止`, 'g'))) {
    add('other', 'partially_replaces', m[1]!, m[0]);
  }
  for (const m of notes.matchAll(new RegExp(String.raw`原编号\s*${NOTE_NO}`, 'g'))) {
    add('self', 'renumbered_from', m[1]!, m[0]);
  }
  return out;
}
