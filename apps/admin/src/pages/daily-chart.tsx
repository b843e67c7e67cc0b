import { useEffect, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { CallOutput, dashboardChart } from '@forum/contracts';
import { s } from '../i18n.ts';

// Only the parts the chart uses: a line chart, its grid, legend and tooltip, drawn as SVG.
registerCharts([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** New users, threads and replies per day (issue 10 §10), as lines. */
export function DailyChart({ data }: { data: CallOutput<typeof dashboardChart> }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = init(box.current, undefined, { renderer: 'svg' });
    const series = (name: string, values: number[]) => ({
      name,
      type: 'line' as const,
      smooth: true,
      data: values,
    });
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: data.days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        series(s.dashboard.users, data.users),
        series(s.dashboard.threads, data.threads),
        series(s.dashboard.posts, data.posts),
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [data]);
  return (
    <div
      ref={box}
      className="admin-chart"
      data-testid="daily-chart"
      role="img"
      aria-label={s.dashboard.daily}
    />
  );
}
