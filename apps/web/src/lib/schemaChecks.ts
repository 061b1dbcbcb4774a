import type { z } from 'zod';
import type { Check } from './portalValidators.ts';

/**
 * Per-field checks taken from a shared request schema (decisions/0042): each field is refused with the rule and
 * the words the server uses, so a form never re-implements them.
 */
export function checksOf<S extends z.ZodObject, K extends keyof S['shape'] & string>(
  schema: S,
  fields: readonly K[],
): Record<K, Check> {
  const checks = {} as Record<K, Check>;
  for (const name of fields) {
    const rule = schema.shape[name] as z.ZodType;
    checks[name] = (value) => {
      const res = rule.safeParse(value);
      return res.success ? null : (res.error.issues[0]?.message ?? '输入不正确');
    };
  }
  return checks;
}
