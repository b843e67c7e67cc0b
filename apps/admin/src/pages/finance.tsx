import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  financeChartInput,
  statisticFinance,
  statisticFinanceChart,
  type CallOutput,
  type FinanceTotals,
} from '@forum/contracts';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { mm } from '../i18n-money.ts';
import { TabButtons } from '../components/tab-buttons.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { fmt } from '../format.ts';

// ECharts is large: its chunk loads with the chart only.
const FinanceChart = lazy(() => import('./finance-chart.tsx').then((x) => ({ default: x.FinanceChart })));

type ChartIn = z.input<typeof financeChartInput>;
type ChartQuery = z.output<typeof financeChartInput>;
const CARDS: Array<keyof FinanceTotals> = [
  'totalIncome',
  'totalWithdrawal',
  'totalWallet',
  'totalProfit',
  'withdrawalProfit',
  'orderRoyalty',
  'totalRegisterProfit',
  'orderCount',
];

/** Finance statistics (reference §5 `financial-statistics`): the eight totals and the day/week/month chart. */
export function Finance() {
  const [totals, setTotals] = useState<FinanceTotals | null>(null);
  const [query, setQuery] = useState<ChartQuery>(financeChartInput.parse({}));
  const [chart, setChart] = useState<CallOutput<typeof statisticFinanceChart> | null>(null);
  const form = useForm<ChartIn, unknown, ChartQuery>({
    resolver: zodResolver(financeChartInput),
    defaultValues: { createdAtBegin: '', createdAtEnd: '' },
  });
  useEffect(() => {
    void run(statisticFinance, {}).then(setTotals);
  }, []);
  useEffect(() => {
    setChart(null);
    void run(statisticFinanceChart, query).then(setChart);
  }, [query]);
  return (
    <section data-testid="admin-finance">
      <h1>{mm.menu.finance}</h1>
      <div className="admin-cards admin-cards--four">
        {CARDS.map((k) => (
          <div key={k} className="admin-card" data-testid={`finance-${k}`}>
            <div className="admin-card__value">
              {totals ? (k === 'orderCount' ? fmt.number(totals[k]) : fmt.money(totals[k], true)) : '…'}
            </div>
            <div className="admin-card__label">{mm.totals[k]}</div>
          </div>
        ))}
      </div>
      <div className="admin-panel">
        <h2>{mm.chart.title}</h2>
        <div className="admin-tabs">
          <TabButtons
            options={[1, 2, 3] as const}
            value={query.type as 1 | 2 | 3}
            onChange={(type) => setQuery((q) => ({ ...q, type }))}
            label={(k) => mm.chart.types[k]}
          />
        </div>
        <FilterBar
          form={form}
          onSearch={(f) => setQuery({ ...f, type: query.type })}
          testId="finance-filter"
          searchLabel={mm.chart.show}
        />
        <Suspense fallback={<p className="admin-empty">{s.loading}</p>}>
          {chart ? (
            <FinanceChart series={chart.series} labels={mm.chart} />
          ) : (
            <p className="admin-empty">{s.loading}</p>
          )}
        </Suspense>
      </div>
    </section>
  );
}
