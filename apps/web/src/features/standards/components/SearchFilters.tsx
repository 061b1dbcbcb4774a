import { useEffect, useState } from 'react';
import {
  STANDARD_LEVELS,
  STANDARD_NATURES,
  STANDARD_STATUSES,
  standardLevelLabel,
  standardNatureLabel,
  standardStatusLabel,
} from '@zs/shared/standards';
import { standardsApi, type ClassNode } from '../api/standards.ts';
import type { SearchState } from '../lib/query.ts';
import './search-phone.css';

interface Props {
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
  onClear: () => void;
  regions: string[];
  /** District pages always search within a region: no "全部" choice there. */
  fixedRegion?: boolean;
  canClear: boolean;
}

const SORTS = [
  { value: 'relevance', label: '按相关度' },
  { value: 'implement', label: '实施日期（新→旧）' },
  { value: 'publish', label: '发布日期（新→旧）' },
  { value: 'no', label: '标准号' },
];

type Option = { value: string; label: string };

/** Top two levels of a classification (classes and groups): enough to narrow, short enough to scroll. */
const classOptions = <N extends ClassNode>(list: N[], name: (n: N) => string): Option[] =>
  list.filter((n) => n.level <= 2).map((n) => ({ value: n.code, label: `${n.level === 2 ? '　' : ''}${n.code} ${name(n)}` }));

export function SearchFilters({ state, onChange, onClear, regions, fixedRegion, canClear }: Props) {
  const [ccs, setCcs] = useState<Option[]>([]);
  const [ics, setIcs] = useState<Option[]>([]);
  // Phones only (search-phone.css): folded until asked for, so the first results show right after a search.
  const [unfolded, setUnfolded] = useState(false);
  useEffect(() => {
    standardsApi.ccs().then(
      (r) => r.code === 0 && setCcs(classOptions(r.data, (n) => n.name ?? '')),
      () => undefined,
    );
    standardsApi.ics().then(
      (r) => r.code === 0 && setIcs(classOptions(r.data, (n) => n.nameZh || n.nameEn || '')),
      () => undefined,
    );
  }, []);

  const select = (key: keyof SearchState, label: string, options: Option[], all: string | null = '全部') => {
    const value = state[key] as string;
    // A value from a shared URL that the list lacks (a deeper code) is still shown, not silently dropped.
    const opts = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
    return (
      <label className="std-filter">
        <span>{label}</span>
        <select className="std-input" aria-label={label} value={value} onChange={(e) => onChange({ [key]: e.target.value })}>
          {all !== null && <option value="">{all}</option>}
          {opts.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    );
  };
  const date = (key: keyof SearchState, label: string) => (
    <input
      type="date"
      className="std-input std-date"
      aria-label={label}
      value={state[key] as string}
      onChange={(e) => onChange({ [key]: e.target.value })}
    />
  );

  return (
    <>
      <button
        type="button"
        className="std-filters-toggle"
        aria-expanded={unfolded}
        aria-controls="std-filters"
        onClick={() => setUnfolded(!unfolded)}
      >
        {canClear ? '筛选与排序（已设置筛选）' : '筛选与排序'}
      </button>
      <div id="std-filters" className={unfolded ? 'std-filters' : 'std-filters is-folded'} data-testid="std-filters">
        <div className="std-filter-row">
          {select(
            'level',
            '标准级别',
            STANDARD_LEVELS.map((v) => ({ value: v, label: standardLevelLabel(v) })),
          )}
          {select(
            'status',
            '标准状态',
            STANDARD_STATUSES.map((v) => ({ value: v, label: standardStatusLabel(v) })),
          )}
          {select(
            'nature',
            '标准性质',
            STANDARD_NATURES.map((v) => ({ value: v, label: standardNatureLabel(v) })),
          )}
          {select('ccs', 'CCS分类', ccs)}
          {select('ics', 'ICS分类', ics)}
          {select(
            'region',
            '地区',
            regions.map((r) => ({ value: r, label: r })),
            fixedRegion ? null : '全部',
          )}
        </div>
        <div className="std-filter-row">
          <span className="std-range">
            发布日期 {date('publishFrom', '发布日期起')} 至 {date('publishTo', '发布日期止')}
          </span>
          <span className="std-range">
            实施日期 {date('implementFrom', '实施日期起')} 至 {date('implementTo', '实施日期止')}
          </span>
          <label className="std-filter">
            <span>排序</span>
            <select
              className="std-input"
              aria-label="排序"
              value={state.sort}
              onChange={(e) => onChange({ sort: e.target.value as SearchState['sort'] })}
            >
              {SORTS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          {canClear && (
            <button type="button" className="btn std-link-btn" onClick={onClear}>
              清除筛选
            </button>
          )}
        </div>
      </div>
    </>
  );
}
