import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyView, ErrorView, LoadingView, Pager } from './views.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { standardsApi } from '../api/standards.ts';
import { apiQuery, hasFilters, PAGE_SIZE, parseSearch, toQuery, type SearchState } from '../lib/query.ts';
import { ResultList } from './ResultList.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchFilters } from './SearchFilters.tsx';
import '../standards.css';

interface Props {
  /** Fixed starting filters of a regional page (region 中山 / 深圳). */
  preset?: Partial<SearchState>;
  regions: string[];
  detailPath: string;
  /** Shown instead of the generic empty text when nothing matches. */
  emptyText?: string;
}

const NO_PRESET: Partial<SearchState> = {};
const MAX_PAGES = 1000;

/**
 * The catalogue search: box with suggestions, filters, sort, results, paging. All state is in the
 * URL (shareable; back/forward restore it), and the result list is derived from it alone.
 */
export function StandardSearch({ preset = NO_PRESET, regions, detailPath, emptyText }: Props) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearch(params, preset), [params, preset]);
  const q = apiQuery(state);
  const remote = useRemote(q, () => standardsApi.search(q));

  const update = (patch: Partial<SearchState>) => setParams(toQuery({ ...state, page: 1, ...patch }, preset));
  const clear = () => setParams(toQuery({ ...parseSearch(new URLSearchParams(), preset), keyword: state.keyword }, preset));
  const goTo = (page: number) => {
    setParams(toQuery({ ...state, page }, preset));
    window.scrollTo({ top: 0 });
  };

  const data = remote.data;
  return (
    <div className="std-search">
      <SearchBox value={state.keyword} detailPath={detailPath} onSearch={(keyword) => update({ keyword })} />
      <SearchFilters
        state={state}
        regions={regions}
        fixedRegion={!!preset.region}
        onChange={update}
        onClear={clear}
        canClear={hasFilters(state, preset)}
      />
      {remote.error && <ErrorView message={remote.error} onRetry={remote.reload} />}
      {!data && remote.loading && <LoadingView rows={6} />}
      {data && (
        <div className={remote.loading ? 'std-stale' : undefined} aria-busy={remote.loading}>
          <div className="std-total" data-testid="std-total">
            共找到 <b>{data.total}</b> 条标准
          </div>
          {data.list.length ? (
            <ResultList list={data.list} detailPath={detailPath} />
          ) : (
            <EmptyView text={emptyText ?? '没有找到符合条件的标准，请调整关键词或筛选条件'} />
          )}
          <Pager page={state.page} total={Math.min(data.total, PAGE_SIZE * MAX_PAGES)} pageSize={PAGE_SIZE} onChange={goTo} />
        </div>
      )}
    </div>
  );
}
