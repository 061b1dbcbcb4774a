import type { QueryOf } from '@zs/shared/api/endpoint';
import type { EndpointAt } from '@zs/shared/api/routes';
import { callApi, urlOf } from '../../lib/http.ts';

/** Query string of the defined, non-empty values (stable order, so it can serve as a cache key). */
export function queryOf(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
}

type ListQuery = QueryOf<EndpointAt<'GET /api/portal/:section'>>;

export const portalApi = {
  list: (slug: string, params: Record<string, string | number | undefined>) =>
    callApi('GET /api/portal/:section', {
      params: { section: slug },
      query: Object.fromEntries(new URLSearchParams(queryOf(params))) as ListQuery,
    }),
  item: (slug: string, id: string) => callApi('GET /api/portal/:section/:id', { params: { section: slug, id } }),
  fileUrl: (slug: string, id: number, fileId: number) =>
    urlOf('GET /api/portal/:section/:id/files/:fileId', { section: slug, id: String(id), fileId: String(fileId) }),
};
