import type { CommentInputT, ConsultationDraftFormT } from '@zs/shared/api/consultation';
import type { CommentDecision, ConsultationKind } from '@zs/shared/consultation';
import type { ContentStatus } from '@zs/shared/api/content';
import { callApi, urlOf } from '../../../lib/http.ts';

/** The calls of drafts for public comment (apps/server/src/modules/consultation); types from @zs/shared. */
export type {
  ConsoleComment,
  ConsoleDraft,
  ConsultationDetail,
  ConsultationSummary,
  MyComment,
  SummaryRow,
  CommentInputT,
  ConsultationDraftFormT,
} from '@zs/shared/api/consultation';

const id = (n: number) => ({ id: String(n) });

export interface ListFilter {
  state: 'open' | 'closed' | 'all';
  kind: ConsultationKind | '';
  year: string;
  keyword: string;
  page: number;
}

export const consultationApi = {
  list: (f: ListFilter) =>
    callApi('GET /api/portal/consultations', {
      query: {
        state: f.state,
        kind: f.kind || undefined,
        year: f.year ? Number(f.year) : undefined,
        keyword: f.keyword || undefined,
        page: f.page,
        size: 10,
      },
    }),
  detail: (n: number) => callApi('GET /api/portal/consultations/:id', { params: id(n) }),
  mineOn: (n: number) => callApi('GET /api/user/consultations/:id/comments', { params: id(n) }),
  mine: (page: number) => callApi('GET /api/user/consultation-comments', { query: { page, size: 20 } }),
  submit: (n: number, comments: CommentInputT[]) =>
    callApi('POST /api/user/consultations/:id/comments', { params: id(n), body: { comments } }),
  edit: (n: number, c: CommentInputT) => callApi('PUT /api/user/consultation-comments/:id', { params: id(n), body: c }),
  withdraw: (n: number) => callApi('DELETE /api/user/consultation-comments/:id', { params: id(n) }),
};

export const consoleApi = {
  list: (f: { status?: ContentStatus; page: number }) =>
    callApi('GET /api/admin/consultations', { query: { status: f.status, page: f.page, size: 10 } }),
  get: (n: number) => callApi('GET /api/admin/consultations/:id', { params: id(n) }),
  create: (form: ConsultationDraftFormT) => callApi('POST /api/admin/consultations', { body: form }),
  update: (n: number, form: ConsultationDraftFormT) => callApi('PUT /api/admin/consultations/:id', { params: id(n), body: form }),
  status: (n: number, action: 'publish' | 'unpublish' | 'approve' | 'return', publishAt: string | null = null, reason = '') =>
    callApi('POST /api/admin/consultations/:id/status', { params: id(n), body: { action, publishAt, reason } }),
  publishTable: (n: number, published: boolean) =>
    callApi('POST /api/admin/consultations/:id/summary', { params: id(n), body: { published } }),
  comments: (n: number) => callApi('GET /api/admin/consultations/:id/comments', { params: id(n) }),
  decide: (n: number, decision: CommentDecision, reason: string) =>
    callApi('POST /api/admin/consultation-comments/:id/decision', { params: id(n), body: { decision, reason } }),
  assign: (n: number, assigneeId: number | null) =>
    callApi('POST /api/admin/consultation-comments/:id/assignee', { params: id(n), body: { assigneeId } }),
  staff: () => callApi('GET /api/admin/consultation-staff'),
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return callApi('POST /api/admin/content/files', {
      config: { data: body, headers: { 'Content-Type': 'multipart/form-data' }, timeout: 0 },
    });
  },
  xlsxUrl: (n: number) => urlOf('GET /api/admin/consultations/:id/summary.xlsx', id(n)),
  docxUrl: (n: number) => urlOf('GET /api/admin/consultations/:id/summary.docx', id(n)),
};

/** A console upload's public address (/api/content/files/…) as the API client's path (its base is /api). */
export const readerPath = (url: string) => url.replace(/^\/api(?=\/)/, '');
