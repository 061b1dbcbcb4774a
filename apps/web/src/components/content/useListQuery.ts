import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SectionConfig } from './types.ts';

export interface ListQuery {
  keyword: string;
  category: string;
  town: string;
  page: number;
  /** Extra filter values by parameter name. */
  extra: Record<string, string>;
}

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

/**
 * List state lives in the URL (?keyword=&category=&town=&page=&<filter>=) so a filtered list can be
 * shared and survives reload and back/forward. Any change other than the page returns to page 1.
 */
export function useListQuery(config: SectionConfig) {
  const [params, setParams] = useSearchParams();
  const extraParams = useMemo(() => (config.extraFilters ?? []).map((f) => f.param), [config.extraFilters]);

  const query: ListQuery = {
    keyword: params.get('keyword') ?? '',
    category: params.get('category') ?? '',
    town: params.get('town') ?? '',
    page: positive(params.get('page')),
    extra: Object.fromEntries(extraParams.map((p) => [p, params.get(p) ?? ''])),
  };

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  /** The API parameters for this query. */
  const apiParams: Record<string, string | number | undefined> = {
    ...query.extra,
    keyword: query.keyword || undefined,
    category: query.category || undefined,
    town: query.town || undefined,
    page: query.page,
    size: config.pageSize ?? 10,
    ...config.fixedParams,
  };
  return { query, update, apiParams };
}
