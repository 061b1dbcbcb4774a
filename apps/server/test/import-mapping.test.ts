import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMapping,
  FIELDS,
  MAPPINGS,
  pickMapping,
  type Mapping,
  type RawRecord,
} from '../src/modules/standards/import/mappings.ts';

/** The field-by-field version applyMapping replaced (it now walks the row's own columns). */
function reference(row: Record<string, unknown>, m: Mapping): RawRecord {
  const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  const out: RawRecord = {};
  for (const field of FIELDS) {
    let value: unknown;
    for (const c of m.columns[field] ?? []) {
      if (!isEmpty(row[c])) {
        value = row[c];
        break;
      }
    }
    if (isEmpty(value) && m.defaults?.[field] !== undefined) value = m.defaults[field];
    if (!isEmpty(value)) out[field] = value;
  }
  for (const [col, label] of Object.entries(m.noteColumns ?? {}))
    if (!isEmpty(row[col])) (out.extraNotes ??= []).push(`${label}：${String(row[col]).trim()}`);
  return out;
}

describe('column mappings', () => {
  const mappings = [pickMapping(undefined, {}), ...Object.values(MAPPINGS)];
  it('take each field from its first non-empty column, else the default, as the field-by-field version did', () => {
    const columns = [
      ...new Set(mappings.flatMap((m) => [...Object.values(m.columns).flat(), ...Object.keys(m.noteColumns ?? {})])),
    ];
    expect(columns.length).toBeGreaterThan(50);
    const value = fc.constantFrom<unknown>('', '  ', null, undefined, 'GB/T 1-2020', '示例', 0, 12, new Date(0));
    const row = fc.dictionary(fc.constantFrom(...columns, 'other', '__proto__'), value, { maxKeys: 12 });
    fc.assert(
      fc.property(fc.constantFrom(...mappings), row, (m, r) => {
        expect(applyMapping(r, m)).toEqual(reference(r, m));
      }),
      { numRuns: 5000 },
    );
  });
});
