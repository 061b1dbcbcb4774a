import { z } from 'zod';

/**
 * Input every text, date and id must satisfy before it reaches the database. PostgreSQL cannot store
 * U+0000 in text, nor a lone UTF-16 surrogate in jsonb; a year 0 date and an id above int4 make
 * it raise a data exception. Refusing them here, once, keeps the answer a 400 with a clear message.
 */
export const InputMessages = {
  badChars: '输入内容含有无法识别的字符（如空字符或残缺的 Unicode 字符）',
} as const;

/** Largest id of an `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the string can be stored as text and in jsonb: no U+0000, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Lone surrogates replaced by U+FFFD (as `String.prototype.toWellFormed` does), for names kept as given. */
export function wellFormed(value: string): string {
  return value.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');
}

/**
 * The first string (value or object key) anywhere in a parsed request part that cannot be stored,
 * or undefined. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(root: unknown): string | undefined {
  const stack: unknown[] = [root];
  let seen = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    // A body is at most 1 MB, so this bound is never reached by a legitimate request.
    if ((seen += 1) > 200_000) return undefined;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return v;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (!isStorableText(k)) return k;
        stack.push(x);
      }
    }
  }
  return undefined;
}

/** A zod string that refuses what the database cannot store, with the shared message. */
export const storableString = (message?: string) =>
  z.string(message ? { error: message } : undefined).refine(isStorableText, InputMessages.badChars);

/** Bidirectional-text controls (LRE…RLO, LRI…PDI, LRM, RLM): they make `x<RLO>fdp.pdf` read as `xpdf.pdf`. Global: use with replace, not test. */
export const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A calendar day YYYY-MM-DD that exists, from year 0001 (PostgreSQL has no year 0). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s.startsWith('0000')) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Query/body date `YYYY-MM-DD` with its label in the messages (e.g. 发布日期起). */
export const daySchema = (label: string) =>
  z
    .string({ error: `${label}格式应为YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为YYYY-MM-DD`)
    .refine(isCalendarDay, `${label}不是有效日期`);

/** A positive integer id that fits an int4 column (JSON numbers). */
export const idNumber = (message: string) => z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
