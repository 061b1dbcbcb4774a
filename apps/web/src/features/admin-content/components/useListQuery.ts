import { useSearchParams } from 'react-router';

/** The content list's filters, sort and page as the URL holds them (a reload or a shared link shows the same list). */
export interface ListQuery {
  keyword: string;
  status: string;
  category: string;
  sortBy: string;
  order: string;
  page: number;
  size: number;
}

export type ListQueryPatch = Record<string, string | number>;

/** Reads the list's query from the URL; `set` changes some of it (any change but of the page goes back to page 1). */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const q: ListQuery = {
    keyword: params.get('keyword') ?? '',
    status: params.get('status') ?? '',
    category: params.get('category') ?? '',
    sortBy: params.get('sortBy') ?? 'updatedAt',
    order: params.get('order') ?? 'desc',
    page: Number(params.get('page') ?? 1) || 1,
    size: Number(params.get('size') ?? 20) || 20,
  };

  const set = (patch: ListQueryPatch) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' || v === undefined) next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  return { q, search: params.toString(), set };
}
