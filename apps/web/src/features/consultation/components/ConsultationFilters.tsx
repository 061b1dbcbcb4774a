import { useState } from 'react';
import { CONSULTATION_KIND_LABELS, CONSULTATION_KINDS } from '@zs/shared/consultation';
import type { ListFilter } from '../api/consultation.ts';

const STATES: Array<{ value: ListFilter['state']; label: string }> = [
  { value: 'all', label: '全部' },
  { value: 'open', label: '征集中' },
  { value: 'closed', label: '已截止' },
];

/** Years from this one back to 2024 (the platform's first comment periods). */
const years = () => {
  const now = new Date().getFullYear();
  return Array.from({ length: Math.max(1, now - 2023) }, (_, i) => String(now - i));
};

/** 征集状态 chips, 类型 and 年份 selects and the keyword search (plain markup: the public page stays light). */
export function ConsultationFilters({ value, update }: { value: ListFilter; update: (c: Partial<ListFilter>) => void }) {
  const [keyword, setKeyword] = useState(value.keyword);
  return (
    <section className="list-filters" aria-label="筛选条件">
      <form
        role="search"
        className="list-search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ keyword: keyword.trim(), page: 1 });
        }}
      >
        <input
          type="search"
          aria-label="关键词"
          placeholder="请输入项目名称、计划号或起草单位"
          value={keyword}
          maxLength={100}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          搜索
        </button>
      </form>
      <div className="list-filter-row" role="group" aria-label="征集状态">
        <span className="list-filter-label">征集状态：</span>
        <div className="chip-group">
          {STATES.map((s) => (
            <button
              key={s.value}
              type="button"
              className="chip"
              aria-pressed={value.state === s.value}
              onClick={() => update({ state: s.value, page: 1 })}
            >
              {s.label}
            </button>
          ))}
        </div>
      </div>
      <div className="list-filter-selects">
        <label className="list-filter-select">
          <span className="list-filter-label">标准类型：</span>
          <select value={value.kind} onChange={(e) => update({ kind: e.target.value as ListFilter['kind'], page: 1 })}>
            <option value="">全部</option>
            {CONSULTATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {CONSULTATION_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="list-filter-select">
          <span className="list-filter-label">年份：</span>
          <select value={value.year} onChange={(e) => update({ year: e.target.value, page: 1 })}>
            <option value="">全部</option>
            {years().map((y) => (
              <option key={y} value={y}>
                {y}年
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}
