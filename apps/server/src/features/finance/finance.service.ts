import { WalletReason, type FinancePoint, type FinanceTotals } from '@forum/contracts';
import type { Db } from '../../platform/db/db.js';
import { invalid } from '../../platform/http/errors.js';
import { fenToYuan } from '../wallet/index.js';
import {
  emptyFigures,
  figures,
  walletsTotal,
  type Figures,
  type Range,
  type Unit,
} from './finance.repository.js';

/** Site revenue from paid registrations (log type 70): counted from the orders instead (reference §1.11). */
const REGISTER_REASONS = new Set<number>([WalletReason.EXPEND_REGISTER]);
const UNITS: Record<number, Unit> = { 1: 'day', 2: 'week', 3: 'month' };
/** How many periods the chart shows without dates. */
const DEFAULT_SPAN: Record<Unit, number> = { day: 30, week: 12, month: 12 };
/** The most periods one chart may ask for. */
const MAX_POINTS = 400;

/**
 * The site's profit (reference §1.11): paid registrations, its share of other paid orders (its revenue
 * entries but withdrawal fees and registrations), and the withdrawal fees.
 */
function profits(f: Figures) {
  const register = f.register;
  let royalty = 0n;
  for (const [reason, fen] of f.siteByReason) {
    if (reason !== WalletReason.CASH_SUCCESS && !REGISTER_REASONS.has(reason)) royalty += fen;
  }
  const withdrawal = f.siteByReason.get(WalletReason.CASH_SUCCESS) ?? 0n;
  return { register, royalty, withdrawal, total: register + royalty + withdrawal };
}

/** Finance statistics (reference §1.11), summed from the ledger and the raw tables on every call. */
export class FinanceService {
  constructor(private readonly db: Db) {}

  /** The all-time totals. */
  async totals(): Promise<FinanceTotals> {
    const [all] = await figures(this.db, null, null);
    const f = all ?? emptyFigures(null);
    const p = profits(f);
    return {
      totalIncome: fenToYuan(f.income),
      totalWithdrawal: fenToYuan(f.withdrawal),
      totalWallet: fenToYuan(await walletsTotal(this.db)),
      totalProfit: fenToYuan(p.total),
      withdrawalProfit: fenToYuan(p.withdrawal),
      orderRoyalty: fenToYuan(p.royalty),
      totalRegisterProfit: fenToYuan(p.register),
      orderCount: f.orderCount,
    };
  }

  /** One point per period from the first period of `begin` to the one of `end` (UTC days, inclusive). */
  async chart(type: number, begin?: string, end?: string): Promise<{ type: number; series: FinancePoint[] }> {
    const unit = UNITS[type]!;
    const periods = periodStarts(unit, begin, end);
    const range: Range = { from: periods[0]!, to: addPeriod(periods.at(-1)!, unit) };
    const byBucket = new Map((await figures(this.db, unit, range)).map((f) => [f.bucket, f]));
    const series = periods.map((start) => {
      const date = start.toISOString().slice(0, 10);
      const f = byBucket.get(date) ?? emptyFigures(date);
      const p = profits(f);
      return {
        date,
        income: fenToYuan(f.income),
        withdrawal: fenToYuan(f.withdrawal),
        orderCount: f.orderCount,
        totalProfit: fenToYuan(p.total),
        registerProfit: fenToYuan(p.register),
        masterPortion: fenToYuan(p.royalty),
        withdrawalProfit: fenToYuan(p.withdrawal),
      };
    });
    return { type, series };
  }
}

/** The start of the period holding a UTC day (weeks start on Monday, as PostgreSQL's date_trunc). */
function periodStart(day: Date, unit: Unit): Date {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  if (unit === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (unit === 'month') d.setUTCDate(1);
  return d;
}

function addPeriod(d: Date, unit: Unit, n = 1): Date {
  const next = new Date(d);
  if (unit === 'day') next.setUTCDate(next.getUTCDate() + n);
  if (unit === 'week') next.setUTCDate(next.getUTCDate() + 7 * n);
  if (unit === 'month') next.setUTCMonth(next.getUTCMonth() + n);
  return next;
}

/** The periods' first days; without dates the last DEFAULT_SPAN periods up to today. */
function periodStarts(unit: Unit, begin?: string, end?: string): Date[] {
  const last = periodStart(end ? new Date(`${end}T00:00:00Z`) : new Date(), unit);
  const first = begin
    ? periodStart(new Date(`${begin}T00:00:00Z`), unit)
    : addPeriod(last, unit, 1 - DEFAULT_SPAN[unit]);
  if (Number.isNaN(first.getTime()) || Number.isNaN(last.getTime()))
    throw invalid('createdAtBegin: not a date');
  if (first > last)
    throw invalid('createdAtBegin: must not be after createdAtEnd', { field: 'createdAtBegin' });
  const out: Date[] = [];
  for (let d = first; d <= last; d = addPeriod(d, unit)) {
    out.push(d);
    if (out.length > MAX_POINTS)
      throw invalid(`createdAtBegin: at most ${MAX_POINTS} periods`, { field: 'createdAtBegin' });
  }
  return out;
}
