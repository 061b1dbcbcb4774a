import type { ApplicationKind, ApplicationStatus } from '@zs/shared/portal';
import type { CertificationState, MessageKind } from '@zs/shared/usercentre';

/** Answers of the user-centre endpoints (apps/server/src/modules/{messages,certification,account,collections,applications}). */
export interface Paged<T> {
  total: number;
  list: T[];
  page: number;
  size: number;
}

export interface Message {
  id: number;
  kind: MessageKind;
  kindName: string;
  title: string;
  body: string;
  link: string | null;
  refType: string | null;
  refId: number | null;
  read: boolean;
  readAt: string | null;
  createdAt: string;
}

export interface FileMeta {
  id: number;
  name: string;
  size: number;
  mime: string;
}

export interface Certification {
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
}

export interface CertificationAnswer {
  status: CertificationState;
  statusName: string;
  canSubmit: boolean;
  certification: Certification | null;
}

export interface Profile {
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  role: string;
  createdAt: string;
  lastLoginAt: string | null;
  certification: { status: CertificationState; statusName: string; companyName: string | null; rejectReason: string | null };
}

export interface CollectionEntry {
  id: number;
  itemType: string;
  itemId: number;
  createdAt: string;
  available: boolean;
  standard: {
    standardNo: string;
    nameZh: string;
    status: string;
    publishDate: string | null;
    implementDate: string | null;
    abolishDate: string | null;
    replacedBy: { standardNo: string; id: number } | null;
    lastChange: { oldStatus: string | null; newStatus: string; changedAt: string } | null;
  } | null;
  item: { title: string; section: string; sectionName: string } | null;
}

export interface ApplicationSummary {
  id: number;
  kind: ApplicationKind;
  kindName: string;
  referenceNo: string;
  refId: number | null;
  refTitle: string | null;
  status: ApplicationStatus;
  statusName: string;
  createdAt: string;
  updatedAt: string;
}

export interface ApplicationDetail extends ApplicationSummary {
  form: Record<string, unknown>;
  reason: string | null;
  withdrawable: boolean;
  timeline: Array<{ status: ApplicationStatus; statusName: string; note: string | null; createdAt: string }>;
  attachments: FileMeta[];
}
