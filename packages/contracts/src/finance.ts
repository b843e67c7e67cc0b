import { z } from 'zod';
import { defineCall } from './call.js';
import { dayFilter } from './admin-content.js';
import { pageOf, pageQuery } from './envelope.js';
import { orderView } from './orders.js';

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

/** One wallet-log line for the administrator: an entry on a member's account, with who and why. */
export const fundItem = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  account: z.enum(['available', 'frozen']),
  amount: z.string(),
  changeType: z.number().int(),
  memo: z.string(),
  createdAt: z.string(),
});
/** A fund-details line. */
export type FundItem = z.infer<typeof fundItem>;

/** The fund-details filters (the admin app's filter form validates with this too). */
export const fundFilter = z.object({
  username: z.string().trim().max(100).default(''),
  changeType: z.coerce.number().int().min(0).default(0),
  createdAtBegin: dayFilter,
  createdAtEnd: dayFilter,
});

/** `GET backAdmin/users.wallet.logs`: every member's ledger entries, newest first, with filters. */
export const adminWalletLogs = defineCall({
  method: 'GET',
  path: '/api/backAdmin/users.wallet.logs',
  summary: 'Fund details (admin)',
  tags: ['admin', 'finance'],
  input: pageQuery.extend(fundFilter.shape),
  output: pageOf(fundItem),
});

/** The order-record filters: type and status (-1 all), payer, days (the admin form validates with this). */
export const orderFilter = z.object({
  type: z.coerce.number().int().min(-1).default(-1),
  status: z.coerce.number().int().min(-1).default(-1),
  username: z.string().trim().max(100).default(''),
  orderSn: z.string().trim().max(40).default(''),
  createdAtBegin: dayFilter,
  createdAtEnd: dayFilter,
});

/** `GET backAdmin/users.order.logs`: every order, newest first, with filters. */
export const adminOrderLogs = defineCall({
  method: 'GET',
  path: '/api/backAdmin/users.order.logs',
  summary: 'Order records (admin)',
  tags: ['admin', 'finance'],
  input: pageQuery.extend(orderFilter.shape),
  output: pageOf(orderView.extend({ username: z.string(), payeeName: z.string().nullable() })),
});
