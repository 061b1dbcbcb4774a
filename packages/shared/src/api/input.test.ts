import { describe, expect, it } from 'vitest';
import {
  BIDI_CONTROLS,
  daySchema,
  findUnstorableText,
  idNumber,
  INT4_MAX,
  isCalendarDay,
  isStorableText,
  wellFormed,
} from './input.ts';
import { serviceApplicationSchema } from '../portal-forms.ts';
import { certificationSchema } from '../usercentre.ts';

describe('text the database can store', () => {
  it('refuses U+0000 and lone surrogates, keeps pairs', () => {
    expect(isStorableText('中山 𠮷 😀')).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', '\ud83d', 'ok\ud83d\ude00\ud800'])
      expect(isStorableText(bad)).toBe(false);
    expect(wellFormed('a\ud800b\ud83d\ude00')).toBe('a\ufffdb\ud83d\ude00');
  });

  it('finds them anywhere in a parsed body, keys included, without recursion limits', () => {
    expect(findUnstorableText({ a: [1, { b: 'ok' }], c: null })).toBeUndefined();
    expect(findUnstorableText({ a: [1, { b: 'x\u0000' }] })).toBe('x\u0000');
    expect(findUnstorableText({ ['k\ud800']: 1 })).toBe('k\ud800');
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toBe('end\u0000');
  });

  it('is enforced by the shared form schemas', () => {
    const form = { serviceId: 1, contactName: '王五', contactMobile: '13700001111', need: '需要对本企业的产品标准进行查新。' };
    expect(serviceApplicationSchema.safeParse(form).success).toBe(true);
    expect(serviceApplicationSchema.safeParse({ ...form, need: '需要对本企业的\u0000产品标准查新。' }).success).toBe(false);
    expect(serviceApplicationSchema.safeParse({ ...form, serviceId: INT4_MAX + 1 }).success).toBe(false);
    const cert = certificationSchema.safeParse({
      companyName: '示例\ud800公司',
      creditCode: '91350100M000100Y43',
      legalRep: '张三',
      contactName: '李四',
      contactMobile: '13912345678',
      licenceFileId: 1,
    });
    expect(cert.success).toBe(false);
  });
});

describe('dates and ids', () => {
  it('accepts real days from year 0001 only', () => {
    for (const ok of ['0001-01-01', '2024-02-29', '9999-12-31']) expect(isCalendarDay(ok)).toBe(true);
    for (const bad of ['0000-01-01', '2023-02-29', '2024-13-01', '2024-1-1', '+02024-01-01'])
      expect(isCalendarDay(bad)).toBe(false);
    expect(daySchema('发布日期起').safeParse('0000-12-31').error?.issues[0]?.message).toBe('发布日期起不是有效日期');
  });

  it('bounds ids to int4', () => {
    const id = idNumber('编号不正确');
    expect(id.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 1e20, '1']) expect(id.safeParse(bad).success).toBe(false);
  });

  it('removes bidi controls with the shared pattern', () => {
    expect('a\u202eb\u2066c\u2069\u200e\u200f'.replace(BIDI_CONTROLS, '')).toBe('abc');
  });
});
