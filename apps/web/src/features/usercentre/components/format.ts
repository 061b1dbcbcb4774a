/** Date-time in China Standard Time as 2026-01-02 13:04 (the server answers ISO UTC). */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const cst = new Date(d.getTime() + 8 * 3600_000).toISOString();
  return `${cst.slice(0, 10)} ${cst.slice(11, 16)}`;
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
