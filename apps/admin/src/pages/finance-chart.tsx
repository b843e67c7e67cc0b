import { useEffect, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { FinancePoint } from '@forum/contracts';

registerCharts([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** The chart's words (passed in: this chunk imports nothing of the app, or the bundler splits the app's core). */
export interface FinanceChartLabels {
  title: string;
  income: string;
  withdrawal: string;
  totalProfit: string;
  withdrawalProfit: string;
}

/** Paid orders, payouts, profit and withdrawal fees per period (issue 12 §9), as lines in yuan. */
export function FinanceChart({ series, labels }: { series: FinancePoint[]; labels: FinanceChartLabels }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = init(box.current, undefined, { renderer: 'svg' });
    // Yuan strings become numbers for drawing only; every figure shown as text stays a string.
    const line = (name: string, pick: (p: FinancePoint) => string) => ({
      name,
      type: 'line' as const,
      data: series.map((p) => Number(pick(p))),
    });
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: series.map((p) => p.date) },
      yAxis: { type: 'value' },
      series: [
        line(labels.income, (p) => p.income),
        line(labels.withdrawal, (p) => p.withdrawal),
        line(labels.totalProfit, (p) => p.totalProfit),
        line(labels.withdrawalProfit, (p) => p.withdrawalProfit),
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [series, labels]);
  return (
    <div ref={box} className="admin-chart" data-testid="finance-chart" role="img" aria-label={labels.title} />
  );
}
