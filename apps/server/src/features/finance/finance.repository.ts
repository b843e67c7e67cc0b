import { OrderStatus, OrderType } from '@forum/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';

/** A period length of the chart. */
export type Unit = 'day' | 'week' | 'month';

/** Fen and counts per period (`bucket` null for the all-time totals). */
export interface Figures {
  bucket: string | null;
  /** Paid orders (recharges aside: a deposit is not income) and their count. */
  income: bigint;
  orderCount: number;
  /** Paid registration orders (reference §1.11 `totalRegisterProfit`). */
  register: bigint;
  withdrawal: bigint;
  /** The site's revenue entries by their transaction's reason (what kind of movement brought it in). */
  siteByReason: Map<number, bigint>;
}

/** Figures of a period without any movement. */
export function emptyFigures(bucket: string | null): Figures {
  return { bucket, income: 0n, orderCount: 0, register: 0n, withdrawal: 0n, siteByReason: new Map() };
}

/** UTC instants, end exclusive. */
export interface Range {
  from: Date;
  to: Date;
}

/** The period of an instant column (UTC), or one period for everything. */
const bucketOf = (column: SQL, unit: Unit | null): SQL =>
  unit ? sql`to_char(date_trunc(${unit}, ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')` : sql`NULL::text`;
const within = (column: SQL, range: Range | null): SQL =>
  range ? sql`${column} >= ${range.from.toISOString()} AND ${column} < ${range.to.toISOString()}` : sql`TRUE`;

/**
 * Sums from the raw rows: the site's revenue entries by reason (ledger), paid-out withdrawals (`wallet_cash`
 * status 5, by payout time), and paid orders (by payment time).
 */
export async function figures(db: DbOrTx, unit: Unit | null, range: Range | null): Promise<Figures[]> {
  const out = new Map<string | null, Figures>();
  const at = (bucket: string | null) => {
    let f = out.get(bucket);
    if (!f) out.set(bucket, (f = emptyFigures(bucket)));
    return f;
  };
  const site = await rowsOf<{ b: string | null; reason: number; s: string }>(
    db,
    sql`SELECT ${bucketOf(sql`x.created_at`, unit)} AS b, x.reason, sum(e.amount)::text AS s
        FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'site_revenue'
        JOIN ledger_transactions x ON x.id = e.transaction_id
        WHERE ${within(sql`x.created_at`, range)} GROUP BY 1, 2`,
  );
  for (const r of site) at(r.b).siteByReason.set(r.reason, BigInt(r.s));
  const cash = await rowsOf<{ b: string | null; s: string }>(
    db,
    sql`SELECT ${bucketOf(sql`trade_time`, unit)} AS b, sum(apply_fen)::text AS s
        FROM wallet_cash WHERE status = 5 AND ${within(sql`trade_time`, range)} GROUP BY 1`,
  );
  for (const r of cash) at(r.b).withdrawal = BigInt(r.s);
  const orders = await rowsOf<{ b: string | null; s: string; n: number; r: string }>(
    db,
    sql`SELECT ${bucketOf(sql`paid_at`, unit)} AS b, sum(amount_fen)::text AS s, count(*)::int AS n,
          coalesce(sum(amount_fen) FILTER (WHERE type = ${OrderType.REGISTER}), 0)::text AS r
        FROM orders WHERE status = ${OrderStatus.PAID} AND type <> ${OrderType.RECHARGE}
          AND ${within(sql`paid_at`, range)} GROUP BY 1`,
  );
  for (const r of orders)
    Object.assign(at(r.b), { income: BigInt(r.s), orderCount: r.n, register: BigInt(r.r) });
  return [...out.values()];
}

/** The members' money: available plus frozen over every wallet. */
export async function walletsTotal(db: DbOrTx): Promise<bigint> {
  const [r] = await rowsOf<{ s: string }>(
    db,
    sql`SELECT coalesce(sum(available + frozen), 0)::text AS s FROM wallets`,
  );
  return BigInt(r!.s);
}
