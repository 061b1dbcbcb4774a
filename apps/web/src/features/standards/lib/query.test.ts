import { describe, expect, it } from 'vitest';
import { apiQuery, hasFilters, parseSearch, toQuery } from './query.ts';

describe('standard search URL state', () => {
  it('round-trips every filter through the query string', () => {
    const qs =
      'keyword=GB+50016&level=national&status=current&nature=mandatory&ccs=P&ics=91&region=广东&publishFrom=2020-01-01&publishTo=2021-12-31&implementFrom=2020-02-01&implementTo=2022-01-01&sort=publish&page=3';
    const state = parseSearch(new URLSearchParams(qs));
    expect(state).toMatchObject({ keyword: 'GB 50016', level: 'national', region: '广东', sort: 'publish', page: 3 });
    expect(parseSearch(toQuery(state))).toEqual(state);
  });

  it('drops values the server would refuse', () => {
    const s = parseSearch(new URLSearchParams('level=galactic&status=x&publishFrom=2020-13&page=-2&sort=random'));
    expect(s).toMatchObject({ level: '', status: '', publishFrom: '', page: 1, sort: 'relevance' });
  });

  it('keeps a district preset out of the URL but always in the API query', () => {
    const preset = { region: '中山' };
    const s = parseSearch(new URLSearchParams(''), preset);
    expect(s.region).toBe('中山');
    expect(toQuery(s, preset).toString()).toBe('');
    expect(new URLSearchParams(apiQuery(s)).get('region')).toBe('中山');
    expect(hasFilters(s, preset)).toBe(false);
    expect(hasFilters({ ...s, region: '广东' }, preset)).toBe(true);
    expect(toQuery({ ...s, region: '广东' }, preset).get('region')).toBe('广东');
  });
});
