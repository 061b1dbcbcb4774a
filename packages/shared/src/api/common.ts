import { z } from 'zod';
import { isCalendarDay } from './input.ts';
import { stripControlChars } from '../control-chars.ts';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** `page` of a paged list query: 1 when empty or absent. */
export const pageNumberParam = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: '页码须为正整数' })
    .int('页码须为正整数')
    .min(1, '页码须为正整数')
    .max(100_000, '页码超出范围')
    .default(1),
);

/** `size` of a paged list query (1-100), with the list's own default when empty or absent. */
export const pageSizeParam = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: '每页条数须为1-100的整数' })
      .int('每页条数须为1-100的整数')
      .min(1, '每页条数须为1-100的整数')
      .max(100, '每页条数须为1-100的整数')
      .default(fallback),
  );

/** The portal's lists: 10 rows by default. */
export const portalSizeParam = pageSizeParam(10);

/** Free text from a query string: control characters (which PostgreSQL refuses in text) removed. */
export const textParam = (max: number, label: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: `${label}格式不正确` })
      .max(max, `${label}不能超过${max}个字符`)
      .transform((v) => stripControlChars(v).trim())
      .optional(),
  );

/** A path id as a string (the handler answers "not found" for one that cannot be an id). */
export const IdParams = z.object({ id: z.string().max(20) });

/** A page of rows as every console list answers it. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number(), page: z.number(), size: z.number(), list: z.array(item) });

/** YYYY-MM-DD, checked as a real calendar day. */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label}格式应为 YYYY-MM-DD` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine(isCalendarDay, { error: `${label}不是有效日期` });

/** Optional text field of a form: empty means "none" (null). */
export const optText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v ? v : null));
