import { randomInt } from 'node:crypto';
import {
  CashStatus,
  Code,
  WalletReason,
  cashFee,
  type CallParsed,
  type CashItem,
  type Page,
} from '@forum/contracts';
import type { adminCashList, adminCashReview, walletCashCreate } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, Tx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid, loginRequired, notFound } from '../../platform/http/errors.js';
import { pageReply } from '../../platform/http/page.js';
import type { Notice } from '../notifications/index.js';
import { yuanToFen, type Ledger, type Move } from '../wallet/index.js';
import * as repo from './cash.repository.js';
import { cashLimits, checkAmount, limitRefused } from './cash.rules.js';
import { presentCash } from './cash.presenter.js';

type ReviewTarget = 2 | 3 | 5 | 6;
/** Each review step: the status it needs, the status it leaves, and what happens to the frozen amount. */
const STEPS: Record<ReviewTarget, { from: number; to: number; money: 'none' | 'unfreeze' | 'payout' }> = {
  2: { from: CashStatus.PENDING, to: CashStatus.AWAITING_PAYOUT, money: 'none' },
  3: { from: CashStatus.PENDING, to: CashStatus.REJECTED, money: 'unfreeze' },
  5: { from: CashStatus.AWAITING_PAYOUT, to: CashStatus.PAID, money: 'payout' },
  6: { from: CashStatus.AWAITING_PAYOUT, to: CashStatus.FAILED, money: 'unfreeze' },
};

/** Withdrawals (reference §1.9): apply within the limits (amount frozen), the administrator's review. */
export class CashService {
  /** Tells members of review results (installed at mount; a failed notice never fails the review). */
  notify: (notices: Notice[]) => Promise<void> = async () => {};

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly setting: (key: string) => string,
  ) {}

  /** Applies: limits, wallet status and balance checked under the wallet lock, amount frozen with the row. */
  async apply(
    actor: Actor,
    input: CallParsed<typeof walletCashCreate>,
  ): Promise<CashItem & { duplicate: boolean }> {
    const userId = signedIn(actor);
    const limits = cashLimits(this.setting);
    const applyFen = yuanToFen(input.cashApplyAmount, 'cashApplyAmount');
    const key = `cash:${userId}:${input.idempotencyKey}`;
    const id = await inTransaction(this.db, async (tx) => {
      const wallet = await repo.lockWallet(tx, userId);
      const first = await repo.findCash(tx, { key });
      if (first) return -first.id;
      checkAmount(applyFen, limits);
      if (wallet?.status === 1)
        throw invalid('walletStatus: withdrawals are frozen for this wallet', { field: 'walletStatus' });
      if (!wallet || wallet.available < applyFen) {
        throw invalid('cashApplyAmount: insufficient balance', { field: 'cashApplyAmount' });
      }
      if (limits.intervalDays > 0 && (await repo.appliedWithin(tx, userId, limits.intervalDays))) {
        throw limitRefused('cash_interval_time', `one withdrawal every ${limits.intervalDays} days`);
      }
      if (limits.dailyFen > 0n && (await repo.appliedToday(tx, userId)) + applyFen > limits.dailyFen) {
        throw limitRefused('cash_sum_limit', 'above the daily withdrawal limit');
      }
      const feeFen = cashFee(applyFen, limits.rate);
      // A number drawn twice in one second (1 in 10^6 per pair: seen in the 10,000-operation test) is drawn again.
      let cashId: number | null = null;
      for (let i = 0; i < 3 && cashId === null; i++) {
        cashId = await repo.insertCash(tx, {
          cashSn: cashSn(),
          userId,
          applyFen,
          feeFen,
          actualFen: applyFen - feeFen,
          receiveAccount: input.receiveAccount,
          idempotencyKey: key,
        });
      }
      if (cashId === null)
        throw new AppError(Code.INTERNAL_ERROR, 'could not number the withdrawal, try again');
      await this.ledger.freeze(tx, {
        userId,
        amount: applyFen,
        reason: WalletReason.CASH_FREEZE,
        idempotencyKey: key,
        actorId: userId,
        memo: `cash ${cashId}`,
      });
      return cashId;
    });
    const row = (await repo.findCash(this.db, { id: Math.abs(id) }))!;
    return { ...presentCash(row), duplicate: id < 0 };
  }

  /** The actor's own requests. */
  async mine(actor: Actor, page: number, perPage: number, cashStatus: number): Promise<Page<CashItem>> {
    const userId = signedIn(actor);
    return this.list({ userId, cashStatus }, page, perPage);
  }

  /** Every request with filters (the route is admin-only). */
  async all(input: CallParsed<typeof adminCashList>): Promise<Page<CashItem>> {
    const { page, perPage, ...filter } = input;
    return this.list(filter, page, perPage);
  }

  /** One review step on a locked row: idempotent when already taken, refused once the row has moved on. */
  async review(
    actor: Actor,
    input: CallParsed<typeof adminCashReview>,
  ): Promise<CashItem & { changed: boolean }> {
    const step = STEPS[input.cashStatus as ReviewTarget];
    const changed = await inTransaction(this.db, async (tx) => {
      const row = await repo.lockCash(tx, input.id);
      if (!row) throw notFound('id: no such withdrawal');
      if (row.status === step.to) return false;
      if (row.status !== step.from) {
        throw new AppError(
          Code.INVALID_PARAMETER,
          `cashStatus: the withdrawal is already in status ${row.status}`,
          {
            field: 'cashStatus',
            current: row.status,
          },
        );
      }
      await this.move(tx, row, step.money, actor.userId);
      await repo.setStatus(tx, row.id, {
        status: step.to,
        reviewerId: actor.userId,
        remark: input.remark,
        traded: step.money === 'payout' || input.cashStatus === 6,
      });
      return true;
    });
    const row = (await repo.findCash(this.db, { id: input.id }))!;
    if (changed)
      await this.notify([notice(row, input.cashStatus as ReviewTarget, actor.userId)]).catch(() => {});
    return { ...presentCash(row), changed };
  }

  /** The money side of a step, keyed by request and step so it can never run twice. */
  private async move(
    tx: Tx,
    row: { id: number; userId: number; applyFen: bigint; feeFen: bigint; actualFen: bigint },
    money: 'none' | 'unfreeze' | 'payout',
    actorId: number | null,
  ): Promise<void> {
    if (money === 'none') return;
    const meta = { actorId, idempotencyKey: `cash-review:${row.id}`, memo: `cash ${row.id}` };
    if (money === 'unfreeze') {
      await this.ledger.unfreeze(tx, { ...meta, userId: row.userId, amount: row.applyFen });
      return;
    }
    // Paid out: the frozen amount leaves the member; the fee is the site's, the rest went to the member's account.
    const moves: Move[] = [
      { account: { kind: 'member_frozen', userId: row.userId }, amount: -row.applyFen },
      { account: { kind: 'withdrawal_payable' }, amount: row.actualFen },
    ];
    if (row.feeFen > 0n) moves.push({ account: { kind: 'site_revenue' }, amount: row.feeFen });
    await this.ledger.post(tx, {
      ...meta,
      reason: WalletReason.CASH_SUCCESS,
      moves: moves.filter((m) => m.amount !== 0n),
    });
  }

  private async list(filter: repo.CashFilter, page: number, perPage: number): Promise<Page<CashItem>> {
    const { rows, total } = await repo.listCash(this.db, filter, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return pageReply(rows.map(presentCash), page, perPage, total);
  }
}

/** The notice for a review result: approved, paid, or failed/rejected with the remark as the reason. */
function notice(row: repo.CashRow, step: ReviewTarget, reviewerId: number | null): Notice {
  const event = step === 2 ? 'withdrawal.approved' : step === 5 ? 'withdrawal.done' : 'withdrawal.failed';
  return {
    event,
    userId: row.userId,
    senderId: reviewerId,
    vars: { amount: presentCash(row).cashApplyAmount, reason: row.remark },
  };
}

/** A withdrawal number: UTC time to the second and six random digits. */
function cashSn(): string {
  const t = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `${t}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

function signedIn(actor: Actor): number {
  if (actor.userId === null) throw loginRequired();
  return actor.userId;
}
