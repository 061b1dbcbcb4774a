// Dates on screen are China Standard Time whatever the visitor's clock says (the server answers ISO
// UTC; plain YYYY-MM-DD dates are calendar days and shown as they are). The one home for date and size
// formatting on the web (docs/decisions/0061).

const dayFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const minuteFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function parse(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 2026-01-02 (a calendar day as given; a timestamp as its day in China). '' when empty or invalid. */
export function formatDate(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = parse(value);
  return d ? dayFormat.format(d) : '';
}

/** 2026-01-02 13:04 in China Standard Time; '' when empty or invalid. */
export function formatDateTime(value: unknown): string {
  const d = parse(value);
  return d ? minuteFormat.format(d) : '';
}

/** Today's date in China (a form's default effective date, a file name), not the UTC day. */
export function todayInChina(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** 512 B, 1.5 KB, 3.2 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
