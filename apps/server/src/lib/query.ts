/** A numeric path id, or null when it cannot be one (answered as not found, never as a crash). */
export function idOf(raw: string): number | null {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}
