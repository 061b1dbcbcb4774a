import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeStandardNo, SERIES_CODES, standardNoSearchKeys } from './standard-number.ts';

/**
 * A hyphen typed for the slash of a mark (`GB-T 50010`, `gb-t 50011`) means the slash: over every series
 * of the grammar that takes a mark, the hyphen spelling keys like the slash spelling. Series whose
 * numbers are joined by a hyphen (Shanghai DG/TJ08-, DBJ 15-, ISO parts) keep their meaning.
 */
const DASH = fc.constantFrom('-', '－', '—', ' - ', '- ', ' -');
const full = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const number = fc.tuple(fc.integer({ min: 1, max: 99999 }), fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }));
const year = fc.option(fc.integer({ min: 1990, max: 2030 }), { nil: undefined });
const respell = (s: string, lower: boolean, width: boolean) => {
  const t = lower ? s.toLowerCase() : s;
  return width ? full(t) : t;
};

describe('property: a hyphen for the slash keys like the slash', () => {
  it('every national and industry series code with /T or /Z', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SERIES_CODES),
        fc.constantFrom('T', 'Z'),
        number,
        year,
        DASH,
        fc.constantFrom(' ', ''),
        fc.boolean(),
        fc.boolean(),
        (code, mark, [n, part], y, dash, sep, lower, width) => {
          const no = `${n}${part ? `.${part}` : ''}${y ? `-${y}` : ''}`;
          const slash = normalizeStandardNo(`${code}/${mark} ${no}`);
          expect(slash?.key).toBe(`${code}/${mark}${no}`);
          const hyphen = normalizeStandardNo(respell(`${code}${dash}${mark}${sep}${no}`, lower, width));
          expect(hyphen?.key).toBe(slash!.key);
          expect(hyphen?.nature).toBe(slash!.nature);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('local (DB44/T, DB4420/Z) and group or enterprise (T/CECS, Q/GDW) marks', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('DB44-T', 'DB4420-T', 'DB31-Z', 'DB440100-T', 'T-CECS', 'T-ZSJX', 'Q-GDW'),
        number,
        year,
        fc.boolean(),
        (series, [n], y, lower) => {
          const no = `${n}${y ? `-${y}` : ''}`;
          const slash = normalizeStandardNo(`${series.replace('-', '/')} ${no}`);
          expect(slash).toBeDefined();
          expect(normalizeStandardNo(respell(`${series} ${no}`, lower, false))?.key).toBe(slash!.key);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hyphens that belong to the number keep their meaning', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ['DG/TJ08-', 'DG/TJ08-'],
          ['DGJ08-', 'DG/TJ08-'],
          ['DG-TJ08-', 'DG/TJ08-'],
          ['DBJ 15-', 'DBJ15-'],
          ['DBJ/T 15-', 'DBJ/T15-'],
        ),
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1990, max: 2030 }),
        ([typed, canon], n, y) => {
          expect(normalizeStandardNo(`${typed}${n}-${y}`)?.key).toBe(`${canon}${n}-${y}`);
        },
      ),
      { numRuns: 300 },
    );
    expect(normalizeStandardNo('ISO 8601-1:2019')?.key).toBe('ISO8601-1:2019');
    // Codes that end in T themselves stay whole when no hyphen is typed.
    expect(normalizeStandardNo('MT 1-2020')?.key).toBe('MT1-2020');
    // Letters that are no series code are not guessed at.
    expect(normalizeStandardNo('XX-T 1-2020')).toBeUndefined();
  });
});

describe('search keys of hyphen spellings', () => {
  it.each([
    ['GB-T 50010', 'GB/T50010'],
    ['gb-t 50011', 'GB/T50011'],
    ['JGJ-T 67-2019', 'JGJ/T67'],
  ])('%s searches like the slash', (typed, base) => {
    expect(standardNoSearchKeys(typed).base[0]).toBe(base);
    expect(standardNoSearchKeys(typed)).toEqual(standardNoSearchKeys(typed.replace('-', '/')));
  });

  it('a hyphen spelling being typed is a prefix of the series', () => {
    expect(standardNoSearchKeys('GB-T').prefix).toBe('GB/T');
    expect(standardNoSearchKeys('gb-t 500').prefix).toBe('GB/T500');
  });
});
