import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/routeMeta.ts';
import { useRemote } from '../../lib/useRemote.ts';
import { portalApi, queryOf } from './api.ts';
import { ItemRow } from './ItemRow.tsx';
import { ListFilters } from './ListFilters.tsx';
import { Pager } from './Pager.tsx';
import { EmptyView, ErrorView, LoadingView } from './StateViews.tsx';
import type { ItemSummary, SectionConfig } from './types.ts';
import { useFacets } from './useFacets.ts';
import { useListQuery } from './useListQuery.ts';

interface Props {
  config: SectionConfig;
  /** Shown between the title and the filters (programme introductions). */
  intro?: ReactNode;
  /** Buttons beside the title (for example 我要申请). */
  headerActions?: ReactNode;
  /** Custom rendering of one page of items (for example grouped by batch); rows by default. */
  renderItems?: (items: ItemSummary[]) => ReactNode;
}

/** The one list page of every portal section: search, filters, URL state, paging and the three states. */
export function SectionListPage({ config, intro, headerActions, renderItems }: Props) {
  const meta = usePageMeta();
  const { query, update, apiParams } = useListQuery(config);
  const facets = useFacets(config);
  const key = `${config.slug}?${queryOf(apiParams)}`;
  const remote = useRemote(key, () => portalApi.list(config.slug, apiParams));
  const data = remote.data;
  const pageSize = config.pageSize ?? 10;
  // Nothing published in the section at all (not a search that found nothing): say so plainly, without the
  // filter chrome that would suggest searching an empty section (issue 30, after the office removed demo content).
  const fixed = new Set(['page', 'size', ...Object.keys(config.fixedParams ?? {})]);
  const filtered = Object.entries(apiParams).some(([k, v]) => !fixed.has(k) && v !== undefined && v !== '');
  const sectionEmpty = !!data && !remote.error && data.total === 0 && !filtered && query.page === 1;

  let body: ReactNode;
  if (remote.error) body = <ErrorView message={remote.error} onRetry={remote.reload} />;
  else if (!data) body = <LoadingView />;
  else if (sectionEmpty) body = <SectionEmpty />;
  else if (data.list.length === 0) body = <EmptyView text="没有符合条件的内容，请调整筛选条件" />;
  else
    body = renderItems ? (
      renderItems(data.list)
    ) : (
      <ul className="item-list">
        {data.list.map((item) => (
          <ItemRow key={item.id} item={item} config={config} />
        ))}
      </ul>
    );

  return (
    <div className="page-container portal-page" data-section={config.section}>
      <div className="portal-page-head">
        <h1 className="page-title">{meta?.title ?? config.listTitle}</h1>
        {headerActions && <div className="portal-page-actions">{headerActions}</div>}
      </div>
      {intro}
      {!sectionEmpty && <ListFilters config={config} query={query} update={update} facets={facets} />}
      <section className="portal-list" aria-label="列表" aria-busy={remote.loading}>
        {data && !remote.error && !sectionEmpty && (
          <p className="portal-list-total" data-testid="list-total">
            共 <strong>{data.total}</strong> 条
          </p>
        )}
        {body}
        {data && !sectionEmpty && (
          <Pager
            page={query.page}
            pageSize={pageSize}
            total={data.total}
            onChange={(page) => {
              update({ page });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </section>
    </div>
  );
}

function SectionEmpty() {
  return (
    <div className="state-view state-empty section-empty" role="status" data-testid="section-empty">
      <span className="state-empty-icon" aria-hidden="true" />
      <p>
        <strong>本栏目暂无内容</strong>
      </p>
      <p>运营单位发布内容后会显示在这里。</p>
      <p>
        <Link to="/home">返回首页</Link>
      </p>
    </div>
  );
}
