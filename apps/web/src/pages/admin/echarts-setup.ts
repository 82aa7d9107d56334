import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the dashboard draws, so the console's chunk carries a fraction of ECharts; imported by
// the console alone (a lazy route), never by the entry.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** A chart drawn on a canvas inside `element`. The seam the dashboard's tests replace (jsdom has no canvas). */
export function createChart(element: HTMLElement): EChartsType {
  return init(element, undefined, { renderer: 'canvas' });
}
