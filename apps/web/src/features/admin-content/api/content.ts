import type {
  ContentBulkResult,
  ContentFile,
  ContentItem,
  ContentItemInput,
  ContentListQuery,
  ContentPage,
  ContentReviewRow,
  ContentRevision,
  ContentSettings,
  ContentStatus,
} from '@zs/shared/api/content';
import type { ItemDetail } from '../../../components/content/types.ts';
import { get, http, post } from '../../../lib/http.ts';
import type { Envelope } from '@zs/shared/envelope';

/** The content console's endpoints (apps/server/src/modules/content-admin); types from @zs/shared. */
const base = (section: string) => `/admin/content/${section}`;

const qs = (q: Record<string, unknown>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
};

const put = async <T>(url: string, body: unknown): Promise<Envelope<T>> => (await http.put<Envelope<T>>(url, body)).data;

export const contentApi = {
  list: (section: string, q: ContentListQuery) => get<ContentPage>(`${base(section)}?${qs(q)}`),
  item: (section: string, id: number) => get<ContentItem>(`${base(section)}/${id}`),
  create: (section: string, body: ContentItemInput) => post<ContentItem>(base(section), body),
  update: (section: string, id: number, body: ContentItemInput) => put<ContentItem>(`${base(section)}/${id}`, body),
  publish: (section: string, id: number, publishAt?: string | null) =>
    post<{ status: ContentStatus }>(`${base(section)}/${id}/publish`, { publishAt: publishAt ?? null }),
  unpublish: (section: string, id: number) => post<{ status: ContentStatus }>(`${base(section)}/${id}/unpublish`, {}),
  bulk: (section: string, ids: number[], action: 'publish' | 'unpublish') =>
    post<ContentBulkResult>(`${base(section)}/bulk`, { ids, action }),
  preview: (section: string, id: number) => get<ItemDetail>(`${base(section)}/${id}/preview`),
  revisions: (section: string, id: number) => get<ContentRevision[]>(`${base(section)}/${id}/revisions`),
  restore: (section: string, id: number, revisionId: number) =>
    post<ContentItem>(`${base(section)}/${id}/revisions/${revisionId}/restore`),
  settings: () => get<ContentSettings>('/admin/content/settings'),
  saveSettings: (s: ContentSettings) => put<ContentSettings>('/admin/content/settings', s),
  reviews: () => get<ContentReviewRow[]>('/admin/content/reviews'),
  decide: (id: number, decision: 'approve' | 'return', reason?: string) =>
    post<{ status: string }>(`/admin/content/reviews/${id}`, { decision, reason: reason || null }),
  /** One file through the console upload; `onProgress` gets 0-100. */
  upload: async (file: File, onProgress?: (percent: number) => void): Promise<Envelope<ContentFile>> => {
    const form = new FormData();
    form.append('file', file);
    const res = await http.post<Envelope<ContentFile>>('/admin/content/files', form, {
      headers: { 'Content-Type': 'multipart/form-data' },
      timeout: 120_000,
      onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    });
    return res.data;
  },
};
