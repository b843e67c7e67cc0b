import { Code, WalletReason } from '@forum/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/db.js';
import { AppError, invalid } from '../../platform/http/errors.js';
import * as repo from './ledger.repository.js';
import { toFen } from './money.js';

/** A member's own accounts: what they can spend, and what is held (withdrawals, escrow they await). */
export type MemberKind = 'member_available' | 'member_frozen';
/** The site's accounts (no owner); their balances are the sums of their entries. */
export type SystemKind =
  | 'site_revenue'
  | 'gateway_clearing'
  | 'escrow_red_packet'
  | 'escrow_reward'
  | 'manual_adjustment'
  | 'withdrawal_payable';
/** A ledger account reference. */
export type Account = { kind: MemberKind; userId: number } | { kind: SystemKind };

/**
 * One leg of a posting: signed fen on an account (credit > 0 for members' balances), and optionally its own
 * wallet-log type (the payee's income where the posting's reason is the payer's expense).
 */
export interface Move {
  account: Account;
  amount: bigint | number;
  reason?: number;
}

/** What every movement carries: why (a wallet-log type, its moves' default), who, an optional idempotency key. */
export interface PostingMeta {
  reason: number;
  idempotencyKey?: string | null;
  actorId: number | null;
  memo?: string;
  /**
   * When the movement happened, for history written after the fact (the Discuz! Q importer only): the
   * transaction is dated then, so wallet pages and finance statistics by date place it right. Never in the
   * future; live postings leave it out and are dated by the database clock.
   */
  at?: Date;
}

/** A balanced set of moves. */
export interface Posting extends PostingMeta {
  moves: Move[];
}

/** A wallet after a posting, fen as decimal strings so the stored first result survives JSON. */
export interface WalletAfter {
  userId: number;
  available: string;
  frozen: string;
  status: number;
}

/** What a posting answers; a duplicate key answers the first result with `duplicate: true`. */
export interface PostResult {
  transactionId: number;
  duplicate: boolean;
  wallets: WalletAfter[];
}

/** -4001 naming the amount: the balance would go below zero. */
export const insufficientBalance = () =>
  new AppError(Code.INVALID_PARAMETER, 'amount: insufficient balance', { field: 'amount' });

/**
 * The double-entry ledger: every change of money is one `post` whose moves sum to zero, written with the
 * member balances it changes in one database transaction (a savepoint when the caller already has one).
 */
export class Ledger {
  /** Posts balanced moves once per idempotency key; refuses a negative member balance. */
  async post(db: DbOrTx, p: Posting): Promise<PostResult> {
    const { head, moves } = this.checked(p);
    let out: repo.PostingOutcome;
    try {
      out = await repo.postMoves(db, head, moves);
    } catch (err) {
      if (repo.isInsufficientBalance(err)) throw insufficientBalance();
      throw err;
    }
    if (out.duplicate) return firstResult(out, head.fingerprint);
    // Rebuilt in the usual key order (jsonb does not keep it), as a repeat's answer is.
    return { transactionId: out.transactionId, duplicate: false, wallets: out.wallets.map(walletAfter) };
  }

  /**
   * A posting checked (balanced moves, key, reason) and turned into what the posting function takes, with its
   * fingerprint: for `post`, and for callers that post inside a larger statement (the wallet payment batch).
   */
  checked(p: Posting): { head: repo.TransactionHead & { fingerprint: string }; moves: repo.PostingMove[] } {
    const moves = checkMoves(p.moves, p.reason);
    const fingerprint = `${p.reason}|${moves.map((m) => moveFingerprint(m, p.reason)).join(',')}`;
    const key = checkMeta(p);
    return {
      head: {
        reason: p.reason,
        idempotencyKey: key,
        actorId: p.actorId,
        memo: p.memo ?? '',
        fingerprint,
        at: p.at ?? null,
      },
      moves: moves.map((m) => ({
        kind: m.account.kind,
        userId: 'userId' in m.account ? m.account.userId : null,
        amount: m.amount,
        reason: m.reason,
      })),
    };
  }

  /** Moves fen from one member's available balance to another's. */
  async transfer(
    db: DbOrTx,
    t: PostingMeta & { fromUserId: number; toUserId: number; amount: bigint | number },
  ): Promise<PostResult> {
    if (t.fromUserId === t.toUserId) throw invalid('toUserId must differ from fromUserId');
    const amount = positive(t.amount);
    return this.post(db, {
      ...t,
      moves: [
        { account: { kind: 'member_available', userId: t.fromUserId }, amount: -amount },
        { account: { kind: 'member_available', userId: t.toUserId }, amount },
      ],
    });
  }

  /** Holds fen: available → frozen (a withdrawal request by default, log type 10). */
  async freeze(db: DbOrTx, t: Partial<PostingMeta> & { userId: number; amount: bigint | number }) {
    return this.between(db, t, 'member_available', 'member_frozen', WalletReason.CASH_FREEZE);
  }

  /** Releases held fen: frozen → available (a rejected withdrawal by default, log type 12). */
  async unfreeze(db: DbOrTx, t: Partial<PostingMeta> & { userId: number; amount: bigint | number }) {
    return this.between(db, t, 'member_frozen', 'member_available', WalletReason.CASH_UNFREEZE);
  }

  /** The administrator's manual credit (amount > 0, log type 32) or debit (amount < 0, log type 50). */
  async adjust(
    db: DbOrTx,
    t: Omit<PostingMeta, 'reason'> & { userId: number; amount: bigint | number },
  ): Promise<PostResult> {
    const amount = toFen(t.amount);
    if (amount === 0n) throw invalid('amount must not be zero');
    return this.post(db, {
      ...t,
      reason: amount > 0n ? WalletReason.MANUAL_INCOME : WalletReason.MANUAL_EXPENSE,
      moves: [
        { account: { kind: 'member_available', userId: t.userId }, amount },
        { account: { kind: 'manual_adjustment' }, amount: -amount },
      ],
    });
  }

  /** Switches a member's withdrawals off or on; recorded as a ledger transaction without entries. */
  async setWithdrawalFrozen(
    db: DbOrTx,
    t: Omit<PostingMeta, 'reason'> & { userId: number; frozen: boolean },
  ): Promise<PostResult> {
    const status = t.frozen ? 1 : 0;
    const memo = `${t.frozen ? 'withdrawals frozen' : 'withdrawals allowed'}${t.memo ? `: ${t.memo}` : ''}`;
    return this.run(db, { ...t, memo, reason: WalletReason.WALLET_STATUS }, async (tx) => {
      const wallets = await repo.lockWallets(tx, [t.userId]);
      await repo.updateStatus(tx, t.userId, status);
      return [{ ...wallets.get(t.userId)!, status }];
    });
  }

  /** Checks the balances against the entries (for a reconciliation job and the tests). */
  reconcile(db: DbOrTx): Promise<repo.LedgerCheck> {
    return repo.reconcile(db);
  }

  private between(
    db: DbOrTx,
    t: Partial<PostingMeta> & { userId: number; amount: bigint | number },
    from: MemberKind,
    to: MemberKind,
    reason: number,
  ): Promise<PostResult> {
    const amount = positive(t.amount);
    return this.post(db, {
      reason: t.reason ?? reason,
      actorId: t.actorId ?? null,
      idempotencyKey: t.idempotencyKey,
      memo: t.memo,
      moves: [
        { account: { kind: from, userId: t.userId }, amount: -amount },
        { account: { kind: to, userId: t.userId }, amount },
      ],
    });
  }

  /** Claims the key first (a duplicate returns the stored first result), does the work, stores the result. */
  private run(
    db: DbOrTx,
    meta: PostingMeta & { fingerprint?: string },
    work: (tx: Tx, transactionId: number) => Promise<repo.WalletRow[]>,
  ): Promise<PostResult> {
    const key = checkMeta(meta);
    return (db as Db).transaction(async (txAny) => {
      const tx = txAny as unknown as Tx;
      const transactionId = await repo.claimTransaction(tx, {
        reason: meta.reason,
        idempotencyKey: key,
        actorId: meta.actorId,
        memo: meta.memo ?? '',
        fingerprint: meta.fingerprint ?? null,
        at: meta.at ?? null,
      });
      if (transactionId === null) {
        const stored = (await repo.transactionByKey(tx, key!))!;
        return firstResult({ ...stored, transactionId: stored.id }, meta.fingerprint ?? null);
      }
      const after = await work(tx, transactionId);
      const result = {
        transactionId,
        wallets: after.map(walletAfter),
      };
      if (key !== null) await repo.storeResult(tx, transactionId, result);
      return { ...result, duplicate: false };
    });
  }
}

/** The posting's idempotency key (null for none), after checking it and the reason. */
function checkMeta(meta: PostingMeta): string | null {
  const key = meta.idempotencyKey ?? null;
  if (key !== null && (key.length === 0 || key.length > 200)) throw invalid('idempotencyKey is invalid');
  if (!Number.isInteger(meta.reason)) throw invalid('reason must be a wallet-log type');
  if (meta.at && !(meta.at.getTime() <= Date.now())) throw invalid('at must be a past instant');
  return key;
}

/** A repeated key's answer: the first posting's result, refused when the key came with other moves. */
function firstResult(
  stored: { transactionId: number; fingerprint: string | null; result: unknown },
  fingerprint: string | null,
): PostResult {
  if (stored.fingerprint !== fingerprint) {
    throw invalid('idempotencyKey was already used for a different request');
  }
  const first = stored.result as Omit<PostResult, 'duplicate'>;
  // Rebuilt in the original key order: jsonb does not keep it.
  return { transactionId: first.transactionId, duplicate: true, wallets: first.wallets.map(walletAfter) };
}

/** A move as checked: bigint fen and its wallet-log type (the posting's when it names none). */
interface CheckedMove {
  account: Account;
  amount: bigint;
  reason: number;
}

/** Validated moves with bigint amounts: at least two, none zero, summing to zero. */
function checkMoves(moves: Move[], reason: number): CheckedMove[] {
  if (moves.length < 2) throw invalid('moves: a posting needs at least two moves');
  const out = moves.map((m, i) => {
    const amount = toFen(m.amount, `moves[${i}].amount`);
    if (amount === 0n) throw invalid(`moves[${i}].amount must not be zero`);
    if (m.reason !== undefined && !Number.isInteger(m.reason))
      throw invalid(`moves[${i}].reason must be a wallet-log type`);
    if (
      m.account.kind.startsWith('member_') &&
      !(Number.isSafeInteger(userOf(m.account)) && userOf(m.account) > 0)
    ) {
      throw invalid(`moves[${i}].account.userId is invalid`);
    }
    return { account: m.account, amount, reason: m.reason ?? reason };
  });
  if (out.reduce((s, m) => s + m.amount, 0n) !== 0n) throw invalid('moves: amounts must sum to zero');
  return out;
}

/**
 * One move in the posting's fingerprint; its own reason is added only when it differs from the posting's, so
 * postings without per-move reasons keep the fingerprints they had before moves could carry one.
 */
function moveFingerprint(m: CheckedMove, reason: number): string {
  const base = `${m.account.kind}:${userOf(m.account)}:${m.amount}`;
  return m.reason === reason ? base : `${base}@${m.reason}`;
}

function walletAfter(w: {
  userId: number;
  available: bigint | string;
  frozen: bigint | string;
  status: number;
}) {
  return {
    userId: w.userId,
    available: w.available.toString(),
    frozen: w.frozen.toString(),
    status: w.status,
  };
}

function positive(amount: bigint | number): bigint {
  const fen = toFen(amount);
  if (fen <= 0n) throw invalid('amount must be positive');
  return fen;
}

function userOf(account: Account): number {
  return 'userId' in account ? account.userId : 0;
}
