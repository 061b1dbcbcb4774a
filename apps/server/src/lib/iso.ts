/**
 * A timestamp as ISO 8601 text for an answer: a database value (Date, or text from PGlite / node-postgres)
 * or clock milliseconds. A null column stays null.
 */
export function iso(v: Date | string | number): string;
export function iso(v: Date | string | number | null): string | null;
export function iso(v: Date | string | number | null): string | null {
  return v === null ? null : new Date(v).toISOString();
}
