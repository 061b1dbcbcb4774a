import type { BodyOf, QueryOf, ResponseOf } from '@zs/shared/api/endpoint';
import type { EndpointAt } from '@zs/shared/api/routes';
import type { Suggestion } from '@zs/shared/api/standards-search';
import { callApi, http, urlOf } from '../../../lib/http.ts';

/** Calls of apps/server/src/modules/{standards,fulltext,missing-reports}; types from @zs/shared. */
export type { StandardDetail, StandardRelation as Relation, FulltextInfo } from '@zs/shared/api/standards';
export type ClassNode =
  | ResponseOf<EndpointAt<'GET /api/portal/classifications/ccs'>>[number]
  | ResponseOf<EndpointAt<'GET /api/portal/classifications/ics'>>[number];

/** The search page keeps its state as a query string; the call sends the same parameters. */
const queryOf = (qs: string) => Object.fromEntries(new URLSearchParams(qs)) as QueryOf<EndpointAt<'GET /api/portal/standards'>>;

export const standardsApi = {
  search: (qs: string) => callApi('GET /api/portal/standards', { query: queryOf(qs) }),
  exportUrl: (qs: string) => `/api${urlOf('GET /api/portal/standards/export')}?${qs}`,
  check: (numbers: string[]) => callApi('POST /api/portal/standards/check', { body: { numbers } }),
  checkFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    // Let the browser set multipart/form-data with its boundary (the client defaults to JSON).
    return callApi('POST /api/portal/standards/check/file', {
      config: { data: form, headers: { 'Content-Type': 'multipart/form-data' } },
    });
  },
  checkXlsx: (numbers: string[]) =>
    http.post<Blob>(urlOf('POST /api/portal/standards/check/xlsx'), { numbers }, { responseType: 'blob' }).then((r) => r.data),
  suggest: (keyword: string) => callApi('GET /api/portal/standards/suggest', { query: { keyword } }),
  detail: (id: string) => callApi('GET /api/portal/standards/:id', { params: { id } }),
  fulltextInfo: (id: number) => callApi('GET /api/portal/standards/:id/fulltext/info', { params: { id: String(id) } }),
  fulltextUrl: (id: number) => urlOf('GET /api/portal/standards/:id/fulltext', { id: String(id) }),
  downloadUrl: (id: number) => urlOf('GET /api/portal/standards/:id/fulltext/download', { id: String(id) }),
  ccs: () => callApi('GET /api/portal/classifications/ccs'),
  ics: () => callApi('GET /api/portal/classifications/ics'),
  reportMissing: (body: BodyOf<EndpointAt<'POST /api/portal/standards/missing-reports'>>) =>
    callApi('POST /api/portal/standards/missing-reports', { body, form: true }),
};

/** Suggestions of the search box; null when the call failed (the list stays closed). */
export const fetchSuggestions = (keyword: string): Promise<Suggestion[] | null> =>
  standardsApi.suggest(keyword).then((r) => (r.code === 0 ? r.data : null));

export type { Suggestion };
