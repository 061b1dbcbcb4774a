import { describe, expect, it } from 'vitest';
import { Messages } from '@zs/shared/validation';
import { PortalMessages } from '@zs/shared/portal';
import { settingsChecks } from './checks.ts';
import { smsPrecheck } from '../../../lib/formRules.ts';
import { certificationChecks } from '../certification/checks.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { detailOf } from '../collection/itemTypes.ts';

describe('settings checks (shared docs/product.md §5 rules and messages)', () => {
  it('password, confirmation, old password', () => {
    expect(settingsChecks.oldPassword('')).toBe('请输入原密码');
    expect(settingsChecks.password('abc12345')).toBe(Messages.password);
    expect(settingsChecks.password('abc123!x')).toBeNull();
    const again = settingsChecks.againPassword(() => 'abc123!x');
    expect(again('')).toBe(Messages.againPasswordEmpty);
    expect(again('abc123!y')).toBe(Messages.againPassword);
    expect(again('abc123!x')).toBeNull();
  });

  it('email is optional but must look like one', () => {
    expect(settingsChecks.email('')).toBeNull();
    expect(settingsChecks.email('a@b')).toBe(Messages.email);
    expect(settingsChecks.email(`${'a'.repeat(45)}@b.com`)).toBe(Messages.email);
    expect(settingsChecks.email('me@example.cn')).toBeNull();
  });

  it('SMS precheck warns for a missing mobile, a bad mobile, a missing captcha, in that order', () => {
    expect(smsPrecheck('', '')).toBe('请输入手机号');
    expect(smsPrecheck('12345678901', 'x')).toBe(Messages.mobile);
    expect(smsPrecheck('13800138000', ' ')).toBe(Messages.captcha);
    expect(smsPrecheck('13800138000', 'ab12')).toBeNull();
  });
});

describe('certification checks', () => {
  it('use the shared credit-code check digit and messages', () => {
    expect(certificationChecks.creditCode('91350100M000100Y43')).toBeNull();
    expect(certificationChecks.creditCode('91350100M000100Y44')).toBe(PortalMessages.creditCode);
    expect(certificationChecks.companyName('A')).toBe(PortalMessages.enterpriseName);
    expect(certificationChecks.contactMobile('1380013800')).toBe(Messages.mobile);
  });
});

describe('display helpers', () => {
  it('shows times in China Standard Time', () => {
    expect(formatDateTime('2026-01-01T16:30:00.000Z')).toBe('2026-01-02 00:30');
    expect(formatDateTime(null)).toBe('');
  });
  it('links collected items to their detail pages', () => {
    expect(detailOf('standard', 5)).toBe('/standard-detail?id=5');
    expect(detailOf('news', 7)).toBe('/news-detail?id=7');
    expect(detailOf('unknown', 7)).toBeNull();
  });
});
