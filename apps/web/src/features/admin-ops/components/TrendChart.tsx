import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the trends need, so the admin chunk stays small; never imported by a public page.
echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface Series {
  name: string;
  points: { day: string; count: number }[];
}

/** Daily counts of the last 30 days as lines. */
export function TrendChart({ title, series }: { title: string; series: Series[] }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current);
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: series[0]?.points.map((p) => p.day.slice(5)) ?? [] },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((s) => ({ name: s.name, type: 'line', smooth: true, data: s.points.map((p) => p.count) })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [series]);
  return (
    <figure className="admin-panel" aria-label={title}>
      <figcaption>{title}</figcaption>
      <div ref={el} className="admin-chart" />
    </figure>
  );
}
