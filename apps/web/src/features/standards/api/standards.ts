import { reportMissingStandard } from '@zs/shared/api/missing-reports';
import * as api from '@zs/shared/api/standards';
import type { BodyOf, QueryOf, ResponseOf } from '@zs/shared/api/endpoint';
import type { Suggestion } from '@zs/shared/api/standards-search';
import { http } from '../../../lib/http.ts';
import { callApi, urlOf } from '../../../lib/callApi.ts';

/** Calls of apps/server/src/modules/{standards,fulltext,missing-reports}; types from @zs/shared. */
export type { StandardDetail, StandardRelation as Relation, FulltextInfo } from '@zs/shared/api/standards';
export type ClassNode = ResponseOf<typeof api.ccsClassification>[number] | ResponseOf<typeof api.icsClassification>[number];

/** The search page keeps its state as a query string; the call sends the same parameters. */
const queryOf = (qs: string) => Object.fromEntries(new URLSearchParams(qs)) as QueryOf<typeof api.searchStandards>;

export const standardsApi = {
  search: (qs: string) => callApi(api.searchStandards, { query: queryOf(qs) }),
  exportUrl: (qs: string) => `/api${urlOf(api.exportSearch)}?${qs}`,
  check: (numbers: string[]) => callApi(api.checkStandards, { body: { numbers } }),
  checkFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    // Let the browser set multipart/form-data with its boundary (the client defaults to JSON).
    return callApi(api.checkStandardsFile, { config: { data: form, headers: { 'Content-Type': 'multipart/form-data' } } });
  },
  checkXlsx: (numbers: string[]) =>
    http.post<Blob>(urlOf(api.checkStandardsXlsx), { numbers }, { responseType: 'blob' }).then((r) => r.data),
  suggest: (keyword: string) => callApi(api.suggestStandards, { query: { keyword } }),
  detail: (id: string) => callApi(api.standardDetail, { params: { id } }),
  fulltextInfo: (id: number) => callApi(api.fulltextInfo, { params: { id: String(id) } }),
  fulltextUrl: (id: number) => urlOf(api.readFulltext, { id }),
  downloadUrl: (id: number) => urlOf(api.downloadFulltext, { id }),
  ccs: () => callApi(api.ccsClassification),
  ics: () => callApi(api.icsClassification),
  reportMissing: (body: BodyOf<typeof reportMissingStandard>) => callApi(reportMissingStandard, { body, form: true }),
};

/** Suggestions of the search box; null when the call failed (the list stays closed). */
export const fetchSuggestions = (keyword: string): Promise<Suggestion[] | null> =>
  standardsApi.suggest(keyword).then((r) => (r.code === 0 ? r.data : null));

export type { Suggestion };
