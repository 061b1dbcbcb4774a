import type { QueryOf } from '@zs/shared/api/endpoint';
import type { EndpointAt } from '@zs/shared/api/routes';
import type { AdminStandardDetail, RelationsBody, StandardFormValues, StatusChangeBody } from '@zs/shared/api/admin-standards';
import type { BannedWords, PrivacyVersionForm, SiteSettingsForm } from '@zs/shared/api/admin-settings';
import type { AuditQuery } from '@zs/shared/api/admin-users';
import type { ReviewLimits } from '@zs/shared/api/console-layout';
import { callApi, urlOf, type RequestConfig, type UploadProgress } from '../../../lib/http.ts';

/** Console operations endpoints, called by route key; every type comes from the shared contract. */
type FulltextAccess = 'open' | 'registered' | 'restricted';
const idParams = (id: number) => ({ id: String(id) });

export type StandardDetail = AdminStandardDetail;
export const searchStandards = (f: { keyword?: string; status?: string; page: number; size?: number }) =>
  callApi('GET /api/admin/standards', { query: { ...f, size: f.size ?? 20 } as QueryOf<EndpointAt<'GET /api/admin/standards'>> });
export const standardDetail = (id: number) => callApi('GET /api/admin/standards/:id', { params: idParams(id) });
export const checkNumber = (no: string, exceptId?: number) =>
  callApi('GET /api/admin/standards/check-no', { query: { no, exceptId } });
export const createStandard = (body: StandardFormValues) => callApi('POST /api/admin/standards', { body });
export const updateStandard = (id: number, body: StandardFormValues) =>
  callApi('PUT /api/admin/standards/:id', { params: idParams(id), body });
export const changeStatus = (id: number, body: StatusChangeBody) =>
  callApi('POST /api/admin/standards/:id/status', { params: idParams(id), body });
export const saveRelations = (id: number, body: RelationsBody) =>
  callApi('PUT /api/admin/standards/:id/relations', { params: idParams(id), body });
export const setFulltextAccess = (id: number, access: string) =>
  callApi('POST /api/admin/standards/:id/fulltext/access', { params: idParams(id), body: { access: access as FulltextAccess } });

/** multipart upload with progress (0–100) through the shared HTTP client. */
const multipart = (
  fields: Record<string, string | File>,
  onProgress: (pct: number) => void,
): RequestConfig & { data: FormData } => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return {
    data: form,
    // The browser sets multipart/form-data with its boundary (the client defaults to JSON).
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 0,
    onUploadProgress: (e: UploadProgress) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  };
};
export const uploadFulltext = (id: number, file: File, access: string, onProgress: (pct: number) => void) =>
  callApi('POST /api/admin/standards/:id/fulltext', { params: idParams(id), config: multipart({ access, file }, onProgress) });

export const uploadImport = (file: File, onProgress: (pct: number) => void) =>
  callApi('POST /api/admin/imports', { config: multipart({ file }, onProgress) });
export const startImport = (id: number) => callApi('POST /api/admin/imports/:id/start', { params: idParams(id) });
export const importJob = (id: number) => callApi('GET /api/admin/imports/:id', { params: idParams(id) });
export const importJobs = (page: number) => callApi('GET /api/admin/imports', { query: { page, size: 10 } });
export const importReportUrl = (id: number) => urlOf('GET /api/admin/imports/:id/report', idParams(id));

export const siteSettings = () => callApi('GET /api/admin/settings');
export const saveSiteSettings = (body: SiteSettingsForm) => callApi('PUT /api/admin/settings', { body });
export const privacyVersions = () => callApi('GET /api/admin/settings/privacy');
export const addPrivacyVersion = (body: PrivacyVersionForm) => callApi('POST /api/admin/settings/privacy', { body });
export const bannedWords = () => callApi('GET /api/admin/settings/banned-words');
export const saveBannedWords = (words: BannedWords) => callApi('PUT /api/admin/settings/banned-words', { body: { words } });
export const demoCounts = () => callApi('GET /api/admin/demo');
export const removeDemo = () => callApi('POST /api/admin/demo/remove');

export const userDetail = (id: number) => callApi('GET /api/admin/users/:id', { params: idParams(id) });
export const auditLog = (f: AuditQuery) => callApi('GET /api/admin/audit-log', { query: f });

export const dashboard = () => callApi('GET /api/admin/dashboard');
export const health = () => callApi('GET /api/admin/health');
export const checkLinks = () => callApi('POST /api/admin/health/check-links');

export const reviewLimits = () => callApi('GET /api/admin/settings/review-limits');
export const saveReviewLimits = (body: ReviewLimits) => callApi('PUT /api/admin/settings/review-limits', { body });
