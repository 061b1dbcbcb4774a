/** Display helpers shared by list rows and detail pages. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  // Shown in China Standard Time whatever the visitor's clock says.
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
}

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
