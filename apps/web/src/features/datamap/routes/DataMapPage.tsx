import '../datamap.css';
import { Suspense, lazy } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRemote } from '../../../lib/useRemote.ts';
import { ErrorView, LoadingView } from '../../../components/content/index.ts';
import { SOURCES, datamapApi, detailLink } from '../lib/api.ts';
import { TownTable } from '../components/TownTable.tsx';

const DataMapCharts = lazy(() => import('../components/DataMapCharts.tsx'));

export default function DataMapPage() {
  const [params, setParams] = useSearchParams();
  const map = useRemote('datamap', datamapApi.map);
  const outline = useRemote('geo-zhongshan', datamapApi.outline);
  const data = map.data;
  // Without a choice in the URL, open on the first town-level figure that has anything to show.
  const indicator =
    data?.indicators.find((i) => i.key === params.get('indicator')) ??
    data?.indicators.find((i) => i.perTown && (data.totals[i.key] ?? 0) > 0) ??
    data?.indicators[0];

  let body;
  if (map.error) body = <ErrorView message={map.error} onRetry={map.reload} />;
  else if (!data || !indicator) body = <LoadingView rows={10} />;
  else
    body = (
      <>
        <div className="chip-group datamap-switch" role="group" aria-label="统计指标">
          {data.indicators.map((i) => (
            <button
              key={i.key}
              type="button"
              className="chip"
              aria-pressed={i.key === indicator.key}
              onClick={() => setParams({ indicator: i.key }, { replace: true, preventScrollReset: true })}
            >
              {i.name}
            </button>
          ))}
        </div>
        <p className="datamap-total">
          全市{indicator.name}：
          <Link to={detailLink(indicator.key)} data-testid="datamap-total">
            <strong>{data.totals[indicator.key] ?? 0}</strong> {indicator.unit}
          </Link>
          {indicator.note && <span className="datamap-note">（{indicator.note}）</span>}
        </p>
        {indicator.perTown ? (
          <>
            {outline.error ? (
              <ErrorView message={`地图边界加载失败：${outline.error}`} onRetry={outline.reload} />
            ) : outline.data ? (
              <Suspense fallback={<ChartsPlaceholder />}>
                <DataMapCharts outline={outline.data} towns={data.towns} indicator={indicator} />
              </Suspense>
            ) : (
              <ChartsPlaceholder />
            )}
            <TownTable towns={data.towns} indicator={indicator} />
          </>
        ) : (
          <p className="datamap-note">该指标暂无镇街分布，点击上方合计查看明细。</p>
        )}
      </>
    );

  return (
    <div className="page-container portal-page datamap-page">
      <h1 className="page-title">数据地图</h1>
      <p className="portal-intro">中山市标准化工作数据按镇街分布。点击地图上的镇街或柱状图查看对应明细。</p>
      {body}
      <footer className="datamap-sources">
        {data && <p>{data.note}。</p>}
        <p>{SOURCES}</p>
      </footer>
    </div>
  );
}

/** Holds the charts' height while their code and the outline load, so nothing below them jumps. */
function ChartsPlaceholder() {
  return (
    <div className="datamap-charts-placeholder">
      <LoadingView rows={10} />
    </div>
  );
}
