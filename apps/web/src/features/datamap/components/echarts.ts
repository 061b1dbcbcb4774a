/**
 * The ECharts build of the data map: only what the two charts use (geo outline with town points,
 * bars). Imported dynamically from the data-map pages so it never reaches other routes' bundles.
 */
import * as echarts from 'echarts/core';
import { BarChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, ScatterChart, GeoComponent, GridComponent, TooltipComponent, LabelLayout, CanvasRenderer]);

export { echarts };
