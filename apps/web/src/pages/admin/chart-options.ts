import type { EChartsCoreOption } from 'echarts/core';
import type { DayStats } from './admin-api';

/*
 * The dashboard's charts as ECharts options: plain functions of the day figures, so that what
 * each chart shows is testable without a canvas.
 */

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

/** Units are in the panels' titles, not on the axes: a phone has no room for both above a wrapped legend. */
function base(days: readonly DayStats[], seriesCount: number) {
  return {
    // NOTE: richText tooltips are drawn on the canvas; the HTML ones write inline style attributes, which the CSP refuses.
    tooltip: { trigger: 'axis', renderMode: 'richText' },
    legend: { top: 0, textStyle: { fontSize: 11 }, itemWidth: 18, itemGap: 8 },
    // Five legend items take two lines on a phone.
    grid: { left: 8, right: 8, top: seriesCount > 3 ? 56 : 32, bottom: 4 },
    xAxis: { type: 'category', data: days.map((day) => day.date.slice(5)) },
  };
}

const bar = (name: string, data: (number | null)[], yAxisIndex = 0) => ({ type: 'bar', name, data, yAxisIndex });
const line = (name: string, data: (number | null)[], yAxisIndex = 0) => ({ type: 'line', name, data, yAxisIndex, connectNulls: true, showSymbol: data.length <= 31 });

export function signupsOption(days: readonly DayStats[]): EChartsCoreOption {
  return {
    ...base(days, 2),
    yAxis: { type: 'value', minInterval: 1 },
    series: [line('注册用户', days.map((d) => d.signups)), line('付费用户', days.map((d) => d.payingUsers))],
  };
}

export function tasksOption(days: readonly DayStats[]): EChartsCoreOption {
  return {
    ...base(days, 5),
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', splitLine: { show: false } },
    ],
    series: [
      bar('开始', days.map((d) => d.tasksStarted)),
      bar('完成', days.map((d) => d.tasksCompleted)),
      bar('失败', days.map((d) => d.tasksFailed)),
      line('P50 耗时（秒）', days.map((d) => seconds(d.p50Ms)), 1),
      line('P95 耗时（秒）', days.map((d) => seconds(d.p95Ms)), 1),
    ],
  };
}

export function revenueOption(days: readonly DayStats[]): EChartsCoreOption {
  return {
    ...base(days, 2),
    yAxis: { type: 'value' },
    series: [bar('收入', days.map((d) => d.revenueFen / 100)), bar('退款', days.map((d) => (d.refundsFen ?? 0) / 100))],
  };
}

export function coinsOption(days: readonly DayStats[]): EChartsCoreOption {
  return {
    ...base(days, 2),
    yAxis: { type: 'value', minInterval: 1 },
    series: [bar('发放', days.map((d) => d.coinsIssued)), bar('消耗', days.map((d) => d.coinsSpent))],
  };
}

export function tokensOption(days: readonly DayStats[]): EChartsCoreOption {
  return {
    ...base(days, 2),
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', splitLine: { show: false } },
    ],
    series: [bar('tokens', days.map((d) => d.llmTokens)), line('成本（元）', days.map((d) => d.llmCostYuan), 1)],
  };
}
