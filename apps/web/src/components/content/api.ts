import { get } from '../../lib/http.ts';
import type { ItemDetail, ItemSummary, Paged } from './types.ts';

/** Query string of the defined, non-empty values (stable order, so it can serve as a cache key). */
export function queryOf(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
}

export const portalApi = {
  list: (slug: string, params: Record<string, string | number | undefined>) =>
    get<Paged<ItemSummary>>(`/portal/${slug}?${queryOf(params)}`),
  item: (slug: string, id: string) => get<ItemDetail>(`/portal/${slug}/${encodeURIComponent(id)}`),
  fileUrl: (slug: string, id: number, fileId: number) => `/portal/${slug}/${id}/files/${fileId}`,
};
