import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PortalMessages, brandProductApplicationSchema, creditCodeCheckChar, serviceApplicationSchema } from '@zs/shared';
import { portalChecks } from './portalValidators.ts';

describe('portalChecks', () => {
  it('accepts a credit code with a correct check character, in any case', () => {
    const first17 = '91442000MA4UXXXX1';
    const code = `${first17}${creditCodeCheckChar(first17)}`;
    expect(portalChecks.creditCode(code)).toBeNull();
    expect(portalChecks.creditCode(code.toLowerCase())).toBeNull();
  });
  it('refuses a wrong check character with the shared message', () => {
    const first17 = '91442000MA4UXXXX1';
    const wrong = creditCodeCheckChar(first17) === '0' ? '1' : '0';
    expect(portalChecks.creditCode(`${first17}${wrong}`)).toBe(PortalMessages.creditCode);
  });
  it('checks lengths after trimming and allows an empty optional field', () => {
    expect(portalChecks.contactName(' 张 ')).toBe(PortalMessages.contactName);
    expect(portalChecks.contactName('张三')).toBeNull();
    expect(portalChecks.enterpriseNameOptional('')).toBeNull();
    expect(portalChecks.description('太短')).toBe(PortalMessages.description);
  });
  it('uses the spec mobile rule', () => {
    expect(portalChecks.contactMobile('13800138000')).toBeNull();
    expect(portalChecks.contactMobile('12800138000')).not.toBeNull();
  });
});

/**
 * The application pages check fields without loading zod (their JS budget, decisions/0008), so their limits are
 * written out here; this test holds them to the shared schemas' own rules and messages (decisions/0042).
 */
describe('portalChecks agree with the shared application schemas', () => {
  const rule = (schema: z.ZodObject, field: string) => (value: string) => {
    const res = (schema.shape[field] as z.ZodType).safeParse(value);
    return res.success ? null : (res.error.issues[0]?.message ?? '');
  };
  const samples = (max: number) =>
    ['', ' ', '张', '张三', '  张三  ', 'DB4', 'a'.repeat(9), 'a'.repeat(10), 'a'.repeat(max), 'a'.repeat(max + 1)].concat([
      '13800138000',
      '12800138000',
      ' 13800138000 ',
    ]);
  const pairs: Array<[keyof typeof portalChecks, z.ZodObject, string, number]> = [
    ['enterpriseName', brandProductApplicationSchema, 'enterpriseName', 100],
    ['contactName', brandProductApplicationSchema, 'contactName', 30],
    ['contactMobile', brandProductApplicationSchema, 'contactMobile', 11],
    ['productName', brandProductApplicationSchema, 'productName', 100],
    ['standardNo', brandProductApplicationSchema, 'standardNo', 60],
    ['description', brandProductApplicationSchema, 'description', 2000],
    ['need', serviceApplicationSchema, 'need', 1000],
  ];
  it.each(pairs)('%s', (check, schema, field, max) => {
    for (const value of samples(max)) expect(portalChecks[check](value), JSON.stringify(value)).toBe(rule(schema, field)(value));
  });
});
