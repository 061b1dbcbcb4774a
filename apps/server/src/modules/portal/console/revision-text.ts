import type { ContentRevisionDetail, RevisionText } from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/envelope.ts';
import type { SectionDef } from '../sections.ts';
import { adminItem, snapshotOf, usernamesFor, type Snapshot, type UsernameLookup } from './repository.ts';
import { sanitizeRichText } from './rich-text.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * Stored body HTML as plain text, one block (paragraph, heading, list item, table row) a line: the unit a
 * comparison of two versions marks as kept, removed or added.
 */
export function bodyText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|tr|blockquote|caption)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

export function revisionText(s: Snapshot): RevisionText {
  const bodyHtml = sanitizeRichText(s.bodyHtml ?? '');
  return {
    title: s.title,
    category: s.category ?? null,
    summary: s.summary ?? null,
    bodyHtml,
    bodyText: bodyText(bodyHtml),
    source: s.source ?? null,
    sourceUrl: s.sourceUrl ?? null,
    publishedAt: s.publishedAt ?? null,
  };
}

/** One revision and the item's current state, for 预览 and 对比 before 恢复. */
export async function revisionDetail(
  db: Database,
  def: SectionDef,
  id: number | null,
  revisionId: number | null,
  usernamesOf: UsernameLookup,
): Promise<ContentRevisionDetail> {
  const row = id === null ? null : await adminItem((t, p) => db.query(t, p), def.id, id);
  if (!row) throw notFound('内容不存在');
  const [rev] =
    revisionId === null
      ? []
      : await db.query<{ id: number; action: string; snapshot: Snapshot; actor_id: number | null; created_at: Date | string }>(
          'select id, action, snapshot, actor_id, created_at from portal_item_revisions where id = $1 and item_id = $2',
          [revisionId, row.id],
        );
  if (!rev) throw notFound('历史版本不存在');
  const nameOf = await usernamesFor(db, usernamesOf, [rev.actor_id]);
  return {
    id: rev.id,
    action: rev.action,
    title: rev.snapshot.title,
    status: rev.snapshot.status,
    actorName: nameOf(rev.actor_id),
    createdAt: new Date(rev.created_at).toISOString(),
    revision: revisionText(rev.snapshot),
    current: revisionText(snapshotOf(row)),
  };
}
