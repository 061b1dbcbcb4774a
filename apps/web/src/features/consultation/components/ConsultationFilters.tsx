import { CONSULTATION_KIND_LABELS, CONSULTATION_KINDS } from '@zs/shared/consultation';
import { FilterChips, FilterSelect, KeywordSearch } from '../../../components/content/FilterParts.tsx';
import type { ListFilter } from '../api/consultation.ts';

const STATES: Array<{ value: ListFilter['state']; label: string }> = [
  { value: 'all', label: '全部' },
  { value: 'open', label: '征集中' },
  { value: 'closed', label: '已截止' },
];

const KINDS = CONSULTATION_KINDS.map((k) => ({ value: k, label: CONSULTATION_KIND_LABELS[k] }));

/** Years from this one back to 2024 (the platform's first comment periods). */
const years = () => {
  const now = new Date().getFullYear();
  return Array.from({ length: Math.max(1, now - 2023) }, (_, i) => ({ value: String(now - i), label: `${now - i}年` }));
};

/** 征集状态 chips, 类型 and 年份 selects and the keyword search, built from the shared filter parts. */
export function ConsultationFilters({ value, update }: { value: ListFilter; update: (c: Partial<ListFilter>) => void }) {
  return (
    <section className="list-filters" aria-label="筛选条件">
      <KeywordSearch
        value={value.keyword}
        placeholder="请输入项目名称、计划号或起草单位"
        onSearch={(keyword) => update({ keyword, page: 1 })}
      />
      <FilterChips
        label="征集状态"
        options={STATES}
        ownAll
        value={value.state}
        onChange={(v) => update({ state: v as ListFilter['state'], page: 1 })}
      />
      <div className="list-filter-selects">
        <FilterSelect
          label="标准类型"
          options={KINDS}
          value={value.kind}
          onChange={(v) => update({ kind: v as ListFilter['kind'], page: 1 })}
        />
        <FilterSelect label="年份" options={years()} value={value.year} onChange={(v) => update({ year: v, page: 1 })} />
      </div>
    </section>
  );
}
