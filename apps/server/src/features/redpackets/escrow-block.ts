import { Code, EscrowStatus, OrderType, type OrderCreateInput } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import type { OrderKind } from '../orders/index.js';
import type { TomSaveContext } from '../threads/index.js';
import { yuanToFen } from '../wallet/index.js';
import { threadOf } from './redpackets.repository.js';

/** The parts of a red packet or bounty its order needs. */
export interface EscrowBlock {
  id: number;
  userId: number;
  status: number;
  amountFen: bigint;
}

/** How one escrowed block (red packet or bounty) is found, paid into its escrow account and opened. */
export interface EscrowSpec {
  /** Its own order type (9 or 10), also its part type in a merged order. */
  type: number;
  payerReason: number;
  escrow: 'escrow_red_packet' | 'escrow_reward';
  title: string;
  /** The `order.create` field that carries this block's price in a merged order (type 11). */
  mergedField: 'redAmount' | 'rewardAmount';
  find(tx: DbOrTx, threadId: number, lock: boolean): Promise<EscrowBlock | null>;
  open(tx: Tx, id: number, orderSn: string): Promise<void>;
}

/**
 * Reference §1.3: a red packet or bounty is saved with a draft, paid, then published; it cannot be added to a
 * thread that is already published (an existing one stays through edits).
 */
export function requireDraftFor(ctx: TomSaveContext, exists: boolean, what: string): void {
  if (!ctx.draft && !exists) {
    throw invalid(`content.indexes.${ctx.key}: a ${what} is added to a draft, paid, then published`, {
      field: `content.indexes.${ctx.key}`,
    });
  }
}

/** The thread a new order pays for: given, and the actor's own (else not found, so others learn nothing). */
async function ownThread(tx: DbOrTx, actor: Actor, input: OrderCreateInput, what: string): Promise<number> {
  if (input.threadId === undefined) throw invalid('threadId is required', { field: 'threadId' });
  const thread = await threadOf(tx, input.threadId);
  if (!thread || thread.userId !== actor.userId)
    throw notFound(`threadId: no ${what} of yours on this thread`);
  return input.threadId;
}

/**
 * A block about to be ordered: present (`missing` answers otherwise), the author's, unpaid (-4003), and, when
 * the client named a price (`amount` in `field`), priced so.
 */
async function unpaidBlock(
  tx: DbOrTx,
  spec: EscrowSpec,
  q: { actor: Actor; threadId: number; amount: string | undefined; field: string; missing: () => Error },
): Promise<EscrowBlock> {
  const block = await spec.find(tx, q.threadId, false);
  if (!block) throw q.missing();
  if (block.userId !== q.actor.userId) throw notFound(`threadId: no ${spec.title} of yours on this thread`);
  if (block.status !== EscrowStatus.UNPAID)
    throw new AppError(Code.RESOURCE_EXIST, `threadId: this ${spec.title} is already paid`);
  if (q.amount !== undefined && yuanToFen(q.amount, q.field) !== block.amountFen)
    throw invalid(`${q.field} must equal the ${spec.title}'s price`, { field: q.field });
  return block;
}

/** Opens a paid block in the payment's transaction: still unpaid, and priced as the order paid for it. */
async function openBlock(tx: Tx, spec: EscrowSpec, threadId: number | null, orderSn: string, fen: bigint) {
  const block = threadId ? await spec.find(tx, threadId, true) : null;
  if (!block || block.status !== EscrowStatus.UNPAID)
    throw new AppError(Code.RESOURCE_EXIST, `this ${spec.title} is already paid or was removed`);
  if (block.amountFen !== fen)
    throw new AppError(Code.PAY_ORDER_FAIL, `the ${spec.title} changed after this order: create a new one`);
  await spec.open(tx, block.id, orderSn);
}

/**
 * The order kind that pays a thread's block into an escrow account (types 9 and 10): the payer is the
 * thread's author, the amount the block's, and paying opens the block in the same transaction.
 */
export function escrowOrderKind(spec: EscrowSpec): OrderKind {
  return {
    type: spec.type,
    payerReason: spec.payerReason,
    async prepare({ tx, actor }, input) {
      const threadId = await ownThread(tx, actor, input, spec.title);
      const block = await unpaidBlock(tx, spec, {
        actor,
        threadId,
        amount: input.amount,
        field: 'amount',
        missing: () => notFound(`threadId: no ${spec.title} of yours on this thread`),
      });
      return { amountFen: block.amountFen, threadId, title: spec.title, extra: { blockId: block.id } };
    },
    async credits(_ctx, order) {
      return [{ account: { kind: spec.escrow }, amount: order.amountFen }];
    },
    async fulfil({ tx }, order) {
      await openBlock(tx, spec, order.threadId, order.orderSn, order.amountFen);
    },
  };
}

/**
 * The merged order (type 11, reference §1.9): a thread's red packet and bounty paid together. Each block is
 * checked, credited to its own escrow and opened as by its own kind; the parts (`order_children`) keep each
 * block's fen, and the payer's debit is split by part, so the wallet log shows each expense.
 */
export function mergedOrderKind(specs: EscrowSpec[]): OrderKind {
  const specOf = (type: number) => specs.find((s) => s.type === type)!;
  const title = specs.map((s) => s.title).join(' and ');
  return {
    type: OrderType.MERGE,
    split: true,
    async prepare({ tx, actor }, input) {
      const threadId = await ownThread(tx, actor, input, title);
      const parts = [];
      for (const spec of specs) {
        const field = spec.mergedField;
        const block = await unpaidBlock(tx, spec, {
          actor,
          threadId,
          amount: input[field],
          field,
          missing: () => invalid(`${field}: this thread has no ${spec.title} to pay`, { field }),
        });
        parts.push({ type: spec.type, amountFen: block.amountFen, blockId: block.id });
      }
      const amountFen = parts.reduce((s, p) => s + p.amountFen, 0n);
      if (input.amount !== undefined && yuanToFen(input.amount) !== amountFen)
        throw invalid(`amount must equal the sum of the ${title}`, { field: 'amount' });
      return { amountFen, threadId, title, children: parts };
    },
    async credits({ children }) {
      // A type-11 order without parts (one brought over from another forum) cannot say where its money goes.
      if (children.length === 0)
        throw new AppError(Code.PAY_ORDER_FAIL, 'this order has no parts: create a new one');
      return children.map((c) => ({
        account: { kind: specOf(c.type).escrow },
        amount: c.amountFen,
        reason: specOf(c.type).payerReason,
      }));
    },
    async fulfil({ tx, children }, order) {
      for (const c of children)
        await openBlock(tx, specOf(c.type), order.threadId, order.orderSn, c.amountFen);
    },
  };
}
