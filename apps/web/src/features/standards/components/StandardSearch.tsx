import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyView, ErrorView, LoadingView, Pager } from './views.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { standardsApi } from '../api/standards.ts';
import { apiQuery, hasFilters, PAGE_SIZE, parseSearch, toQuery, type SearchState } from '../lib/query.ts';
import { NoResults } from './NoResults.tsx';
import { ResultList } from './ResultList.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchFilters } from './SearchFilters.tsx';
import { WatchButton, watchOfSearch } from '../../../components/WatchButton.tsx';
import '../standards.css';

interface Props {
  /** Fixed starting filters of a regional page (region 中山 / 深圳). */
  preset?: Partial<SearchState>;
  regions: string[];
  detailPath: string;
  /** Shown instead of the generic empty text when nothing matches. */
  emptyText?: string;
  /** Called each time a search has answered (or failed): content below may then appear without moving. */
  onSettled?: () => void;
}

const NO_PRESET: Partial<SearchState> = {};
const MAX_PAGES = 1000;
const EXPORT_MAX = 5000;

/**
 * The catalogue search: box with suggestions, filters, sort, results, paging. All state is in the
 * URL (shareable; back/forward restore it), and the result list is derived from it alone.
 */
export function StandardSearch({ preset = NO_PRESET, regions, detailPath, emptyText, onSettled }: Props) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearch(params, preset), [params, preset]);
  const q = apiQuery(state);
  const remote = useRemote(q, () => standardsApi.search(q));
  useEffect(() => {
    if (!remote.loading) onSettled?.();
  }, [remote.loading, onSettled]);

  const update = (patch: Partial<SearchState>) => setParams(toQuery({ ...state, page: 1, ...patch }, preset));
  const clear = () => setParams(toQuery({ ...parseSearch(new URLSearchParams(), preset), keyword: state.keyword }, preset));
  const goTo = (page: number) => {
    setParams(toQuery({ ...state, page }, preset));
    window.scrollTo({ top: 0 });
  };

  const data = remote.data;
  const watch = watchOfSearch(state);
  // Where partial matches start on this page (the server gives the index in the whole result).
  const partialAt = data?.partialFrom == null ? Infinity : Math.max(0, data.partialFrom - (state.page - 1) * PAGE_SIZE);
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
            {watch && <WatchButton kind={watch.kind} value={watch.value} text="关注此检索" what={watch.what} />}
            {data.total > 0 && (
              <a className="std-export" href={standardsApi.exportUrl(q)} download data-testid="std-export">
                导出 Excel{data.total > EXPORT_MAX ? `（前${EXPORT_MAX}条）` : ''}
              </a>
            )}
          </div>
          {data.list.length ? (
            <>
              <ResultList list={data.list.slice(0, partialAt)} detailPath={detailPath} />
              {partialAt < data.list.length && (
                <>
                  <h2 className="std-partial-note" data-testid="std-partial-note">
                    以下标准仅部分匹配关键词
                  </h2>
                  <ResultList list={data.list.slice(partialAt)} detailPath={detailPath} />
                </>
              )}
            </>
          ) : state.keyword || !emptyText ? (
            <NoResults
              keyword={state.keyword}
              nearest={data.nearest ?? []}
              detailPath={detailPath}
              text={state.keyword ? undefined : emptyText}
            />
          ) : (
            <EmptyView text={emptyText} />
          )}
          <Pager page={state.page} total={Math.min(data.total, PAGE_SIZE * MAX_PAGES)} pageSize={PAGE_SIZE} onChange={goTo} />
        </div>
      )}
    </div>
  );
}
