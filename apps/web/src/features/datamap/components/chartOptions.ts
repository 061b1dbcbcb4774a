import { palette } from '../../../lib/theme.ts';
import type { Indicator, TownFigures } from '../lib/api.ts';

const FONT = "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/** The city outline with each town as a point sized by its figure (positions are approximate). */
export function mapOption(towns: TownFigures[], indicator: Indicator, compact: boolean) {
  const values = towns.map((t) => t.figures[indicator.key] ?? 0);
  const max = Math.max(1, ...values);
  return {
    textStyle: { fontFamily: FONT },
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: [number, number, number] }) =>
        `${p.name}（位置为近似）<br/>${indicator.name}：${p.value[2]} ${indicator.unit}`,
    },
    geo: {
      map: 'zhongshan',
      roam: false,
      silent: true,
      layoutCenter: ['50%', '50%'],
      layoutSize: '95%',
      itemStyle: { areaColor: palette['primary-bg'], borderColor: palette.primary, borderWidth: 1.5 },
    },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        data: towns.map((t, i) => ({ name: t.name, code: t.code, value: [...t.center, values[i]!] })),
        symbolSize: (v: [number, number, number]) => (v[2] > 0 ? 10 + 22 * Math.sqrt(v[2] / max) : 8),
        itemStyle: {
          color: (p: { value: [number, number, number] }) =>
            p.value[2] > 0 ? palette['chart-highlight'] : palette['chart-muted'],
          borderColor: palette.surface,
          borderWidth: 1,
        },
        label: {
          show: true,
          formatter: (p: { name: string; value: [number, number, number] }) => `${p.name.replace(/街道|镇$/, '')} ${p.value[2]}`,
          position: 'right',
          fontSize: compact ? 10 : 12,
          color: palette.text,
        },
        labelLayout: { hideOverlap: true },
        emphasis: { scale: 1.3 },
        cursor: 'pointer',
      },
    ],
  };
}

/** Towns ranked by the figure, as horizontal bars. */
export function barOption(towns: TownFigures[], indicator: Indicator) {
  const rows = towns
    .map((t) => ({ name: t.name, code: t.code, value: t.figures[indicator.key] ?? 0 }))
    .sort((a, b) => a.value - b.value);
  return {
    textStyle: { fontFamily: FONT },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, name: indicator.unit },
    yAxis: { type: 'category', data: rows.map((r) => r.name), axisTick: { show: false } },
    series: [
      {
        type: 'bar',
        name: indicator.name,
        data: rows.map((r) => ({ value: r.value, code: r.code })),
        itemStyle: { color: palette.primary },
        label: { show: true, position: 'right' },
        barMaxWidth: 16,
        cursor: 'pointer',
      },
    ],
  };
}
