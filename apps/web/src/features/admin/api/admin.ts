import type { ApplicationKind, ApplicationStatus } from '@zs/shared/portal';
import type { CertificationState } from '@zs/shared/usercentre';
import {
  handleMissingReport as handleReport,
  listMissingReports,
  type MissingReportStatus,
} from '@zs/shared/api/missing-reports';
import { get, post } from '../../../lib/http.ts';
import { callApi } from '../../../lib/callApi.ts';

/** Operator endpoints (apps/server/src/modules/admin). */
export interface Paged<T> {
  total: number;
  list: T[];
  page: number;
  size: number;
}
export interface FileMeta {
  id: number;
  name: string;
  size: number;
  mime: string;
}

export interface CertRow {
  id: number;
  status: CertificationState;
  statusName: string;
  companyName: string;
  creditCode: string;
  legalRep: string;
  contactName: string;
  contactMobile: string;
  rejectReason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  licenceFile: (FileMeta & { url: string }) | null;
  userId: number;
  username: string;
}
export interface CertDetail extends CertRow {
  userMobile: string;
  userStatus: string;
  sameCreditCodeElsewhere: number;
  earlierSubmissions: Array<{ id: number; status: string; rejectReason: string | null; submittedAt: string }>;
}

export interface AppRow {
  id: number;
  kind: ApplicationKind;
  kindName: string;
  referenceNo: string;
  refTitle: string | null;
  status: ApplicationStatus;
  statusName: string;
  createdAt: string;
  updatedAt: string;
  userId: number;
  username: string;
}
export interface AppDetail extends AppRow {
  form: Record<string, unknown>;
  reason: string | null;
  timeline: Array<{ status: ApplicationStatus; statusName: string; note: string | null; createdAt: string }>;
  attachments: FileMeta[];
  userMobile: string;
}

export interface UserRow {
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  role: 'user' | 'operator' | 'admin';
  roleName: string;
  status: 'active' | 'disabled' | 'deleted';
  statusName: string;
  certified: boolean;
  enterpriseName: string | null;
  certificationStatus: string;
  createdAt: string;
  lastLoginAt: string | null;
}

const qs = (params: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

export const certificationQueue = (f: { status?: string; page: number; size?: number }) =>
  get<Paged<CertRow>>(`/admin/certifications?${qs({ status: f.status, page: f.page, size: f.size ?? 10 })}`);
export const certificationDetail = (id: number) => get<CertDetail>(`/admin/certifications/${id}`);
export const reviewCertification = (id: number, decision: 'approve' | 'reject', reason?: string) =>
  post<CertRow>(`/admin/certifications/${id}/review`, { decision, reason: reason || undefined });

export const applicationQueue = (f: { status?: string; kind?: string; page: number; size?: number }) =>
  get<Paged<AppRow>>(`/admin/applications?${qs({ status: f.status, kind: f.kind, page: f.page, size: f.size ?? 10 })}`);
export const applicationDetail = (id: number) => get<AppDetail>(`/admin/applications/${id}`);
export type AppDecision = 'accept' | 'review' | 'approve' | 'reject';
export const reviewApplication = (id: number, decision: AppDecision, reason?: string) =>
  post(`/admin/applications/${id}/review`, { decision, reason: reason || undefined });

export const listUsers = (f: { keyword?: string; page: number }) =>
  get<Paged<UserRow>>(`/admin/users?${qs({ keyword: f.keyword, page: f.page, size: 10 })}`);
export const setUserStatus = (id: number, status: 'active' | 'disabled') => post(`/admin/users/${id}/status`, { status });
export const setUserRole = (id: number, role: 'user' | 'operator' | 'admin') => post(`/admin/users/${id}/role`, { role });

export interface AuditRow {
  id: number;
  actorId: number | null;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: number | null;
  detail: Record<string, unknown>;
  createdAt: string;
}
export const auditLog = (f: { action?: string; page: number }) =>
  get<Paged<AuditRow>>(`/admin/audit-log?${qs({ action: f.action, page: f.page, size: 20 })}`);

/** Missing-standard reports (apps/server/src/modules/missing-reports): the server asks for one status at a time. */
export type { MissingReportRow, MissingReportStatus as ReportStatus } from '@zs/shared/api/missing-reports';
export const missingReports = (f: { status: MissingReportStatus; page: number; size?: number }) =>
  callApi(listMissingReports, { query: { status: f.status, page: f.page, size: f.size ?? 10 } });
export const handleMissingReport = (
  id: number,
  status: 'accepted' | 'rejected',
  extra: { standardId?: number; reason?: string } = {},
) => callApi(handleReport, { params: { id }, body: { status, ...extra } });
