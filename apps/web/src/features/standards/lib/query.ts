import { SEARCH_SORTS, STANDARD_LEVELS, STANDARD_NATURES, STANDARD_STATUSES, type SearchSort } from '@zs/shared/standards';

/** Every search filter lives in the URL query string, so a search can be shared and back/forward restore it. */
export interface SearchState {
  keyword: string;
  level: string;
  status: string;
  nature: string;
  ccs: string;
  ics: string;
  region: string;
  publishFrom: string;
  publishTo: string;
  implementFrom: string;
  implementTo: string;
  sort: SearchSort;
  page: number;
}

export const PAGE_SIZE = 10;
const FILTER_KEYS = [
  'keyword',
  'level',
  'status',
  'nature',
  'ccs',
  'ics',
  'region',
  'publishFrom',
  'publishTo',
  'implementFrom',
  'implementTo',
] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = (v: string | null, list: readonly string[]) => (v && list.includes(v) ? v : '');

/** Reads the state from a query string, dropping values the server would refuse. */
export function parseSearch(params: URLSearchParams, preset: Partial<SearchState> = {}): SearchState {
  const text = (k: string, max = 100) => (params.get(k) ?? '').slice(0, max);
  const day = (k: string) => (DAY.test(params.get(k) ?? '') ? params.get(k)! : '');
  const page = Number(params.get('page'));
  return {
    keyword: text('keyword'),
    level: oneOf(params.get('level'), STANDARD_LEVELS),
    status: oneOf(params.get('status'), STANDARD_STATUSES),
    nature: oneOf(params.get('nature'), STANDARD_NATURES),
    ccs: text('ccs', 20),
    ics: text('ics', 20),
    region: text('region', 20) || preset.region || '',
    publishFrom: day('publishFrom'),
    publishTo: day('publishTo'),
    implementFrom: day('implementFrom'),
    implementTo: day('implementTo'),
    sort: (oneOf(params.get('sort'), SEARCH_SORTS) || 'relevance') as SearchSort,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The query string of a state: empty values and defaults are left out, so URLs stay short. */
export function toQuery(s: SearchState, preset: Partial<SearchState> = {}): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = s[k].trim();
    if (v && !(k === 'region' && v === preset.region)) p.set(k, v);
  }
  if (s.sort !== 'relevance') p.set('sort', s.sort);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

/** The API query: the state plus the page size; the preset region always applies. */
export function apiQuery(s: SearchState): string {
  const p = toQuery(s);
  if (s.region) p.set('region', s.region);
  p.set('size', String(PAGE_SIZE));
  return p.toString();
}

/** Whether any filter besides the keyword is set (for the "clear filters" action). */
export const hasFilters = (s: SearchState, preset: Partial<SearchState> = {}) =>
  FILTER_KEYS.some((k) => k !== 'keyword' && s[k] && !(k === 'region' && s[k] === preset.region));
