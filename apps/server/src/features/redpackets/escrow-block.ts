import { Code, EscrowStatus } from '@forum/contracts';
import type { Tx } from '../../platform/db/db.js';
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

/**
 * The order kind that pays a thread's block into an escrow account (types 9 and 10): the payer is the
 * thread's author, the amount the block's, and paying opens the block in the same transaction.
 */
export function escrowOrderKind(o: {
  type: number;
  payerReason: number;
  escrow: 'escrow_red_packet' | 'escrow_reward';
  title: string;
  find(tx: Tx, threadId: number, lock: boolean): Promise<EscrowBlock | null>;
  open(tx: Tx, id: number, orderSn: string): Promise<void>;
}): OrderKind {
  return {
    type: o.type,
    payerReason: o.payerReason,
    async prepare({ tx, actor }, input) {
      if (input.threadId === undefined) throw invalid('threadId is required', { field: 'threadId' });
      const block = await o.find(tx, input.threadId, false);
      const thread = await threadOf(tx, input.threadId);
      if (!block || !thread || block.userId !== actor.userId)
        throw notFound(`threadId: no ${o.title} of yours on this thread`);
      if (block.status !== EscrowStatus.UNPAID)
        throw new AppError(Code.RESOURCE_EXIST, `threadId: this ${o.title} is already paid`);
      if (input.amount !== undefined && yuanToFen(input.amount) !== block.amountFen)
        throw invalid(`amount must equal the ${o.title}'s price`, { field: 'amount' });
      return {
        amountFen: block.amountFen,
        threadId: input.threadId,
        title: o.title,
        extra: { blockId: block.id },
      };
    },
    async credits(_ctx, order) {
      return [{ account: { kind: o.escrow }, amount: order.amountFen }];
    },
    async fulfil({ tx }, order) {
      const block = order.threadId ? await o.find(tx, order.threadId, true) : null;
      if (!block || block.status !== EscrowStatus.UNPAID)
        throw new AppError(Code.RESOURCE_EXIST, `this ${o.title} is already paid or was removed`);
      if (block.amountFen !== order.amountFen)
        throw new AppError(Code.PAY_ORDER_FAIL, `the ${o.title} changed after this order: create a new one`);
      await o.open(tx, block.id, order.orderSn);
    },
  };
}
