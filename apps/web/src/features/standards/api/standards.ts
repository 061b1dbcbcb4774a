import type { BatchCheckResultT, SearchPage, Suggestion } from '@zs/shared/api/standards-search';
import { reportMissingStandard } from '@zs/shared/api/missing-reports';
import type { BodyOf } from '@zs/shared/api/endpoint';
import { get, http, post } from '../../../lib/http.ts';
import { callApi } from '../../../lib/callApi.ts';

/** Calls of apps/server/src/modules/{standards,fulltext,missing-reports}. */
export interface StandardDetail {
  id: number;
  standardNo: string;
  nameZh: string;
  nameEn: string | null;
  level: string;
  nature: string | null;
  status: string;
  publishDate: string | null;
  implementDate: string | null;
  abolishDate: string | null;
  ccsCode: string | null;
  ccsName: string | null;
  icsCode: string | null;
  icsNameEn: string | null;
  icsNameZh: string | null;
  department: string | null;
  committee: string | null;
  issuer: string | null;
  draftingUnits: string | null;
  drafters: string | null;
  adoptedNo: string | null;
  adoptionDegree: string | null;
  scope: string | null;
  notes: string | null;
  region: string | null;
  category: string | null;
  officialUrl: string | null;
  replaces: Relation[];
  replacedBy: Relation[];
  statusHistory: { oldStatus: string | null; newStatus: string; changedAt: string; source: string | null }[];
  sourceCredit: { source: string; licence: string | null; sourceRef: string | null } | null;
}

export interface Relation {
  kind: string;
  label: string;
  standardNo: string;
  id: number | null;
  inferred: boolean;
  note: string | null;
  depth: number;
}

export interface FulltextInfo {
  hasFulltext: boolean;
  pages: number;
  readablePages: number;
  canDownload: boolean;
  access: 'open' | 'registered' | 'restricted' | null;
}

export interface ClassNode {
  code: string;
  name?: string;
  nameZh?: string | null;
  nameEn?: string;
  level: number;
  parent: string | null;
}

export const standardsApi = {
  search: (qs: string) => get<SearchPage>(`/portal/standards?${qs}`),
  exportUrl: (qs: string) => `/api/portal/standards/export?${qs}`,
  check: (numbers: string[]) => post<BatchCheckResultT>('/portal/standards/check', { numbers }),
  checkFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    // Let the browser set multipart/form-data with its boundary (the client defaults to JSON).
    return post<BatchCheckResultT>('/portal/standards/check/file', form, { headers: { 'Content-Type': 'multipart/form-data' } });
  },
  checkXlsx: (numbers: string[]) =>
    http.post<Blob>('/portal/standards/check/xlsx', { numbers }, { responseType: 'blob' }).then((r) => r.data),
  suggest: (keyword: string) => get<Suggestion[]>(`/portal/standards/suggest?keyword=${encodeURIComponent(keyword)}`),
  detail: (id: string) => get<StandardDetail>(`/portal/standards/${encodeURIComponent(id)}`),
  fulltextInfo: (id: number) => get<FulltextInfo>(`/portal/standards/${id}/fulltext/info`),
  fulltextUrl: (id: number) => `/portal/standards/${id}/fulltext`,
  downloadUrl: (id: number) => `/portal/standards/${id}/fulltext/download`,
  ccs: () => get<ClassNode[]>('/portal/classifications/ccs'),
  ics: () => get<ClassNode[]>('/portal/classifications/ics'),
  reportMissing: (body: BodyOf<typeof reportMissingStandard>) => callApi(reportMissingStandard, { body, form: true }),
};

/** Suggestions of the search box; null when the call failed (the list stays closed). */
export const fetchSuggestions = (keyword: string): Promise<Suggestion[] | null> =>
  standardsApi.suggest(keyword).then((r) => (r.code === 0 ? r.data : null));

export type { Suggestion };
