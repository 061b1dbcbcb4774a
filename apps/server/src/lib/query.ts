import { pageNumberParam, portalSizeParam, textParam } from '@zs/shared';

/** Paging and free-text rules live once in the shared package (decisions/0042); the portal's lists show 10 rows. */
export const pageParam = pageNumberParam;
export const sizeParam = portalSizeParam;
export { textParam };

/** A numeric path id, or null when it cannot be one (answered as not found, never as a crash). */
export function idOf(raw: string): number | null {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}
