import { useState } from 'react';
import { ZHONGSHAN_TOWNS } from '@zs/shared/portal';
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

/** Chips: one row of toggle buttons, "全部" first; they wrap on narrow screens. */
function Chips(props: { label: string; options: readonly FilterOption[]; value: string; onChange: (v: string) => void }) {
  return (
    <div className="list-filter-row" role="group" aria-label={props.label}>
      <span className="list-filter-label">{props.label}：</span>
      <div className="chip-group">
        {[{ value: '', label: '全部' }, ...props.options].map((o) => (
          <button
            key={o.value || 'all'}
            type="button"
            className="chip"
            aria-pressed={props.value === o.value}
            onClick={() => props.onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

export function ListFilters({ config, query, update, facets }: Props) {
  const [keyword, setKeyword] = useState(query.keyword);
  const [urlKeyword, setUrlKeyword] = useState(query.keyword);
  // Back/forward or a shared link changes the URL: the box follows it (adjusted during render).
  if (urlKeyword !== query.keyword) {
    setUrlKeyword(query.keyword);
    setKeyword(query.keyword);
  }

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
      <form
        role="search"
        className="list-search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ keyword: keyword.trim() });
        }}
      >
        <input
          type="search"
          aria-label="关键词"
          placeholder={config.searchPlaceholder ?? '请输入关键词'}
          value={keyword}
          maxLength={100}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          搜索
        </button>
      </form>
      {config.categories && config.categories.length > 0 && (
        <Chips
          label={config.categoryLabel ?? '分类'}
          options={config.categories.map((c) => ({ value: c.code, label: c.name }))}
          value={query.category}
          onChange={(v) => update({ category: v })}
        />
      )}
      {selects.length > 0 && (
        <div className="list-filter-selects">
          {selects.map((s) => (
            <label key={s.param} className="list-filter-select">
              <span className="list-filter-label">{s.label}：</span>
              <select
                aria-label={s.label}
                data-testid={`filter-${s.param}`}
                value={s.value}
                onChange={(e) => update({ [s.param]: e.target.value })}
              >
                <option value="">全部</option>
                {s.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
    </section>
  );
}
