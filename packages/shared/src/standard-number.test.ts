import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeStandardNo, numberOrderKey, seriesVariants, standardNoSearchKeys } from './standard-number.ts';

describe('normalizeStandardNo', () => {
  it.each([
    // input, key, prefix, number, year, display
    ['GB/T 50001-2017', 'GB/T50001-2017', 'GB/T', '50001', '2017', 'GB/T 50001-2017'],
    ['GB/T50001-2017', 'GB/T50001-2017', 'GB/T', '50001', '2017', 'GB/T 50001-2017'],
    ['GB / T 50001 — 2017', 'GB/T50001-2017', 'GB/T', '50001', '2017', 'GB/T 50001-2017'],
    ['ＧＢ／Ｔ５０００１—２０１７', 'GB/T50001-2017', 'GB/T', '50001', '2017', 'GB/T 50001-2017'],
    ['ＧＢ／Ｔ　５０００１－２０１７', 'GB/T50001-2017', 'GB/T', '50001', '2017', 'GB/T 50001-2017'],
    ['gb/t 50001–2017', 'GB/T50001-2017', 'GB/T', '50001', '2017', 'GB/T 50001-2017'],
    ['  GB  55001-2021 ', 'GB55001-2021', 'GB', '55001', '2021', 'GB 55001-2021'],
    ['GB/Z 41275.1-2022', 'GB/Z41275.1-2022', 'GB/Z', '41275.1', '2022', 'GB/Z 41275.1-2022'],
    ['GB 3100-93', 'GB3100-1993', 'GB', '3100', '1993', 'GB 3100-1993'],
    ['GB/T 50001', 'GB/T50001', 'GB/T', '50001', undefined, 'GB/T 50001'],
    ['JGJ 3-2010', 'JGJ3-2010', 'JGJ', '3', '2010', 'JGJ 3-2010'],
    ['JGJ/T 67-2019', 'JGJ/T67-2019', 'JGJ/T', '67', '2019', 'JGJ/T 67-2019'],
    ['JB/T 10001-2018', 'JB/T10001-2018', 'JB/T', '10001', '2018', 'JB/T 10001-2018'],
    ['CJJ 1-2008', 'CJJ1-2008', 'CJJ', '1', '2008', 'CJJ 1-2008'],
    ['HJ 2.2-2018', 'HJ2.2-2018', 'HJ', '2.2', '2018', 'HJ 2.2-2018'],
    ['YY/T 0287-2017', 'YY/T0287-2017', 'YY/T', '0287', '2017', 'YY/T 0287-2017'],
    ['DB44/T 1234-2020', 'DB44/T1234-2020', 'DB44/T', '1234', '2020', 'DB44/T 1234-2020'],
    ['DB4420/T 12-2021', 'DB4420/T12-2021', 'DB4420/T', '12', '2021', 'DB4420/T 12-2021'],
    ['DB4403/T 100—2020', 'DB4403/T100-2020', 'DB4403/T', '100', '2020', 'DB4403/T 100-2020'],
    ['DB4420 5-2019', 'DB44205-2019', 'DB4420', '5', '2019', 'DB4420 5-2019'],
    ['DB44123-2020', 'DB44123-2020', 'DB44', '123', '2020', 'DB44 123-2020'],
    ['DBJ/T 15-101-2022', 'DBJ/T15-101-2022', 'DBJ/T15', '101', '2022', 'DBJ/T 15-101-2022'],
    ['T/CECS 123-2020', 'T/CECS123-2020', 'T/CECS', '123', '2020', 'T/CECS 123-2020'],
    ['t/cecs123-2020', 'T/CECS123-2020', 'T/CECS', '123', '2020', 'T/CECS 123-2020'],
    ['Q/GDW 1168-2013', 'Q/GDW1168-2013', 'Q/GDW', '1168', '2013', 'Q/GDW 1168-2013'],
    ['ISO 9001:2015', 'ISO9001:2015', 'ISO', '9001', '2015', 'ISO 9001:2015'],
    ['ISO/IEC 27001:2022', 'ISO/IEC27001:2022', 'ISO/IEC', '27001', '2022', 'ISO/IEC 27001:2022'],
    ['ISO 80000-1:2009', 'ISO80000-1:2009', 'ISO', '80000-1', '2009', 'ISO 80000-1:2009'],
    ['DG/TJ08-2158-2023', 'DG/TJ08-2158-2023', 'DG/TJ08', '2158', '2023', 'DG/TJ08-2158-2023'],
    ['DG/TJ 08-2075-2022', 'DG/TJ08-2075-2022', 'DG/TJ08', '2075', '2022', 'DG/TJ08-2075-2022'],
    ['DG\\TJ08-2336-2020', 'DG/TJ08-2336-2020', 'DG/TJ08', '2336', '2020', 'DG/TJ08-2336-2020'],
    ['DGTJ08-2093-2019', 'DG/TJ08-2093-2019', 'DG/TJ08', '2093', '2019', 'DG/TJ08-2093-2019'],
    ['DG TJ08-2093-2019', 'DG/TJ08-2093-2019', 'DG/TJ08', '2093', '2019', 'DG/TJ08-2093-2019'],
    ['DJ/TJ08-10-2022', 'DG/TJ08-10-2022', 'DG/TJ08', '10', '2022', 'DG/TJ08-10-2022'],
    ['DG/TJ08 2397-2022', 'DG/TJ08-2397-2022', 'DG/TJ08', '2397', '2022', 'DG/TJ08-2397-2022'],
    ['DG/TJ 08 2371-2021', 'DG/TJ08-2371-2021', 'DG/TJ08', '2371', '2021', 'DG/TJ08-2371-2021'],
    ['DG/TJ 082077-2021', 'DG/TJ08-2077-2021', 'DG/TJ08', '2077', '2021', 'DG/TJ08-2077-2021'],
    ['DG/TJ08-2433A-2023', 'DG/TJ08-2433A-2023', 'DG/TJ08', '2433A', '2023', 'DG/TJ08-2433A-2023'],
    ['DGJ08-20-2019', 'DG/TJ08-20-2019', 'DG/TJ08', '20', '2019', 'DGJ08-20-2019'],
    ['DG/J08-20-2019', 'DG/TJ08-20-2019', 'DG/TJ08', '20', '2019', 'DGJ08-20-2019'],
    ['DG/TJ08-22', 'DG/TJ08-22', 'DG/TJ08', '22', undefined, 'DG/TJ08-22'],
    ['DGJ08107-2015', 'DG/TJ08-107-2015', 'DG/TJ08', '107', '2015', 'DGJ08-107-2015'],
  ])('%s → %s', (input, key, prefix, number, year, display) => {
    const r = normalizeStandardNo(input);
    expect(r).toBeDefined();
    expect(r!.key).toBe(key);
    expect(r!.prefix).toBe(prefix);
    expect(r!.number).toBe(number);
    expect(r!.year).toBe(year);
    expect(r!.display).toBe(display);
  });

  it('keeps an edition suffix out of the key', () => {
    const r = normalizeStandardNo('GB 50016-2014(2018年版)')!;
    expect(r.key).toBe('GB50016-2014');
    expect(r.edition).toBe('2018');
    expect(r.display).toBe('GB 50016-2014(2018年版)');
    expect(normalizeStandardNo('JGJ 39-2016（2019年版）')!.key).toBe('JGJ39-2016');
  });

  it.each([
    ['GB 55001-2021', 'national', 'mandatory', undefined],
    ['GB/T 50001-2017', 'national', 'recommended', undefined],
    ['GB/Z 1-2000', 'national', 'guidance', undefined],
    ['JGJ/T 67-2019', 'industry', 'recommended', undefined],
    ['JGJ 100-2015', 'industry', undefined, undefined],
    ['DB4420/T 1-2020', 'local', 'recommended', '4420'],
    ['DB4403/T 1-2020', 'local', 'recommended', '4403'],
    ['DG/TJ08-2158-2023', 'local', undefined, '31'],
    ['T/CECS 1-2020', 'group', undefined, undefined],
    ['Q/GDW 1-2020', 'enterprise', undefined, undefined],
    ['ISO 9001:2015', 'international', undefined, undefined],
  ])('%s is %s / %s / region %s', (input, level, nature, region) => {
    const r = normalizeStandardNo(input)!;
    expect(r.level).toBe(level);
    expect(r.nature).toBe(nature);
    expect(r.regionCode).toBe(region);
  });

  it.each(['', '   ', '建筑设计防火规范', 'GB', 'GB/T', '50001', 'T/ 123', 'DB 12', "GB/T 1' OR 1=1", 'x'.repeat(5000)])(
    'rejects %j',
    (input) => {
      expect(normalizeStandardNo(input)).toBeUndefined();
    },
  );
});

describe('standardNoSearchKeys', () => {
  it('offers the key, its /T twins and the base for a full number', () => {
    const k = standardNoSearchKeys('GB 50011-2010');
    expect(k.exact[0]).toBe('GB50011-2010');
    expect(k.exact).toContain('GB/T50011-2010');
    expect(k.base).toContain('GB/T50011');
    expect(k.prefix).toBe('GB50011-2010');
  });

  it('gives a base key for a number typed without year', () => {
    const k = standardNoSearchKeys('ｇｂ／ｔ ５０００１');
    expect(k.exact).toEqual([]);
    expect(k.base[0]).toBe('GB/T50001');
  });

  it('gives a literal prefix for a number being typed', () => {
    expect(standardNoSearchKeys('GB/T 5000').base[0]).toBe('GB/T5000');
    expect(standardNoSearchKeys('GB/T50001-20').prefix).toBe('GB/T50001-20');
    expect(standardNoSearchKeys('GB/T50001-20').exact).toContain('GB/T50001-2020');
    expect(standardNoSearchKeys('DGJ08-2').prefix).toBe('DG/TJ08-2');
    expect(standardNoSearchKeys('GB/T50001-201').prefix).toBe('GB/T50001-201');
  });

  it('also reads GBZ with its slash left out as GB/Z, after the whole series', () => {
    const k = standardNoSearchKeys('GBZ 369-2010');
    expect(k.exact[0]).toBe('GBZ369-2010');
    expect(k.exact).toContain('GB/Z369-2010');
    expect(k.exact.indexOf('GB/Z369-2010')).toBeGreaterThan(k.exact.indexOf('GBZ/T369-2010'));
    expect(standardNoSearchKeys('JT 1').base).not.toContain('J/T1');
  });

  it('names the twin series of a prefix, the one as typed first', () => {
    expect(seriesVariants('GB')).toEqual(['GB', 'GB/T', 'GB/Z']);
    expect(seriesVariants('GBZ')[0]).toBe('GBZ');
    expect(seriesVariants('GBZ')).toContain('GB/Z');
    expect(seriesVariants('DG/TJ08')).toEqual(['DG/TJ08']);
    expect(seriesVariants('T/CECS')).toEqual(['T/CECS']);
  });

  it('offers nothing number-like for words or wildcards', () => {
    expect(standardNoSearchKeys('混凝土')).toEqual({ exact: [], base: [] });
    expect(standardNoSearchKeys('%_\\')).toEqual({ exact: [], base: [] });
    expect(standardNoSearchKeys('GB%')).toEqual({ exact: [], base: [] });
  });
});

describe('spellings people type', () => {
  it.each([
    ['GBT 50011', 'GB/T50011'],
    ['GBT50011', 'GB/T50011'],
    ['ＧＢＴ５００１１', 'GB/T50011'],
    ['gb/t50011.2010', 'GB/T50011-2010'],
    ['GB/T 50011 2010', 'GB/T50011-2010'],
    ['GB T 50011-2010', 'GB/T50011-2010'],
    ['GB.T 50011-2010', 'GB/T50011-2010'],
    ['JGJT 67', 'JGJ/T67'],
    ['JGJ T67-2019', 'JGJ/T67-2019'],
    ['jgjt67－2019', 'JGJ/T67-2019'],
    ['JGJ/T 67—2019', 'JGJ/T67-2019'],
    ['CJJT 1-2008', 'CJJ/T1-2008'],
    ['JGT 100-2010', 'JG/T100-2010'],
    ['JTT 1234-2020', 'JT/T1234-2020'],
    ['GB 50016-2014(2018年版)', 'GB50016-2014'],
    ['GB 50016-2014 2018年版', 'GB50016-2014'],
    ['GB 50011-2010(2024年版)', 'GB50011-2010'],
    ['GB 50011-2010 XG1', 'GB50011-2010'],
    ['GB50011-2010XG1', 'GB50011-2010'],
    ['GB 50011-2010/XG1-2016', 'GB50011-2010'],
    ['GB 50011-2010(2016年版)XG1', 'GB50011-2010'],
    ['DB4420T12-2021', 'DB4420/T12-2021'],
    ['db44/t1234.2020', 'DB44/T1234-2020'],
    ['TCECS123-2020', 'T/CECS123-2020'],
    ['T CECS 123-2020', 'T/CECS123-2020'],
    ['QGDW 1168-2013', 'Q/GDW1168-2013'],
    ['TB 10001-2016', 'TB10001-2016'],
    ['QB 1234-2010', 'QB1234-2010'],
  ])('%s → %s', (input, key) => {
    expect(normalizeStandardNo(input)?.key).toBe(key);
  });

  it('keeps series codes that end in T or Z whole', () => {
    expect(normalizeStandardNo('MT 1234-2020')!.key).toBe('MT1234-2020');
    expect(normalizeStandardNo('JT 1234-2020')!.key).toBe('JT1234-2020');
    expect(normalizeStandardNo('GBZ 2.1-2019')!.key).toBe('GBZ2.1-2019');
  });

  it('reads a dotted year after a dash-joined number with four digits', () => {
    expect(normalizeStandardNo('dg/tj08-2042.1990')!.key).toBe('DG/TJ08-2042-1990');
    expect(normalizeStandardNo('DBJ/T 15-1010 2020')!.key).toBe('DBJ/T15-1010-2020');
    expect(normalizeStandardNo('GB/T 50011-2010.2010')).toBeUndefined();
  });

  it('reads a mark written apart as a mark even when the joined letters are a code', () => {
    expect(normalizeStandardNo('GB Z 43-2001')!.key).toBe('GB/Z43-2001');
    expect(normalizeStandardNo('GB.Z 43-2001')!.key).toBe('GB/Z43-2001');
    expect(normalizeStandardNo('JT T 1-2020')!.key).toBe('JT/T1-2020');
    expect(normalizeStandardNo('GBZ T 229-2010')!.key).toBe('GBZ/T229-2010');
  });

  it('records the amendment mark apart from the key', () => {
    const r = normalizeStandardNo('GB 50011-2010 XG1')!;
    expect(r.amendment).toBe('XG1');
    expect(r.display).toBe('GB 50011-2010');
  });
});

/** Ways one canonical number is written by hand; every one must parse back to the same key. */
const respell = {
  slash: fc.constantFrom('/', '', ' ', '／', ' / '),
  sep: fc.constantFrom(' ', '', '　'),
  dash: fc.constantFrom('-', '—', '－', '–', ' - ', '.', ' '),
  width: fc.constantFrom('half', 'full'),
  lower: fc.boolean(),
};
const full = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe('property: any spelling of a number parses to its key', () => {
  it('series with a /T mark', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('GB', 'JGJ', 'CJJ', 'JG', 'HJ', 'YY', 'JB'),
        fc.integer({ min: 1, max: 99999 }),
        fc.integer({ min: 1990, max: 2030 }),
        fc.boolean(),
        respell.slash,
        respell.sep,
        respell.dash,
        respell.width,
        respell.lower,
        (code, n, year, withYear, slash, sep, dash, width, lower) => {
          let s = `${code}${slash}T${sep}${n}${withYear ? `${dash}${year}` : ''}`;
          if (lower) s = s.toLowerCase();
          if (width === 'full') s = full(s);
          const key = `${code}/T${n}${withYear ? `-${year}` : ''}`;
          expect(normalizeStandardNo(s)?.key).toBe(key);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('bare series, Shanghai and Zhongshan numbers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(['GB', 'GB'], ['DB4420/T', 'DB4420/T'], ['DG/TJ08-', 'DG/TJ08-'], ['DGJ08-', 'DG/TJ08-']),
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1990, max: 2030 }),
        respell.sep,
        fc.constantFrom('-', '—', '－'),
        respell.width,
        respell.lower,
        ([typed, canon], n, year, sep, dash, width, lower) => {
          let s = `${typed}${typed.endsWith('-') ? '' : sep}${n}${dash}${year}`;
          if (lower) s = s.toLowerCase();
          if (width === 'full') s = full(s);
          expect(normalizeStandardNo(s)?.key).toBe(`${canon}${n}-${year}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('space or dot before the year', () => {
  it.each([
    ['DG/TJ 08 9 2013', 'DG/TJ08-9-2013'],
    ['DGJ08-9.2013', 'DG/TJ08-9-2013'],
    ['DB4420/T 12 2021', 'DB4420/T12-2021'],
    ['HJ 2.2 2018', 'HJ2.2-2018'],
  ])('%s → %s', (input, key) => {
    expect(normalizeStandardNo(input)?.key).toBe(key);
  });

  it('reads a lone number after a series code as the number, not a year', () => {
    expect(normalizeStandardNo('DB4420 2019')?.year).toBeUndefined();
  });
});

describe('numberOrderKey', () => {
  const key = (s: string) => numberOrderKey(normalizeStandardNo(s)!);
  it.each([
    ['DG/TJ08-9-2023', '000000000009'],
    ['DG/TJ08-2158-2023', '000000002158'],
    ['GB/T 50011-2010', '000000050011'],
    ['GB/Z 41275.1-2022', '000000041275'],
    ['DBJ/T 15-101-2022', '000000000101'],
    ['ISO/IEC 27001:2022', '000000027001'],
    ['T/CECS 1234567890123-2020', '123456789012'],
  ])('%s → %s', (no, k) => expect(key(no)).toBe(k));

  it('orders numbers of a series by their leading number', () => {
    const nos = ['DG/TJ08-20-2020', 'DG/TJ08-9-2013', 'DG/TJ08-101-2019', 'DG/TJ08-2A-2001'];
    expect([...nos].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([
      'DG/TJ08-2A-2001',
      'DG/TJ08-9-2013',
      'DG/TJ08-20-2020',
      'DG/TJ08-101-2019',
    ]);
  });
});
