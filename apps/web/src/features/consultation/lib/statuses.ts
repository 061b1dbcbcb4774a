import type { ContentStatus } from '@zs/shared/api/content';

/** The content console's states and colours (decisions/0050), for drafts for public comment. */
export const STATUS_LABELS: Record<ContentStatus, string> = {
  draft: '草稿',
  pending: '待审核',
  scheduled: '定时发布',
  published: '已发布',
  unpublished: '已下线',
};
export const STATUS_COLORS: Record<ContentStatus, string> = {
  draft: 'default',
  pending: 'orange',
  scheduled: 'blue',
  published: 'green',
  unpublished: 'default',
};

/** `<input type="datetime-local">` holds Beijing wall-clock time in the console (China has no daylight saving). */
export const fromLocalInput = (v: string) => new Date(`${v}:00+08:00`).toISOString();
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(Date.parse(iso) + 8 * 3600_000);
  return d.toISOString().slice(0, 16);
}
