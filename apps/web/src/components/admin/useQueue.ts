import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Envelope } from '@zs/shared/envelope';
import { useRemote } from '../../lib/useRemote.ts';
import { useSession } from '../../lib/session.ts';

/**
 * One review queue: filters kept in the URL (shareable, back/forward), the page in state (a filter
 * change starts again at page 1), and the list loaded only for operators and admins.
 */
export function useQueue<T, F extends string>(
  name: string,
  defaults: Record<F, string>,
  load: (filters: Record<F, string>, page: number) => Promise<Envelope<{ list: T[]; total: number }>>,
) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(Object.entries<string>(defaults).map(([k, d]) => [k, params.get(k) ?? d])) as Record<
    F,
    string
  >;
  const [page, setPage] = useState(1);
  const staff = useSession((s) => s.userInfo?.role === 'operator' || s.userInfo?.role === 'admin');
  const key = staff ? `${name}:${Object.values(filters).join(':')}:${page}` : null;
  const remote = useRemote(key, () => load(filters, page));

  // An empty value stays in the URL (`status=`): it means 全部, not the default.
  const setFilter = (filter: F, value: string) => {
    const next = new URLSearchParams(params);
    next.set(filter, value);
    setParams(next, { replace: true });
    setPage(1);
  };
  // What the queue's Table needs, so each page passes it whole.
  const table = {
    rows: remote.data?.list,
    loading: remote.loading,
    error: remote.error,
    page,
    total: remote.data?.total ?? 0,
    onPage: setPage,
  };
  return { filters, page, setPage, setFilter, remote, table };
}
