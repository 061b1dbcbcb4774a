import { Link, useSearchParams } from 'react-router';
import { townName } from '@zs/shared/portal';
import { useRemote } from '../../../lib/useRemote.ts';
import { EmptyView, ErrorView, LoadingView, Pager, queryOf } from '../../../components/content/index.ts';
import { formatDate } from '../../../lib/dates.ts';
import { datamapApi, type FigureRow } from '../lib/api.ts';

const SIZE = 10;

/** Where a row behind a figure can be read (sections without a detail route are not linked). */
function rowHref(row: FigureRow): string | null {
  if (row.link === 'standard') return `/standard-detail?id=${row.id}`;
  if (row.link === 'xiangshan-product') return `/standard-xsDetail?id=${row.id}`;
  return null;
}

export default function DataMapDetailPage() {
  const [params, setParams] = useSearchParams();
  const indicatorKey = params.get('indicator') ?? '';
  const town = params.get('town') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const map = useRemote('datamap', datamapApi.map);
  const query = queryOf({ town, page, size: SIZE });
  const rows = useRemote(indicatorKey ? `${indicatorKey}?${query}` : null, () => datamapApi.rows(indicatorKey, query));
  const indicator = map.data?.indicators.find((i) => i.key === indicatorKey);
  const heading = `${town ? (townName(town) ?? '') : '全市'}${indicator ? ` · ${indicator.name}` : ''}`;
  // The list waits for the indicator's name too: when the rows came first, the heading grew by a line on a
  // phone once the name arrived and pushed the whole list down (layout shift 0.053 at 390px on a loaded CI run).
  const list = map.data || map.error ? rows.data : undefined;

  let body;
  if (!indicatorKey) body = <EmptyView text="未指定统计指标" />;
  else if (rows.error)
    body = rows.notFound ? <EmptyView text={rows.error} /> : <ErrorView message={rows.error} onRetry={rows.reload} />;
  else if (!list) body = <LoadingView />;
  else if (list.list.length === 0) body = <EmptyView />;
  else
    body = (
      <ul className="item-list">
        {list.list.map((r) => {
          const href = rowHref(r);
          return (
            <li key={r.id} className="item-row" data-testid="list-item">
              <div className="item-row-head">
                <h2 className="item-row-title">{href ? <Link to={href}>{r.title}</Link> : r.title}</h2>
                {r.date && (
                  <time className="item-row-date" dateTime={r.date}>
                    {formatDate(r.date)}
                  </time>
                )}
              </div>
              <p className="item-row-summary">{[r.subtitle, r.townName].filter(Boolean).join(' · ')}</p>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="page-container portal-page">
      <h1 className="page-title">数据地图明细：{heading}</h1>
      {list && (
        <p className="portal-list-total" data-testid="list-total">
          共 <strong>{list.total}</strong> {indicator?.unit ?? '条'}
        </p>
      )}
      {body}
      {list && (
        <Pager
          page={page}
          pageSize={SIZE}
          total={list.total}
          onChange={(p) => setParams((prev) => ({ ...Object.fromEntries(prev), page: String(p) }))}
        />
      )}
      <p className="detail-back">
        <Link to={indicatorKey ? `/data-map?indicator=${encodeURIComponent(indicatorKey)}` : '/data-map'}>返回数据地图</Link>
      </p>
    </div>
  );
}
