import type { ReactNode } from 'react';
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

  let body: ReactNode;
  if (remote.error) body = <ErrorView message={remote.error} onRetry={remote.reload} />;
  else if (!data) body = <LoadingView />;
  else if (data.list.length === 0) body = <EmptyView />;
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
      <ListFilters config={config} query={query} update={update} facets={facets} />
      <section className="portal-list" aria-label="列表" aria-busy={remote.loading}>
        {data && !remote.error && (
          <p className="portal-list-total" data-testid="list-total">
            共 <strong>{data.total}</strong> 条
          </p>
        )}
        {body}
        {data && (
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
