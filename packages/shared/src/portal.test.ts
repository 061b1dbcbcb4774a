import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandProductApplicationSchema } from './portal-forms.ts';
import {
  creditCodeCheckChar,
  isValidCreditCode,
  PORTAL_CATEGORIES,
  PORTAL_SECTIONS,
  XIANGSHAN_CATEGORIES,
  ZHONGSHAN_TOWNS,
} from './portal.ts';

describe('isValidCreditCode (GB 32100-2015)', () => {
  it.each([
    // Codes published by the registered enterprises themselves (licences shown on their sites).
    ['91350100M000100Y43', true],
    ['91110000802100433B', true],
    ['91440300708461136T', true],
    // A code whose weighted sum is a multiple of 31: the check character is 0, not the 32nd symbol.
    ['914420000010000200', true],
    ['914420000010000201', false],
    ['91350100M000100Y44', false], // wrong check digit
    ['91110000802100433C', false],
    ['91350100m000100y43', false], // lower case is not the code's alphabet (schema upper-cases first)
    ['91350100M000100Y4', false], // 17 characters
    ['91350100M000100Y433', false], // 19 characters
    ['91350100I000100Y43', false], // I is not in the character set
    ['9135O100M000100Y43', false], // O is not in the character set
    ['91350100S000100Y43', false],
    ['', false],
    ['９１３５０１００Ｍ０００１００Ｙ４３', false], // full-width
  ])('%s → %s', (code, expected) => {
    expect(isValidCreditCode(code)).toBe(expected);
  });

  it('refuses values that are not strings', () => {
    expect(isValidCreditCode(null)).toBe(false);
    expect(isValidCreditCode(913501001)).toBe(false);
    expect(isValidCreditCode(undefined)).toBe(false);
  });

  it('computes 0 as the check character when the weighted sum is a multiple of 31', () => {
    // 9·1+1·3+4·9+4·27+2·19+0+0+0+0+0+1·25+0+0+0+0+2·30+0 = 279 = 9·31
    expect(creditCodeCheckChar('91442000001000020')).toBe('0');
    expect(creditCodeCheckChar('9144200000100002')).toBeNull();
    expect(creditCodeCheckChar('9144200000100002I')).toBeNull();
  });

  it('upper-cases and trims in the form schema, and reports the spec message', () => {
    const base = {
      enterpriseName: '示例企业有限公司',
      contactName: '张三',
      contactMobile: '13800138000',
      productName: '示例大米',
      category: 'rice',
      townCode: '442000101',
      standardNo: 'GB/T 1354-2018',
      description: '这是一个用于测试的产品简介文字。',
      attachments: [1],
    };
    expect(brandProductApplicationSchema.safeParse({ ...base, creditCode: ' 91350100m000100y43 ' }).data?.creditCode).toBe(
      '91350100M000100Y43',
    );
    const bad = brandProductApplicationSchema.safeParse({ ...base, creditCode: '91350100M000100Y44' });
    expect(bad.error?.issues[0]?.message).toBe('请输入正确的统一社会信用代码');
  });
});

describe('portal vocabularies', () => {
  it('lists the 23 towns exactly as the NBS file does', () => {
    const csv = fs.readFileSync(path.resolve(import.meta.dirname, '../data/zhongshan/towns-nbs2023.csv'), 'utf8');
    const rows = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','))
      .map(([code, name]) => ({ code: code!, name: name!.replace(/"/g, '') }));
    expect(ZHONGSHAN_TOWNS).toEqual(rows);
    expect(ZHONGSHAN_TOWNS).toHaveLength(23);
  });

  it('has 15 香山之品 categories with unique codes, the unconfirmed ones labelled 待核实', () => {
    expect(XIANGSHAN_CATEGORIES).toHaveLength(15);
    expect(new Set(XIANGSHAN_CATEGORIES.map((c) => c.code)).size).toBe(15);
    for (const c of XIANGSHAN_CATEGORIES) expect(c.name.includes('待核实')).toBe(!c.verified);
  });

  it('gives every section at least one category with unique codes', () => {
    for (const s of PORTAL_SECTIONS) {
      const codes = PORTAL_CATEGORIES[s].map((c) => c.code);
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });
});
