import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/envelope.ts';
import { toSummary, type ItemRow } from '../repository.ts';
import type { ItemDetail } from '../service.ts';
import type { SectionDef } from '../sections.ts';
import { adminItem } from './repository.ts';

/** The item exactly as the public detail would answer it, whatever its state (预览). */
export async function previewItem(db: Database, def: SectionDef, id: number | null): Promise<ItemDetail> {
  const row = id === null ? null : await adminItem((t, p) => db.query(t, p), def.id, id);
  if (!row) throw notFound('内容不存在');
  return {
    ...toSummary(row as unknown as ItemRow),
    sectionName: def.name,
    bodyHtml: row.body_html ?? '',
    prev: null,
    next: null,
    collectable: false,
  };
}
