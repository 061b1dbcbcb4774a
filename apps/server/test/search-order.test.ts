import { describe, expect, it } from 'vitest';
import { orderKeys } from '../src/modules/standards/catalogue/repository.ts';
import { buildPartial, buildSearch } from '../src/modules/standards/search/search-sql.ts';

describe('ORDER BY lists split into sort keys', () => {
  it('keeps commas inside parentheses and quotes with their expression', () => {
    expect(
      orderKeys(
        `(case when status in ('current', 'upcoming') then 40 else 0 end) desc, least(a, b) asc nulls first,\n standards.implement_date desc nulls last, standards.id`,
      ),
    ).toEqual([
      { expr: `(case when status in ('current', 'upcoming') then 40 else 0 end)`, dir: 'desc' },
      { expr: 'least(a, b)', dir: 'asc nulls first' },
      { expr: 'standards.implement_date', dir: 'desc nulls last' },
      { expr: 'standards.id', dir: '' },
    ]);
  });

  it('splits every order the search builds into as many keys as it has', () => {
    const keyword = buildSearch({}, '混凝土结构', []);
    expect(orderKeys(keyword.orderBy).map((k) => k.dir)).toEqual(['desc', 'desc nulls last', 'desc']);
    const number = buildSearch({}, 'GB/T 500', []);
    expect(orderKeys(number.orderBy).map((k) => k.expr.replace(/^\(case[\s\S]*/, 'score'))).toEqual([
      'score',
      'standards.no_prefix',
      'standards.no_order',
      'standards.no_base',
      'standards.no_key',
      'standards.id',
    ]);
    const partial = buildPartial({}, [['地下', '下室', '室防', '防水']])!;
    expect(orderKeys(partial.orderBy).map((k) => k.dir)).toEqual(['desc', 'desc', 'desc nulls last', 'desc']);
  });

  it('compares English titles only for keywords without Han characters', () => {
    expect(buildSearch({}, '混凝土结构', []).orderBy).not.toContain('name_en');
    expect(buildSearch({}, 'seismic design', []).orderBy).toContain('name_en');
  });
});
