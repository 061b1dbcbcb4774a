import { ZHONGSHAN_TOWNS } from '@zs/shared/portal';
import { FilterChips, FilterSelect, KeywordSearch } from './FilterParts.tsx';
import type { FilterOption, SectionConfig } from './types.ts';
import type { ListQuery } from './useListQuery.ts';

const townOptions = ZHONGSHAN_TOWNS.map((t) => ({ value: t.code, label: t.name }));

interface Props {
  config: SectionConfig;
  query: ListQuery;
  update: (changes: Record<string, string | number | undefined>) => void;
  /** Choices of facet filters, found in the section's items. */
  facets: Record<string, FilterOption[]>;
}

/** A section list's filter bar: keyword, category chips, town and the section's own selects. */
export function ListFilters({ config, query, update, facets }: Props) {
  const selects = [
    ...(config.towns ? [{ param: 'town', label: '所在镇街', options: townOptions as FilterOption[], value: query.town }] : []),
    ...(config.extraFilters ?? []).map((f) => ({
      param: f.param,
      label: f.label,
      options: [...(f.options ?? facets[f.param] ?? [])],
      value: query.extra[f.param] ?? '',
    })),
  ];

  return (
    <section className="list-filters" aria-label="筛选条件">
      <KeywordSearch
        value={query.keyword}
        placeholder={config.searchPlaceholder ?? '请输入关键词'}
        onSearch={(keyword) => update({ keyword })}
      />
      {config.categories && config.categories.length > 0 && (
        <FilterChips
          label={config.categoryLabel ?? '分类'}
          options={config.categories.map((c) => ({ value: c.code, label: c.name }))}
          value={query.category}
          onChange={(v) => update({ category: v })}
        />
      )}
      {selects.length > 0 && (
        <div className="list-filter-selects">
          {selects.map((s) => (
            <FilterSelect
              key={s.param}
              label={s.label}
              options={s.options}
              value={s.value}
              testId={`filter-${s.param}`}
              onChange={(v) => update({ [s.param]: v })}
            />
          ))}
        </div>
      )}
    </section>
  );
}
