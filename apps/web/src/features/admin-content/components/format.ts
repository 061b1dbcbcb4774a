/** Date-time in China Standard Time (the server answers ISO UTC). */
export function cstDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const cst = new Date(d.getTime() + 8 * 3600_000).toISOString();
  return `${cst.slice(0, 10)} ${cst.slice(11, 16)}`;
}
