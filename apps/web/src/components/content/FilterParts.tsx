import { useState } from 'react';
import type { FilterOption } from './types.ts';

/**
 * The pieces every public list's filter bar is made of (sections, drafts for comment, questions), so
 * the bars look and behave alike: plain markup, no component library, the public pages stay light.
 */

/** The keyword box: its own draft state, submitted on Enter or 搜索; follows the address on Back/Forward. */
export function KeywordSearch(props: { value: string; placeholder: string; onSearch: (keyword: string) => void }) {
  const [keyword, setKeyword] = useState(props.value);
  const [seen, setSeen] = useState(props.value);
  // Back/forward or a shared link changes the URL: the box follows it (adjusted during render).
  if (seen !== props.value) {
    setSeen(props.value);
    setKeyword(props.value);
  }
  return (
    <form
      role="search"
      className="list-search"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch(keyword.trim());
      }}
    >
      <input
        type="search"
        aria-label="关键词"
        placeholder={props.placeholder}
        value={keyword}
        maxLength={100}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        搜索
      </button>
    </form>
  );
}

/** Chips: one row of toggle buttons, "全部" first unless the options bring their own; they wrap on narrow screens. */
export function FilterChips(props: {
  label: string;
  options: readonly FilterOption[];
  value: string;
  onChange: (v: string) => void;
  /** Options already hold the "all" choice (a state filter whose default is not empty). */
  ownAll?: boolean;
}) {
  const options = props.ownAll ? props.options : [{ value: '', label: '全部' }, ...props.options];
  return (
    <div className="list-filter-row" role="group" aria-label={props.label}>
      <span className="list-filter-label">{props.label}：</span>
      <div className="chip-group">
        {options.map((o) => (
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

/** A labelled select with "全部" first. */
export function FilterSelect(props: {
  label: string;
  options: readonly FilterOption[];
  value: string;
  onChange: (v: string) => void;
  testId?: string;
}) {
  return (
    <label className="list-filter-select">
      <span className="list-filter-label">{props.label}：</span>
      <select
        aria-label={props.label}
        data-testid={props.testId}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">全部</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
