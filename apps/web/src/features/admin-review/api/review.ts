import type { ApplicationKind, ApplicationStatus } from '@zs/shared/portal';
import type { AppDecision } from '@zs/shared/api/admin-review';
import type { MissingReportStatus } from '@zs/shared/api/missing-reports';
import { callApi } from '../../../lib/http.ts';

/** Review queues (apps/server/src/modules/admin, missing-reports); types from @zs/shared. */
export type { FileMeta } from '@zs/shared/api/user';
export type {
  AppDecision,
  AppQueueRow as AppRow,
  AppReviewDetail as AppDetail,
  CertQueueRow as CertRow,
  CertReviewDetail as CertDetail,
} from '@zs/shared/api/admin-review';
type CertStatus = 'pending' | 'approved' | 'rejected';

export const certificationQueue = (f: { status?: string; page: number; size?: number }) =>
  callApi('GET /api/admin/certifications', {
    query: { status: (f.status || undefined) as CertStatus | undefined, page: f.page, size: f.size ?? 10 },
  });
export const certificationDetail = (id: number) => callApi('GET /api/admin/certifications/:id', { params: { id: String(id) } });
export const reviewCertification = (id: number, decision: 'approve' | 'reject', reason?: string) =>
  callApi('POST /api/admin/certifications/:id/review', {
    params: { id: String(id) },
    body: { decision, reason: reason || undefined },
  });

export const applicationQueue = (f: { status?: string; kind?: string; page: number; size?: number }) =>
  callApi('GET /api/admin/applications', {
    query: {
      status: (f.status || undefined) as ApplicationStatus | undefined,
      kind: (f.kind || undefined) as ApplicationKind | undefined,
      page: f.page,
      size: f.size ?? 10,
    },
  });
export const applicationDetail = (id: number) => callApi('GET /api/admin/applications/:id', { params: { id: String(id) } });
export const reviewApplication = (id: number, decision: AppDecision, reason?: string) =>
  callApi('POST /api/admin/applications/:id/review', {
    params: { id: String(id) },
    body: { decision, reason: reason || undefined },
  });

/** Missing-standard reports (apps/server/src/modules/missing-reports): the server asks for one status at a time. */
export type { MissingReportRow, MissingReportStatus as ReportStatus } from '@zs/shared/api/missing-reports';
export const missingReports = (f: { status: MissingReportStatus; page: number; size?: number }) =>
  callApi('GET /api/admin/standards/missing-reports', { query: { status: f.status, page: f.page, size: f.size ?? 10 } });
export const handleMissingReport = (
  id: number,
  status: 'accepted' | 'rejected',
  extra: { standardId?: number; reason?: string } = {},
) => callApi('POST /api/admin/standards/missing-reports/:id', { params: { id }, body: { status, ...extra } });
