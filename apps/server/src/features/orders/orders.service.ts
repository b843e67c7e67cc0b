import { randomInt, randomUUID } from 'node:crypto';
import {
  Code,
  ORDER_EXPIRY_MINUTES,
  OrderStatus,
  PaymentType,
  type OrderCreateInput,
  type OrderView,
} from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/db.js';
import { Batcher } from '../../platform/db/batcher.js';
import { sqlState } from '../../platform/db/errors.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid, loginRequired, notFound } from '../../platform/http/errors.js';
import type { Account, Ledger, Move, Posting } from '../wallet/index.js';
import { defaultPayerReason, type OrderKind, type PaidOutcome } from './order-kind.js';
import { presentOrder } from './orders.presenter.js';
import * as repo from './orders.repository.js';
import type { PayPasswords } from './pay-password.service.js';
import type { PayAction, PayProvider, StartContext } from './providers/provider.js';

/** Where a payment's money comes from: the payer's wallet, or a provider (the gateway's clearing account). */
export type PaySource =
  { kind: 'wallet' } | { kind: 'provider'; provider: string; tradeNo: string; amountFen: bigint };

/** A provider callback whose signature has been checked, as the provider's route read it. */
export interface VerifiedNotify {
  provider: string;
  /** Unique per delivery (the callback's nonce): a second delivery of the same bytes is a replay. */
  eventId: string;
  orderSn: string;
  paid: boolean;
  /** An unpaid notice that ends the order (the sandbox's fail button); others are only recorded. */
  failsOrder?: boolean;
  tradeNo: string;
  amountFen: bigint;
  raw: string;
}

/** What `trade/pay/order` answers. */
export type PayReply = PayAction & {
  orderSn: string;
  paymentType: number;
  status: number;
  walletPayResult?: { result: 'success'; message: string };
  /** Wallet payments by pay password: the pay session the next payments may use instead (never stored). */
  payToken?: string;
  payTokenExpiresAt?: string;
};

/** What `order.create` answers: the order, and a new pay session when `walletPay` used the pay password. */
export type CreateReply = OrderView & { payToken?: string; payTokenExpiresAt?: string };

/** Input of `trade/pay/order`. */
export interface PayInput {
  orderSn: string;
  paymentType: number;
  payPassword?: string | undefined;
  /** Instead of the pay password: the token of a pay session still open. */
  payToken?: string | undefined;
  idempotencyKey?: string;
}

/**
 * Orders (reference §1.9): kinds say what an order costs and who gets the money; this service creates orders,
 * takes payments by wallet or provider and posts each paid order as one balanced ledger transaction, together
 * with the order's status change and the kind's side effects.
 */
export class OrderService {
  private readonly kinds = new Map<number, OrderKind>();
  /** Orders settled inside each open paying transaction, with what they did (see `paying`). */
  private readonly settledIn = new WeakMap<Tx, Array<{ order: repo.OrderRow; outcome: PaidOutcome }>>();
  private readonly providers: PayProvider[] = [];
  /**
   * One-call wallet payments of `walletBatch` kinds, written together: two batches at most in flight (one
   * committing while the next fills), each up to 50 payments (every payment is a subtransaction; PostgreSQL
   * keeps 64 of them per transaction in shared memory before it slows every snapshot).
   */
  private readonly batcher = new Batcher<repo.BatchPayment, repo.BatchOutcome>(
    (items) => payInLockOrder(this.db, items),
    { maxBatch: 50, concurrency: 1 },
  );

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly gate: Gate,
    private readonly payPasswords: PayPasswords,
    /** Where a failed `afterPaid` step is reported (the payment stands). */
    private readonly log: (err: unknown) => void = () => {},
  ) {}

  /** Adds an order type; a type is registered once. */
  registerKind(kind: OrderKind): void {
    if (this.kinds.has(kind.type)) throw new Error(`order kind ${kind.type} is already registered`);
    if (kind.walletBatch && (kind.split || kind.fulfil))
      throw new Error(`order kind ${kind.type}: a batched kind fulfils in SQL and has no parts`);
    this.kinds.set(kind.type, kind);
  }

  /** Adds a payment provider. */
  registerProvider(provider: PayProvider): void {
    this.providers.push(provider);
  }

  /** The provider by its stored name. */
  provider(name: string): PayProvider | undefined {
    return this.providers.find((p) => p.name === name);
  }

  /** The payment types on offer: the wallet and every enabled provider's. */
  paymentTypes(): number[] {
    return [PaymentType.WALLET, ...this.providers.filter((p) => p.enabled()).flatMap((p) => p.paymentTypes)];
  }

  /**
   * `order.create`: a pending order, once per idempotency key. With `walletPay` the order is paid from the
   * wallet in the same transaction (created and paid, or neither): one request and one transaction instead of
   * two of each. A repeated key answers the first order, paying it when it is still pending.
   */
  async create(actor: Actor, input: OrderCreateInput): Promise<CreateReply> {
    const userId = payer(actor);
    this.gate.authorize(actor, 'order.create');
    const kind = this.kinds.get(input.type);
    if (!kind) throw invalid('type: this order type is not available', { field: 'type' });
    if (kind.permission) this.gate.authorize(actor, kind.permission);
    const walletPay = input.walletPay;
    if (walletPay) {
      this.gate.authorize(actor, 'trade.pay.order');
      if (kind.wallet === false) {
        throw invalid('walletPay: this order cannot be paid from the wallet', { field: 'walletPay' });
      }
    }
    const key = input.idempotencyKey ?? null;
    await kind.check?.(actor, input);
    // The pay password (argon2) or session is checked before the transaction, as `trade/pay/order` does.
    const session = walletPay ? await this.payPasswords.authorizePayment(userId, walletPay) : null;
    const batched =
      walletPay && kind.walletBatch ? await this.payBatched(actor, kind, input, userId, key) : null;
    if (batched) return { ...(await this.present(this.db, batched)), ...session };
    const run = walletPay
      ? this.paying.bind(this)
      : <T>(fn: (tx: Tx) => Promise<T>) => inTransaction(this.db, fn);
    const order = await run(async (tx) => {
      const first = key ? await repo.orderByCreateKey(tx, userId, key, walletPay !== undefined) : null;
      let row = first ?? (await this.insertNew(tx, actor, kind, input, userId, key));
      // A repeat of a paid request answers it; anything else is paid now or refused with its reason.
      if (walletPay && row.status !== OrderStatus.PAID)
        row = await this.settle(tx, row, { kind: 'wallet' }, {});
      return row;
    });
    return { ...(await this.present(this.db, order)), ...session };
  }

  /**
   * A one-call wallet payment written in the next batch (group commit): the kind's reads first, on the pool, then
   * the posting, the order (written paid) and the kind's SQL fulfil in the batch's one statement. Null sends the
   * payment down the single path: a create key used before (a repeat is answered there), or a payment the batch
   * refused, which changed nothing (the single path then refuses it with its own reason, or pays it).
   */
  private async payBatched(
    actor: Actor,
    kind: OrderKind,
    input: OrderCreateInput,
    userId: number,
    key: string | null,
  ): Promise<repo.OrderRow | null> {
    if (key && (await repo.orderByCreateKey(this.db, userId, key))) return null;
    const { values, now } = await this.newOrder(this.db, actor, kind, input, userId, key, true);
    const pending: repo.OrderRow = {
      ...values,
      id: 0,
      orderSn: newOrderSn(now),
      status: OrderStatus.PENDING,
      isAnonymous: values.isAnonymous ?? false,
      paymentType: null,
      payKey: null,
      payResult: null,
      provider: null,
      providerTradeNo: null,
      ledgerTransactionId: null,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
    };
    return this.writeBatched(kind, pending, null);
  }

  /**
   * A wallet payment of a batched kind, written in the next batch: the kind's credits read on the pool, then the
   * order (new, or `existing` marked paid), its fulfil and its posting in the batch's one statement. Null: the
   * batch refused it and nothing changed.
   */
  private async writeBatched(
    kind: OrderKind,
    order: repo.OrderRow,
    existing: { payKey: string | null; payResult: PayReply } | null,
  ): Promise<repo.OrderRow | null> {
    const credits = await kind.credits({ tx: this.db, children: [], batched: true }, order);
    if (sumFen(credits) !== order.amountFen)
      throw new Error(`order kind ${kind.type}: credits do not sum to the amount`);
    const { head, moves } = this.ledger.checked(this.posting(kind, order, { kind: 'wallet' }, [], credits));
    const out = await this.batcher.submit({
      order,
      existing: existing ? { id: order.id, ...existing } : null,
      post: {
        reason: head.reason,
        key: head.idempotencyKey,
        memo: head.memo,
        fingerprint: head.fingerprint,
        moves,
      },
      fulfilSql: kind.walletBatch?.fulfilSql ?? null,
    });
    if (!out.ok) return null;
    const paidAt = new Date(out.paidAt);
    const paid: repo.OrderRow = {
      ...order,
      ...(existing ?? {}),
      id: out.id,
      status: OrderStatus.PAID,
      paymentType: PaymentType.WALLET,
      ledgerTransactionId: out.transactionId,
      paidAt,
      createdAt: new Date(out.createdAt),
      updatedAt: paidAt,
    };
    await this.afterPaid([{ order: paid, outcome: { credits, fulfilled: undefined } }]);
    return paid;
  }

  /** A new order's columns from the kind's `prepare` (through `db`: the transaction, or the pool), and its parts. */
  private async newOrder(
    db: DbOrTx,
    actor: Actor,
    kind: OrderKind,
    input: OrderCreateInput,
    userId: number,
    key: string | null,
    batched = false,
  ) {
    const p = await kind.prepare({ tx: db, actor, batched }, input);
    if (p.amountFen <= 0n) throw invalid('amount must be more than zero', { field: 'amount' });
    const parts = kind.split ? (p.children ?? []) : [];
    if (kind.split && sumFen(parts) !== p.amountFen)
      throw new Error(`order kind ${kind.type}: parts do not sum to the amount`);
    const now = new Date();
    const values = {
      type: kind.type,
      amountFen: p.amountFen,
      userId,
      payeeId: p.payeeId ?? null,
      threadId: p.threadId ?? null,
      groupId: p.groupId ?? null,
      isAnonymous: input.isAnonymous ?? false,
      title: p.title ?? '',
      extra: p.extra ?? {},
      createKey: key,
      expiresAt: new Date(now.getTime() + ORDER_EXPIRY_MINUTES * 60_000),
    };
    return { values, parts, now };
  }

  /** A new pending order of the kind, numbered; a concurrent create with the same key answers its order. */
  private async insertNew(
    tx: Tx,
    actor: Actor,
    kind: OrderKind,
    input: OrderCreateInput,
    userId: number,
    key: string | null,
  ): Promise<repo.OrderRow> {
    const { values, parts, now } = await this.newOrder(tx, actor, kind, input, userId, key);
    // A number drawn twice in one second (1 in 10^8) is drawn again; a taken create key ends the loop.
    let row: repo.OrderRow | null = null;
    for (let i = 0; i < 3 && !row; i++) {
      row = await repo.insertOrder(tx, { ...values, orderSn: newOrderSn(now) });
      if (row) await repo.insertChildren(tx, row, parts);
      else if (key && (await repo.orderByCreateKey(tx, userId, key))) break;
    }
    // A concurrent create with the same key won: answer its order (after it commits, the lookup sees it).
    row ??= key ? await repo.orderByCreateKey(tx, userId, key) : null;
    if (!row) throw new AppError(Code.INTERNAL_ERROR, 'could not number the order, try again');
    return row;
  }

  /** `order.detail`: the payer's own order; administrators may read any. */
  async detail(actor: Actor, orderSn: string): Promise<OrderView> {
    const userId = payer(actor);
    const order = await repo.orderBySn(this.db, orderSn);
    if (!order || (order.userId !== userId && !actor.isAdmin)) throw notFound('orderSn: no such order');
    return this.present(this.db, order);
  }

  /** An order as the contract shows it, a split kind's with its parts. */
  private async present(db: DbOrTx, order: repo.OrderRow): Promise<OrderView> {
    const split = this.kinds.get(order.type)?.split === true;
    return presentOrder(order, split ? await repo.childrenOf(db, [order.id]) : []);
  }

  /** `trade/pay/order`: by wallet (pay password) at once, or hands the order to a provider. */
  async pay(actor: Actor, input: PayInput, ctx: StartContext): Promise<PayReply> {
    const userId = payer(actor);
    this.gate.authorize(actor, 'trade.pay.order');
    const order = await repo.orderBySn(this.db, input.orderSn);
    if (!order || order.userId !== userId) throw notFound('orderSn: no such order');
    const key = input.idempotencyKey ?? null;
    if (key && order.payKey === key && order.payResult) return order.payResult as PayReply;
    checkPayable(order, new Date());
    const kind = this.kindOf(order);
    if (input.paymentType === PaymentType.WALLET) {
      if (kind.wallet === false) {
        throw invalid('paymentType: this order cannot be paid from the wallet', { field: 'paymentType' });
      }
      const session = await this.payPasswords.authorizePayment(userId, input);
      const reply: PayReply = {
        orderSn: order.orderSn,
        paymentType: PaymentType.WALLET,
        status: OrderStatus.PAID,
        walletPayResult: { result: 'success', message: '' },
      };
      // Batched kinds go in the next payment batch; one it refused (nothing changed) takes the single path,
      // which pays it or answers why not.
      const batched =
        kind.walletBatch && (await this.writeBatched(kind, order, { payKey: key, payResult: reply }));
      const paid = batched
        ? reply
        : await this.paying(async (tx) => {
            const locked = await repo.orderBySn(tx, order.orderSn, true);
            if (!locked) throw notFound('orderSn: no such order');
            // The same request sent twice at once: the second, locked out until the first paid, answers it.
            if (key && locked.payKey === key && locked.payResult) return locked.payResult as PayReply;
            await this.settle(tx, locked, { kind: 'wallet' }, { payKey: key, payResult: reply });
            return reply;
          });
      return session ? { ...paid, ...session } : paid;
    }
    const provider = this.providers.find((p) => p.paymentTypes.includes(input.paymentType) && p.enabled());
    if (!provider) throw invalid('paymentType: this payment type is not available', { field: 'paymentType' });
    const action = await provider.start(order, input.paymentType, ctx);
    const reply: PayReply = {
      ...action,
      orderSn: order.orderSn,
      paymentType: input.paymentType,
      status: order.status,
    };
    await inTransaction(this.db, async (tx) => {
      const locked = (await repo.orderBySn(tx, order.orderSn, true))!;
      checkPayable(locked, new Date());
      await repo.updateOrder(tx, order.id, {
        provider: provider.name,
        paymentType: input.paymentType,
        payKey: key,
        payResult: reply,
      });
    });
    return reply;
  }

  /**
   * A provider says the order is paid (a verified callback or a query): settles it once. A second report of
   * the same trade answers `duplicate`; anything that does not match the order changes nothing.
   */
  async completeByProvider(
    provider: string,
    orderSn: string,
    tradeNo: string,
    amountFen: bigint,
  ): Promise<'paid' | 'duplicate'> {
    return this.paying((tx) => this.complete(tx, provider, orderSn, tradeNo, amountFen));
  }

  /**
   * A verified provider callback, once per delivery (`eventId`, the callback's nonce): the record of it and
   * its effect (paid, or failed) commit together, so a replayed delivery is refused and changes nothing.
   */
  async acceptNotify(n: VerifiedNotify): Promise<'paid' | 'duplicate' | 'failed' | 'ignored'> {
    return this.paying(async (tx) => {
      let outcome: 'paid' | 'duplicate' | 'failed' | 'ignored';
      if (n.paid) {
        outcome = await this.complete(tx, n.provider, n.orderSn, n.tradeNo, n.amountFen);
      } else {
        const order = await repo.orderBySn(tx, n.orderSn, true);
        if (!order || order.provider !== n.provider) throw invalid('orderSn: no order of this provider');
        const fails = n.failsOrder === true && order.status === OrderStatus.PENDING;
        if (fails) await repo.updateOrder(tx, order.id, { status: OrderStatus.FAILED });
        outcome = fails ? 'failed' : 'ignored';
      }
      const fresh = await repo.recordNotify(tx, {
        provider: n.provider,
        eventId: n.eventId,
        orderSn: n.orderSn,
        verified: true,
        outcome,
        raw: n.raw.slice(0, 8000),
      });
      if (!fresh) throw invalid('this callback was delivered before (a replay)');
      return outcome;
    });
  }

  /** Keeps a refused callback for the record (it changed nothing). */
  async refusedNotify(provider: string, raw: string, why: string): Promise<void> {
    await repo.recordNotify(this.db, {
      provider,
      eventId: `refused:${randomUUID()}`,
      verified: false,
      outcome: `refused: ${why}`.slice(0, 500),
      raw: raw.slice(0, 8000),
    });
  }

  private async complete(
    tx: Tx,
    provider: string,
    orderSn: string,
    tradeNo: string,
    amountFen: bigint,
  ): Promise<'paid' | 'duplicate'> {
    const order = await repo.orderBySn(tx, orderSn, true);
    if (!order || order.provider !== provider) throw invalid('orderSn: no order of this provider');
    if (order.amountFen !== amountFen) throw invalid('amount does not match the order');
    if (order.status === OrderStatus.PAID) {
      if (order.providerTradeNo === tradeNo) return 'duplicate';
      throw new AppError(Code.RESOURCE_EXIST, 'order is already paid by another trade');
    }
    await this.settle(tx, order, { kind: 'provider', provider, tradeNo, amountFen }, {});
    return 'paid';
  }

  /**
   * Pays an order in the caller's transaction: locks it, posts one balanced ledger transaction (the source's
   * debit, the kind's credits), runs the kind's fulfil and marks it paid. Exposed for tests and providers.
   */
  async payOrder(orderSn: string, source: PaySource): Promise<repo.OrderRow> {
    return this.paying(async (tx) => {
      const order = await repo.orderBySn(tx, orderSn, true);
      if (!order) throw notFound('orderSn: no such order');
      return this.settle(tx, order, source, {});
    });
  }

  /**
   * A transaction that may settle orders; once it has committed, each settled order's kind runs its
   * `afterPaid` step (work that must see the committed state; its failure does not undo the payment).
   */
  private async paying<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const settled: Array<{ order: repo.OrderRow; outcome: PaidOutcome }> = [];
    const result = await inTransaction(this.db, (tx) => {
      this.settledIn.set(tx, settled);
      return fn(tx);
    });
    await this.afterPaid(settled);
    return result;
  }

  /** Once the payments have committed: each kind's `afterPaid` (a failure is logged; the payment stands). */
  private async afterPaid(settled: Array<{ order: repo.OrderRow; outcome: PaidOutcome }>): Promise<void> {
    for (const { order, outcome } of settled)
      await this.kinds
        .get(order.type)
        ?.afterPaid?.(order, outcome)
        .catch((err: unknown) => this.log(err));
  }

  /** Expires pending orders past their 15 minutes; answers how many. */
  expireDue(now = new Date()): Promise<number> {
    return repo.expirePending(this.db, now);
  }

  /** Pending orders handed to providers, for the reconciliation job. */
  pendingProviderOrders(limit = 50): Promise<repo.OrderRow[]> {
    return repo.pendingProviderOrders(this.db, limit);
  }

  /** Pays an order whose row the caller has locked (or inserted) in this transaction. */
  private async settle(
    tx: Tx,
    order: repo.OrderRow,
    source: PaySource,
    record: { payKey?: string | null; payResult?: PayReply },
  ): Promise<repo.OrderRow> {
    // Money a provider has collected is taken even after the 15 minutes; the wallet keeps to them.
    if (source.kind === 'wallet' || order.status !== OrderStatus.EXPIRED)
      checkPayable(order, new Date(), source);
    const kind = this.kindOf(order);
    const ctx = { tx, children: kind.split ? await repo.childrenOf(tx, [order.id]) : [] };
    const credits = await kind.credits(ctx, order);
    if (sumFen(credits) !== order.amountFen)
      throw new Error(`order kind ${kind.type}: credits do not sum to the amount`);
    const posted = await this.ledger.post(tx, this.posting(kind, order, source, ctx.children, credits));
    if (posted.duplicate) throw new AppError(Code.RESOURCE_EXIST, 'order is already paid');
    const fulfilled = kind.walletBatch?.fulfilSql
      ? await this.fulfilInSql(tx, kind.walletBatch.fulfilSql, order)
      : await kind.fulfil?.(ctx, order);
    const paid = await repo.updateOrder(tx, order.id, {
      status: OrderStatus.PAID,
      paidAt: new Date(),
      paymentType: source.kind === 'wallet' ? PaymentType.WALLET : order.paymentType,
      providerTradeNo: source.kind === 'provider' ? source.tradeNo : null,
      ledgerTransactionId: posted.transactionId,
      ...(record.payResult ? { payKey: record.payKey ?? null, payResult: record.payResult } : {}),
    });
    this.settledIn.get(tx)?.push({ order: paid, outcome: { credits, fulfilled } });
    return paid;
  }

  /** A kind's SQL fulfil on the single path: its refusal (nothing written) is -4003 with its reason. */
  private async fulfilInSql(tx: Tx, fn: string, order: repo.OrderRow): Promise<undefined> {
    const refused = await repo.fulfilInSql(tx, fn, order.id);
    if (refused !== null) throw new AppError(Code.RESOURCE_EXIST, refused);
    return undefined;
  }

  /** A paid order's one ledger posting: the source's debit and the kind's credits. */
  private posting(
    kind: OrderKind,
    order: repo.OrderRow,
    source: PaySource,
    parts: repo.OrderChildRow[],
    credits: Move[],
  ): Posting {
    const from: Account =
      source.kind === 'wallet'
        ? { kind: 'member_available', userId: order.userId }
        : { kind: 'gateway_clearing' };
    return {
      reason: this.payerReason(kind.type),
      // One posting per order, ever: a second settle of the same order cannot move money again.
      idempotencyKey: `order:${order.orderSn}`,
      actorId: order.userId,
      memo: order.title || `order ${order.orderSn}`,
      moves: [...this.debits(from, order, parts), ...credits],
    };
  }

  /**
   * The payer's debit: one line, or one per part of a split order, each with its part type's wallet-log
   * reason (so a merged order reads as a red-packet expense and a bounty expense in the wallet log).
   */
  private debits(from: Account, order: repo.OrderRow, parts: repo.OrderChildRow[]): Move[] {
    if (parts.length === 0) return [{ account: from, amount: -order.amountFen }];
    if (sumFen(parts) !== order.amountFen) throw new Error(`order ${order.orderSn}: parts do not sum`);
    return parts.map((p) => ({ account: from, amount: -p.amountFen, reason: this.payerReason(p.type) }));
  }

  /** The payer's wallet-log reason for an order type: its kind's own, or the default of the type. */
  private payerReason(type: number): number {
    return this.kinds.get(type)?.payerReason ?? defaultPayerReason(type);
  }

  private kindOf(order: repo.OrderRow): OrderKind {
    const kind = this.kinds.get(order.type);
    if (!kind) throw new AppError(Code.PAY_ORDER_FAIL, 'this order type is no longer available');
    return kind;
  }
}

/** A clear code per reason an order cannot be paid: paid -4003, expired -4010, cancelled or failed -10000. */
function checkPayable(order: repo.OrderRow, now: Date, source?: PaySource): void {
  if (order.status === OrderStatus.PAID) throw new AppError(Code.RESOURCE_EXIST, 'order is already paid');
  const late = order.expiresAt.getTime() <= now.getTime() && source?.kind !== 'provider';
  if (order.status === OrderStatus.EXPIRED || (order.status === OrderStatus.PENDING && late)) {
    throw new AppError(Code.RESOURCE_EXPIRED, 'order has expired');
  }
  if (order.status !== OrderStatus.PENDING) {
    throw new AppError(Code.PAY_ORDER_FAIL, 'order cannot be paid', { status: order.status });
  }
}

/**
 * Runs a payment batch with its payments in thread order, so every batch takes the threads' row locks (the
 * sale counts) in one order, as it takes the wallets' in user-id order; answers in the submitted order.
 */
async function payInLockOrder(db: Db, items: repo.BatchPayment[]): Promise<repo.BatchOutcome[]> {
  const order = items
    .map((_, i) => i)
    .sort((a, b) => (items[a]!.order.threadId ?? 0) - (items[b]!.order.threadId ?? 0));
  let out: repo.BatchOutcome[];
  try {
    out = await repo.payWalletBatch(
      db,
      order.map((i) => items[i]!),
    );
  } catch (err) {
    // The database refused the statement, so nothing of the batch was written: each payment goes the single way.
    // Without an answer from the database (a lost connection) the outcome is unknown, and the error stands.
    const state = sqlState(err);
    if (state === undefined) throw err;
    return items.map(() => ({ ok: false, state, message: 'the batch was refused' }));
  }
  const answers = new Array<repo.BatchOutcome>(items.length);
  order.forEach((i, k) => (answers[i] = out[k]!));
  return answers;
}

/** The fen of moves or parts, summed. */
function sumFen(items: Array<{ amount: bigint | number } | { amountFen: bigint }>): bigint {
  return items.reduce((s, x) => s + BigInt('amountFen' in x ? x.amountFen : x.amount), 0n);
}

/** 22 digits: the time to the second, then 8 random digits. */
function newOrderSn(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return stamp + String(randomInt(0, 100_000_000)).padStart(8, '0');
}

function payer(actor: Actor): number {
  if (actor.userId === null) throw loginRequired();
  return actor.userId;
}
