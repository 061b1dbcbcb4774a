import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GeoJson, Indicator, TownFigures } from '../lib/api.ts';
import { detailLink } from '../lib/api.ts';
import { barOption, mapOption } from './chartOptions.ts';

type Echarts = (typeof import('./echarts.ts'))['echarts'];
type Chart = ReturnType<Echarts['init']>;

interface Props {
  outline: GeoJson;
  towns: TownFigures[];
  indicator: Indicator;
}

/**
 * The map and the bar chart. ECharts is imported here, on demand, so it stays out of every other route.
 * Clicking a town point or bar opens the rows behind its figure. The map element carries the town
 * points' pixel positions (data-points) so browser tests can click a real point on the canvas.
 */
export default function DataMapCharts({ outline, towns, indicator }: Props) {
  const navigate = useNavigate();
  // The click handlers read the latest navigate without re-setting the charts when its identity changes.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const mapRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [lib, setLib] = useState<Echarts | null>(null);
  const [failed, setFailed] = useState(false);
  const charts = useRef<{ map?: Chart; bar?: Chart }>({});

  useEffect(() => {
    let live = true;
    import('./echarts.ts').then(
      (m) => {
        if (!live) return;
        m.echarts.registerMap('zhongshan', outline as never);
        setLib(() => m.echarts);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [outline]);

  // Create the charts once the library is there; dispose them with the page.
  useEffect(() => {
    if (!lib || !mapRef.current || !barRef.current) return;
    const map = lib.init(mapRef.current, undefined, { renderer: 'canvas' });
    const bar = lib.init(barRef.current, undefined, { renderer: 'canvas' });
    // ECharts marks its container with a made-up attribute that is invalid HTML (decisions/0080); the page keeps the
    // instances itself and never looks them up by element, so the mark can go.
    for (const el of [mapRef.current, barRef.current]) el.removeAttribute('_echarts_instance_');
    charts.current = { map, bar };
    // The observer also fires when React detaches the elements, before the cleanup below disposes the
    // charts: resizing a detached 0×0 geo chart throws inside ECharts, so only live, sized elements resize.
    const fit = (chart: Chart, el: HTMLElement) => {
      if (!chart.isDisposed() && el.isConnected && el.clientWidth > 0 && el.clientHeight > 0) chart.resize();
    };
    const mapEl = mapRef.current;
    const barEl = barRef.current;
    const resize = new ResizeObserver(() => {
      fit(map, mapEl);
      fit(bar, barEl);
    });
    resize.observe(mapEl);
    resize.observe(barEl);
    return () => {
      resize.disconnect();
      map.dispose();
      bar.dispose();
      charts.current = {};
    };
  }, [lib]);

  useEffect(() => {
    const { map, bar } = charts.current;
    if (!lib || !map || !bar || !mapRef.current) return;
    const el = mapRef.current;
    const compact = el.clientWidth < 500;
    // Merge mode: the option keeps one geo and one series, so updating in place keeps the map's state.
    map.setOption(mapOption(towns, indicator, compact));
    bar.setOption(barOption(towns, indicator));
    const open = (params: { data?: unknown }) => {
      const code = (params.data as { code?: string } | undefined)?.code;
      // Leave the ECharts event first: navigating unmounts (and disposes) the chart that is dispatching.
      if (code) setTimeout(() => navigateRef.current(detailLink(indicator.key, code)), 0);
    };
    map.off('click');
    bar.off('click');
    map.on('click', open);
    bar.on('click', open);
    const writePoints = () => {
      if (map.isDisposed()) return;
      const points = towns.map((t) => {
        const [x, y] = (map.convertToPixel({ geoIndex: 0 }, t.center) as number[] | undefined) ?? [NaN, NaN];
        return { code: t.code, name: t.name, x: Math.round(x!), y: Math.round(y!) };
      });
      el.dataset.points = JSON.stringify(points);
    };
    writePoints();
    map.on('finished', writePoints);
    return () => {
      if (!map.isDisposed()) map.off('finished', writePoints);
    };
  }, [lib, towns, indicator]);

  if (failed) return <p className="datamap-error">图表加载失败，请刷新页面重试。下方表格列出了同样的数字。</p>;
  return (
    <div className="datamap-charts">
      <div
        className="datamap-map"
        ref={mapRef}
        data-testid="datamap-map"
        role="img"
        aria-label={`中山市${indicator.name}分布地图（镇街位置为近似）`}
      />
      <div
        className="datamap-bar"
        ref={barRef}
        data-testid="datamap-bar"
        role="img"
        aria-label={`各镇街${indicator.name}柱状图`}
      />
    </div>
  );
}
