import type { z } from 'zod';
import type {
  AdminStandardDetail,
  AdminStandardPage,
  RelationsBody,
  StandardFormValues,
  StatusChangeBody,
} from '@zs/shared/api/admin-standards';
import type { ImportJob, ImportPreview } from '@zs/shared/api/admin-import';
import type {
  BannedWords,
  PrivacyVersion,
  PrivacyVersionForm,
  SiteSettings,
  SiteSettingsForm,
} from '@zs/shared/api/admin-settings';
import type { AdminUserDetail, AuditPage, AuditQuery } from '@zs/shared/api/admin-users';
import type { Dashboard, SiteHealth } from '@zs/shared/api/admin-dashboard';
import type { ReviewLimits } from '@zs/shared/api/console-layout';
import { get, http, post, put, type UploadProgress } from '../../../lib/http.ts';
import type { Envelope } from '@zs/shared/envelope';

/** Console operations endpoints; every type is inferred from the shared schemas. */
const qs = (params: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

export type StandardDetail = AdminStandardDetail;
export const searchStandards = (f: { keyword?: string; status?: string; page: number; size?: number }) =>
  get<z.infer<typeof AdminStandardPage>>(`/admin/standards?${qs({ ...f, size: f.size ?? 20 })}`);
export const standardDetail = (id: number) => get<StandardDetail>(`/admin/standards/${id}`);
export const checkNumber = (no: string, exceptId?: number) =>
  get<{ valid: boolean; normalized: string | null; existingId: number | null; existingNo: string | null }>(
    `/admin/standards/check-no?${qs({ no, exceptId })}`,
  );
export const createStandard = (body: StandardFormValues) => post<{ id: number; standardNo: string }>('/admin/standards', body);
export const updateStandard = (id: number, body: StandardFormValues) => put<StandardDetail>(`/admin/standards/${id}`, body);
export const changeStatus = (id: number, body: StatusChangeBody) =>
  post<StandardDetail & { notified: number }>(`/admin/standards/${id}/status`, body);
export const saveRelations = (id: number, body: RelationsBody) => put<StandardDetail>(`/admin/standards/${id}/relations`, body);
export const setFulltextAccess = (id: number, access: string) => post(`/admin/standards/${id}/fulltext/access`, { access });

/** multipart upload with progress (0–100) through the shared HTTP client. */
async function upload<T>(
  url: string,
  fields: Record<string, string | File>,
  onProgress: (pct: number) => void,
): Promise<Envelope<T>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await http.post<Envelope<T>>(url, form, {
    // The browser sets multipart/form-data with its boundary (the client defaults to JSON).
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 0,
    onUploadProgress: (e: UploadProgress) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
  return res.data;
}
export const uploadFulltext = (id: number, file: File, access: string, onProgress: (pct: number) => void) =>
  upload(`/admin/standards/${id}/fulltext`, { access, file }, onProgress);

export const uploadImport = (file: File, onProgress: (pct: number) => void) =>
  upload<ImportPreview>('/admin/imports', { file }, onProgress);
export const startImport = (id: number) => post<ImportJob>(`/admin/imports/${id}/start`);
export const importJob = (id: number) => get<ImportJob>(`/admin/imports/${id}`);
export const importJobs = (page: number) =>
  get<{ total: number; list: ImportJob[]; page: number; size: number }>(`/admin/imports?page=${page}&size=10`);
export const importReportUrl = (id: number) => `/admin/imports/${id}/report`;

export const siteSettings = () => get<SiteSettings>('/admin/settings');
export const saveSiteSettings = (body: SiteSettingsForm) => put<SiteSettings>('/admin/settings', body);
export const privacyVersions = () => get<z.infer<typeof PrivacyVersion>[]>('/admin/settings/privacy');
export const addPrivacyVersion = (body: PrivacyVersionForm) =>
  post<z.infer<typeof PrivacyVersion>[]>('/admin/settings/privacy', body);
export const bannedWords = () => get<{ words: BannedWords }>('/admin/settings/banned-words');
export const saveBannedWords = (words: BannedWords) => put<{ words: BannedWords }>('/admin/settings/banned-words', { words });
export const demoCounts = () => get<{ items: number; contacts: number; fulltexts: number }>('/admin/demo');
export const removeDemo = () => post<{ items: number; contacts: number; fulltexts: number }>('/admin/demo/remove');

export const userDetail = (id: number) => get<AdminUserDetail>(`/admin/users/${id}`);
export const auditLog = (f: AuditQuery) =>
  get<z.infer<typeof AuditPage>>(`/admin/audit-log?${qs({ ...f } as Record<string, string | number | undefined>)}`);

export const dashboard = () => get<Dashboard>('/admin/dashboard');
export const health = () => get<SiteHealth>('/admin/health');
export const checkLinks = () => post<SiteHealth>('/admin/health/check-links');

export const reviewLimits = () => get<ReviewLimits>('/admin/settings/review-limits');
export const saveReviewLimits = (body: ReviewLimits) => put<ReviewLimits>('/admin/settings/review-limits', body);
