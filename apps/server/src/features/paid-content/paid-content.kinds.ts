import {
  Code,
  OrderType,
  THREAD_PRICE_MAX_YUAN,
  WalletReason,
  type OrderCreateInput,
} from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { GuestCache } from '../../platform/cache/guest-cache.js';
import type { Database, DbOrTx } from '../../platform/db/db.js';
import { Loader } from '../../platform/db/loader.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import type { OrderKind, OrderRow } from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import type { ThreadsFeature } from '../threads/index.js';
import { yuanToFen, type Move } from '../wallet/index.js';
import type { Notify } from '../notifications/index.js';
import { incomeNotices } from './income-notices.js';
import { inviterOf, invitersOf, type Inviter } from './inviters.js';
import * as repo from './paid-content.repository.js';
import { splitRevenue } from './revenue-split.js';

/** What the kinds need: thread visibility, the site's shares, the shared caches, and telling the members paid. */
export interface KindDeps {
  threads: Pick<ThreadsFeature, 'canSee'>;
  settings: Pick<SettingsService, 'int'>;
  notify: Notify;
  database: Pick<Database, 'db'>;
  guestCache: Pick<GuestCache, 'clear'>;
  /** Told after a thread or its attachments were bought (the buyer's pages become their own). */
  bought?: (userId: number) => Promise<void>;
}

/**
 * The kinds' reads for batched wallet payments (outside a transaction): concurrent payments share one query
 * per read; inside a transaction the kinds read through it.
 */
function loaders(d: KindDeps) {
  const db = d.database.db;
  return {
    thread: new Loader<number, repo.PricedThread>((ids) => repo.pricedThreads(db, ids)),
    inviter: new Loader<number, Inviter>((ids) => invitersOf(db, ids)),
  };
}
type Loaders = ReturnType<typeof loaders>;

/**
 * Once the payment has committed: the thread's tip or sale count is public (its tippers and paid readers show
 * under it), so the shared guest and group caches drop as after any visible write (the order routes keep them);
 * then the author and the inviter are told what they got.
 */
function tellPaid(d: KindDeps): NonNullable<OrderKind['afterPaid']> {
  return async (order, { credits }) => {
    await d.guestCache.clear();
    await d.notify(incomeNotices(order, credits));
  };
}

/** Before the create transaction: the thread is one the payer may see (-4001 / -4004 naming threadId). */
async function checkVisible(d: KindDeps, actor: Actor, input: OrderCreateInput): Promise<void> {
  if (input.threadId === undefined) throw invalid('threadId is required', { field: 'threadId' });
  if (!(await d.threads.canSee(actor, input.threadId))) throw notFound('threadId: no such thread');
}

/** The thread an order is about (its visibility checked before): not the payer's own. */
async function targetThread(
  ctx: { tx: DbOrTx; actor: Actor; batched?: boolean },
  input: OrderCreateInput,
  l: Loaders,
) {
  const { tx, actor } = ctx;
  const id = input.threadId;
  const t = id === undefined ? null : ctx.batched ? await l.thread.load(id) : await repo.pricedThread(tx, id);
  if (!t) throw notFound('threadId: no such thread');
  if (t.userId === actor.userId) throw invalid('threadId: this is your own thread', { field: 'threadId' });
  return t;
}

/** The payee's and the inviter's wallet-log types per paid order type (reference §1.9: 31/33, 60/62, 63/64). */
const INCOME_REASONS: Record<number, { author: number; inviter: number }> = {
  [OrderType.REWARD]: { author: WalletReason.REWARD_INCOME, inviter: WalletReason.REWARD_COMMISSION },
  [OrderType.THREAD]: { author: WalletReason.THREAD_INCOME, inviter: WalletReason.THREAD_COMMISSION },
  [OrderType.ATTACHMENT]: {
    author: WalletReason.ATTACHMENT_INCOME,
    inviter: WalletReason.ATTACHMENT_COMMISSION,
  },
};

/**
 * Who gets a paid order's money (reference §1.9): the author and the site by the site's tenths, the payer's
 * inviter their commission out of the author's share, each member line with its income type (the site's keeps
 * the payer's). Parts of zero are left out; an author who invited the payer gets both lines.
 */
export async function revenueMoves(
  d: KindDeps,
  ctx: { tx: DbOrTx; batched?: boolean },
  order: OrderRow,
  l: Loaders,
): Promise<Move[]> {
  const inviter = ctx.batched ? await l.inviter.load(order.userId) : await inviterOf(ctx.tx, order.userId);
  const split = splitRevenue(
    order.amountFen,
    d.settings.int('site_author_scale', 0),
    d.settings.int('site_master_scale', 0),
    inviter?.scale ?? null,
  );
  const reasons = INCOME_REASONS[order.type]!;
  const member = (userId: number, amount: bigint, reason: number): Move => ({
    account: { kind: 'member_available', userId },
    amount,
    reason,
  });
  const moves: Move[] = [member(order.payeeId!, split.author, reasons.author)];
  if (inviter) moves.push(member(inviter.inviterId, split.inviter, reasons.inviter));
  if (split.site > 0n) moves.push({ account: { kind: 'site_revenue' }, amount: split.site });
  return moves.filter((m) => BigInt(m.amount) > 0n);
}

/** Order type 3 (the thread) or 7 (its attachments): the thread's price, bought once per member. */
function saleKind(d: KindDeps, type: 3 | 7, l: Loaders): OrderKind {
  const priceOf = (t: repo.PricedThread) => (type === OrderType.THREAD ? t.price : t.attachmentPrice);
  return {
    type,
    check: (actor, input) => checkVisible(d, actor, input),
    async prepare(ctx, input) {
      const t = await targetThread(ctx, input, l);
      if (priceOf(t) <= 0) {
        throw invalid(
          `threadId: ${type === OrderType.THREAD ? 'this thread' : 'its attachments'} are not for sale`,
          {
            field: 'threadId',
          },
        );
      }
      // A batched payment needs no look first: the batch's fulfil refuses a second purchase before writing
      // anything, and the single path then answers it as here.
      if (!ctx.batched && (await repo.hasPurchase(ctx.tx, ctx.actor.userId!, t.id, type))) {
        throw new AppError(Code.RESOURCE_EXIST, 'threadId: you have bought this already');
      }
      return {
        amountFen: BigInt(priceOf(t)),
        payeeId: t.userId,
        threadId: t.id,
        title: t.title || `#${t.id}`,
      };
    },
    credits: (ctx, order) => revenueMoves(d, ctx, order, l),
    // The purchase and the sale count (a second purchase refused), in SQL: one rule for the single path and
    // for batched wallet payments.
    walletBatch: { fulfilSql: 'thread_purchase_fulfil' },
    async afterPaid(order, outcome) {
      if (order.userId) await d.bought?.(order.userId);
      await tellPaid(d)(order, outcome);
    },
  };
}

/** Order type 2: a tip to a thread's author, any amount from 0.01 to 100,000 yuan. */
function tipKind(d: KindDeps, l: Loaders): OrderKind {
  return {
    type: OrderType.REWARD,
    check: (actor, input) => checkVisible(d, actor, input),
    async prepare(ctx, input) {
      const t = await targetThread(ctx, input, l);
      if (input.amount === undefined) throw invalid('amount is required', { field: 'amount' });
      const amountFen = yuanToFen(input.amount);
      if (amountFen < 1n || amountFen > BigInt(THREAD_PRICE_MAX_YUAN * 100)) {
        throw invalid(`amount must be from 0.01 to ${THREAD_PRICE_MAX_YUAN}`, { field: 'amount' });
      }
      return { amountFen, payeeId: t.userId, threadId: t.id, title: t.title || `#${t.id}` };
    },
    credits: (ctx, order) => revenueMoves(d, ctx, order, l),
    afterPaid: tellPaid(d),
    // The thread's tip count, in SQL on both paths (migration 0023).
    walletBatch: { fulfilSql: 'thread_tip_fulfil' },
  };
}

/** The paid-content order kinds: tips, paid threads, paid attachments. */
export function paidContentKinds(d: KindDeps): OrderKind[] {
  const l = loaders(d);
  return [tipKind(d, l), saleKind(d, OrderType.THREAD, l), saleKind(d, OrderType.ATTACHMENT, l)];
}
