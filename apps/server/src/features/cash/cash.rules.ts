import { invalid } from '../../platform/http/errors.js';
import { yuanToFen } from '../wallet/index.js';

/** The withdrawal limits of the settings tag `cash` (reference §1.9), fen and the fee rate. */
export interface CashLimits {
  intervalDays: number;
  minFen: bigint;
  /** 0 = no limit. */
  maxFen: bigint;
  /** 0 = no limit. */
  dailyFen: bigint;
  /** The `cash_rate` setting as set (0–1). */
  rate: string;
}

/** Reads the limits from setting values; a malformed value counts as unset (the admin form refuses them). */
export function cashLimits(get: (key: string) => string): CashLimits {
  const fen = (key: string) => {
    try {
      return yuanToFen(get(key) || '0', key);
    } catch {
      return 0n;
    }
  };
  const days = Number.parseInt(get('cash_interval_time'), 10);
  return {
    intervalDays: Number.isFinite(days) && days > 0 ? days : 0,
    minFen: fen('cash_min_sum'),
    maxFen: fen('cash_max_sum'),
    dailyFen: fen('cash_sum_limit'),
    rate: get('cash_rate'),
  };
}

/** -4001 on `cashApplyAmount`, naming the setting that refused it. */
export const limitRefused = (limit: string, message: string) =>
  invalid(`cashApplyAmount: ${message}`, { field: 'cashApplyAmount', limit });

/** Refuses an amount outside the per-request limits (the daily and interval limits need the database). */
export function checkAmount(applyFen: bigint, l: CashLimits): void {
  if (applyFen <= 0n) throw limitRefused('cash_min_sum', 'the amount must be positive');
  if (l.minFen > 0n && applyFen < l.minFen)
    throw limitRefused('cash_min_sum', 'below the minimum withdrawal');
  if (l.maxFen > 0n && applyFen > l.maxFen)
    throw limitRefused('cash_max_sum', 'above the maximum withdrawal');
}
