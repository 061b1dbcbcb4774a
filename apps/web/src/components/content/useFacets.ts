import { portalApi, queryOf } from './api.ts';
import type { FilterOption, SectionConfig } from './types.ts';
import { useRemote } from '../../lib/useRemote.ts';

/**
 * Choices of free-valued filters (talent field, result batch, demonstration field): the distinct values
 * found in the section's first 100 items. Portal sections stay small (hundreds of rows, decision 0004).
 */
export function useFacets(config: SectionConfig): Record<string, FilterOption[]> {
  const facetFilters = (config.extraFilters ?? []).filter((f) => !f.options && f.facet);
  const params = { ...config.fixedParams, size: 100 };
  const remote = useRemote(facetFilters.length ? `${config.slug}?${queryOf(params)}` : null, () =>
    portalApi.list(config.slug, params),
  );
  const out: Record<string, FilterOption[]> = {};
  for (const f of facetFilters) {
    const values = new Set((remote.data?.list ?? []).flatMap((item) => f.facet!(item)).filter(Boolean));
    out[f.param] = [...values].sort((a, b) => a.localeCompare(b, 'zh-CN')).map((v) => ({ value: v, label: v }));
  }
  return out;
}
