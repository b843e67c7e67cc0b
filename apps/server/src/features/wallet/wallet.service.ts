import {
  WalletReason,
  type adminUnfreezeUserWallet,
  type adminUpdateUserWallet,
  type CallParsed,
  type Page,
  type WalletLogItem,
  type WalletView,
} from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { inTransaction } from '../../platform/db/tx.js';
import type { Db } from '../../platform/db/db.js';
import { AppError, invalid, loginRequired, notFound } from '../../platform/http/errors.js';
import { findUserById } from '../users/index.js';
import type { Ledger } from './ledger.service.js';
import { listEntries, readWallet, type LogFilter } from './ledger.repository.js';
import { yuanToFen } from './money.js';
import { presentEntry, presentWallet } from './wallet.presenter.js';
import { pageReply } from '../../platform/http/page.js';

/** The wallet calls: a member's own wallet and log, and the administrator's view and manual changes. */
export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
  ) {}

  /** The actor's wallet (zero before their first movement). */
  async mine(actor: Actor): Promise<WalletView> {
    const userId = signedIn(actor);
    return presentWallet(userId, await readWallet(this.db, userId));
  }

  /** The actor's entries, newest first, optionally of some change types and days. */
  async log(
    actor: Actor,
    page: number,
    perPage: number,
    filter: LogFilter = {},
  ): Promise<Page<WalletLogItem>> {
    const userId = signedIn(actor);
    const { rows, total } = await listEntries(
      this.db,
      userId,
      { limit: perPage, offset: (page - 1) * perPage },
      filter,
    );
    return pageReply(rows.map(presentEntry), page, perPage, total);
  }

  /** Any member's wallet (the route is admin-only). */
  async ofUser(userId: number): Promise<WalletView> {
    await this.mustExist(userId);
    return presentWallet(userId, await readWallet(this.db, userId));
  }

  /** A manual credit or debit and/or a withdrawal-status change, all or nothing in one transaction. */
  async adminUpdate(
    actor: Actor,
    input: CallParsed<typeof adminUpdateUserWallet>,
  ): Promise<WalletView & { transactionId: number | null; duplicate: boolean }> {
    await this.mustExist(input.userId);
    const amount = input.amount === undefined ? 0n : yuanToFen(input.amount);
    return inTransaction(this.db, async (tx) => {
      let transactionId: number | null = null;
      let duplicate = false;
      if (input.operate !== undefined) {
        const r = await this.ledger.adjust(tx, {
          userId: input.userId,
          amount: input.operate === 1 ? amount : -amount,
          idempotencyKey: `admin:${input.idempotencyKey}`,
          actorId: actor.userId,
          memo: input.reason,
        });
        ({ transactionId, duplicate } = r);
      }
      if (input.walletStatus !== undefined) {
        const r = await this.ledger.setWithdrawalFrozen(tx, {
          userId: input.userId,
          frozen: input.walletStatus === 1,
          actorId: actor.userId,
          memo: input.reason,
        });
        transactionId ??= r.transactionId;
      }
      return { ...presentWallet(input.userId, await readWallet(tx, input.userId)), transactionId, duplicate };
    });
  }

  /**
   * Releases held money to the member's available balance (an imported open red packet or bounty, a stuck
   * withdrawal): one posting, once per key. The posting itself refuses more than is frozen, races included.
   */
  async adminUnfreeze(
    actor: Actor,
    input: CallParsed<typeof adminUnfreezeUserWallet>,
  ): Promise<WalletView & { transactionId: number; duplicate: boolean }> {
    await this.mustExist(input.userId);
    return inTransaction(this.db, async (tx) => {
      const r = await this.ledger
        .unfreeze(tx, {
          userId: input.userId,
          amount: yuanToFen(input.amount),
          reason: WalletReason.MANUAL_UNFREEZE,
          idempotencyKey: `admin:${input.idempotencyKey}`,
          actorId: actor.userId,
          memo: input.reason,
        })
        .catch((err: unknown) => {
          // The ledger's "insufficient balance" is about the frozen balance here.
          if (err instanceof AppError && (err.data as { field?: string } | null)?.field === 'amount')
            throw invalid('amount: more than the frozen balance', { field: 'amount' });
          throw err;
        });
      const wallet = presentWallet(input.userId, await readWallet(tx, input.userId));
      return { ...wallet, transactionId: r.transactionId, duplicate: r.duplicate };
    });
  }

  private async mustExist(userId: number): Promise<void> {
    if (!(await findUserById(this.db, userId))) throw notFound('userId: no such user');
  }
}

function signedIn(actor: Actor): number {
  if (actor.userId === null) throw loginRequired();
  return actor.userId;
}
