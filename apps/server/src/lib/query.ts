import { z } from 'zod';
import { pageNumberParam, pageSizeParam } from '@zs/shared';

/** Query building blocks shared by the portal's paged endpoints: every rule carries a Chinese message. */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Paging rules live once in the shared package; the portal's lists show 10 rows by default. */
export const pageParam = pageNumberParam;
export const sizeParam = pageSizeParam(10);
/** Free text from a query string: control characters (which PostgreSQL refuses in text) removed. */
export const textParam = (max: number, label: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: `${label}格式不正确` })
      .max(max, `${label}不能超过${max}个字符`)
      .transform((v) => v.replace(CONTROL, '').trim())
      .optional(),
  );

/** A numeric path id, or null when it cannot be one (answered as not found, never as a crash). */
export function idOf(raw: string): number | null {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}
