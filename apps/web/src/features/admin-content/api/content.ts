import type { ContentItemInput, ContentListQuery, ContentSettings } from '@zs/shared/api/content';
import { callApi } from '../../../lib/http.ts';

/** The content console's endpoints (apps/server/src/modules/content-admin), called by route key; types from @zs/shared. */
const at = (section: string, id: number) => ({ section, id: String(id) });

export const contentApi = {
  list: (section: string, q: ContentListQuery) => callApi('GET /api/admin/content/:section', { params: { section }, query: q }),
  item: (section: string, id: number) => callApi('GET /api/admin/content/:section/:id', { params: at(section, id) }),
  create: (section: string, body: ContentItemInput) => callApi('POST /api/admin/content/:section', { params: { section }, body }),
  update: (section: string, id: number, body: ContentItemInput) =>
    callApi('PUT /api/admin/content/:section/:id', { params: at(section, id), body }),
  publish: (section: string, id: number, publishAt?: string | null) =>
    callApi('POST /api/admin/content/:section/:id/publish', { params: at(section, id), body: { publishAt: publishAt ?? null } }),
  unpublish: (section: string, id: number) =>
    callApi('POST /api/admin/content/:section/:id/unpublish', { params: at(section, id), config: { data: {} } }),
  bulk: (section: string, ids: number[], action: 'publish' | 'unpublish') =>
    callApi('POST /api/admin/content/:section/bulk', { params: { section }, body: { ids, action } }),
  preview: (section: string, id: number) => callApi('GET /api/admin/content/:section/:id/preview', { params: at(section, id) }),
  revisions: (section: string, id: number) =>
    callApi('GET /api/admin/content/:section/:id/revisions', { params: at(section, id) }),
  revision: (section: string, id: number, revisionId: number) =>
    callApi('GET /api/admin/content/:section/:id/revisions/:revisionId', {
      params: { ...at(section, id), revisionId: String(revisionId) },
    }),
  restore: (section: string, id: number, revisionId: number) =>
    callApi('POST /api/admin/content/:section/:id/revisions/:revisionId/restore', {
      params: { ...at(section, id), revisionId: String(revisionId) },
    }),
  settings: () => callApi('GET /api/admin/content/settings'),
  saveSettings: (s: ContentSettings) => callApi('PUT /api/admin/content/settings', { body: s }),
  reviews: () => callApi('GET /api/admin/content/reviews'),
  decide: (id: number, decision: 'approve' | 'return', reason?: string) =>
    callApi('POST /api/admin/content/reviews/:id', { params: { id: String(id) }, body: { decision, reason: reason || null } }),
  /** One file through the console upload; `onProgress` gets 0-100. */
  upload: (file: File, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return callApi('POST /api/admin/content/files', {
      config: {
        data: form,
        headers: { 'Content-Type': 'multipart/form-data' },
        timeout: 120_000,
        onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
      },
    });
  },
};
