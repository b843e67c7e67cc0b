import { z } from 'zod';
import { defineCall } from './call.js';
import { dayFilter } from './admin-content.js';

/** The finance totals (spec §3, reference §1.11): yuan strings with two decimals, and the paid-order count. */
export const financeTotals = z.object({
  totalIncome: z.string(),
  totalWithdrawal: z.string(),
  totalWallet: z.string(),
  totalProfit: z.string(),
  withdrawalProfit: z.string(),
  orderRoyalty: z.string(),
  totalRegisterProfit: z.string(),
  orderCount: z.number().int(),
});
/** The finance totals. */
export type FinanceTotals = z.infer<typeof financeTotals>;

const totalsCall = (path: string) =>
  defineCall({
    method: 'GET',
    path,
    summary: 'Finance totals (admin)',
    tags: ['admin', 'finance'],
    input: z.object({}),
    output: financeTotals,
  });

/** `GET statistic/finance.v2` (spec §7): the totals, computed from the ledger and the raw tables. */
export const statisticFinance = totalsCall('/api/statistic/finance.v2');
/** `GET backAdmin/statistic.finance`: the same, under the reference's name. */
export const adminStatisticFinance = totalsCall('/api/backAdmin/statistic.finance');

/** One period of the chart (its first day, UTC); money as yuan strings. */
export const financePoint = z.object({
  date: z.string(),
  income: z.string(),
  withdrawal: z.string(),
  orderCount: z.number().int(),
  totalProfit: z.string(),
  registerProfit: z.string(),
  masterPortion: z.string(),
  withdrawalProfit: z.string(),
});
/** One period. */
export type FinancePoint = z.infer<typeof financePoint>;

/** The chart's input (the admin app's filter form validates with this too): 1 day, 2 week, 3 month. */
export const financeChartInput = z.object({
  type: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2 || v === 3, 'type must be 1 (day), 2 (week) or 3 (month)')
    .default(1),
  createdAtBegin: dayFilter,
  createdAtEnd: dayFilter,
});

const chartCall = (path: string) =>
  defineCall({
    method: 'GET',
    path,
    summary: 'Finance series by day, week or month (admin)',
    tags: ['admin', 'finance'],
    input: financeChartInput,
    output: z.object({ type: z.number().int(), series: z.array(financePoint) }),
  });

/**
 * `GET statistic/financeChart.v2` (spec §7): one point per day, week (from Monday) or month between
 * `createdAtBegin` and `createdAtEnd` (UTC days, inclusive; by default the last 30 days, 12 weeks or 12 months).
 */
export const statisticFinanceChart = chartCall('/api/statistic/financeChart.v2');
/** `GET backAdmin/statistic.financeChart`: the same, under the reference's name. */
export const adminStatisticFinanceChart = chartCall('/api/backAdmin/statistic.financeChart');
