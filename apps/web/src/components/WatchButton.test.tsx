import { describe, expect, it } from 'vitest';
import { watchOfSearch } from './WatchButton.tsx';

describe('关注此检索: what a search watches', () => {
  const s = (keyword: string, ccs = '', ics = '') => watchOfSearch({ keyword, ccs, ics });
  it('a class filter first', () => {
    expect(s('燃气', 'P32')).toMatchObject({ kind: 'ccs', value: 'P32' });
    expect(s('燃气', '', '91.140')).toMatchObject({ kind: 'ics', value: '91.140' });
  });
  it('a number prefix as a series', () => {
    expect(s('DB4420/T')).toMatchObject({ kind: 'series', value: 'DB4420/T' });
    expect(s('JGJ/T')).toMatchObject({ kind: 'series', value: 'JGJ/T' });
    expect(s('GB')).toMatchObject({ kind: 'series', value: 'GB' });
  });
  it('otherwise the keyword, when it has two characters or more', () => {
    expect(s('燃气用具')).toMatchObject({ kind: 'keyword', value: '燃气用具' });
    expect(s('DB4420/T 12-2020')).toMatchObject({ kind: 'keyword' });
    expect(s('水')).toBeNull();
    expect(s('  ')).toBeNull();
  });
});
