import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { createChart } from './echarts-setup';

interface EChartProps {
  /** The chart's accessible name (the canvas itself says nothing to a screen reader). */
  label: string;
  option: EChartsCoreOption;
}

/** One ECharts chart that follows its container's width (a phone's, a widened window's). */
export function EChart({ label, option }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = createChart(element);
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-testid="admin-chart" className="h-64 w-full min-w-0" />;
}
