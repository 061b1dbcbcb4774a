import { describe, expect, it } from 'vitest';
import { PortalMessages, creditCodeCheckChar } from '@zs/shared';
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
