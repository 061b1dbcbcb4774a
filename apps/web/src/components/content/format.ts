import { formatDate } from '../../lib/dates.ts';

/** Display helpers shared by list rows and detail pages (dates: lib/dates.ts). */
export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join('、');
  return '';
}

/** Detail route link for an item id. */
export function detailHref(detailPath: string, id: number): string {
  return `${detailPath}?id=${id}`;
}

/** A field showing one attribute as text (lists joined with 、). */
export function attrField(label: string, key: string) {
  return { label, value: (item: { attrs: Record<string, unknown> }) => str(item.attrs[key]) };
}

/** A field showing a date range from two attributes. */
export function periodField(label: string, from: string, to: string, fmt: (v: unknown) => string = formatDate) {
  return {
    label,
    value: (item: { attrs: Record<string, unknown> }) => {
      const a = fmt(item.attrs[from]);
      const b = fmt(item.attrs[to]);
      return a || b ? `${a || '—'} 至 ${b || '至今'}` : '';
    },
  };
}

export const townField = { label: '所在镇街', value: (item: { townName: string | null }) => item.townName ?? '' };

/** Only http(s) links are rendered as links. */
export function safeUrl(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null;
}
