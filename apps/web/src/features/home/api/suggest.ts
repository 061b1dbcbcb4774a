import type { Suggestion } from '@zs/shared/api/standards-search';
import { callApi } from '../../../lib/http.ts';

/** The standards suggestion call of the landing search box; null when it failed. */
export const fetchSuggestions = (keyword: string): Promise<Suggestion[] | null> =>
  callApi('GET /api/portal/standards/suggest', { query: { keyword } }).then((r) => (r.code === 0 ? r.data : null));
