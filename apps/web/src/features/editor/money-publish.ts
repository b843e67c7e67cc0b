import {
  EscrowStatus,
  OrderType,
  TomId,
  orderCreate,
  threadCreate,
  threadUpdate,
  type CallInput,
  type OrderView,
  type ThreadItem,
} from '@forum/contracts';
import { act, actWithCaptcha, type CaptchaAnswer } from '../threads/thread-call.ts';

/** The thread fields the editor sends. */
type Fields = Omit<CallInput<typeof threadCreate>, 'draft'>;

const TOM_OF: Record<number, number> = {
  [OrderType.RED_PACKET]: TomId.RED_PACKET,
  [OrderType.BOUNTY]: TomId.REWARD,
};

/** The price the editor sent for the block of this order type (yuan, as typed). */
function sentPrice(fields: Fields, orderType: number): string | undefined {
  const block = Object.values(fields.content.indexes ?? {}).find(
    (x) => Number(x.tomId) === TOM_OF[orderType],
  );
  return (block?.body as { price?: string } | undefined)?.price;
}

/**
 * The orders that pay the blocks still unpaid: both at once in one merged order (type 11, each part checked
 * against the price sent), else each by its own type.
 */
function ordersFor(fields: Fields, unpaid: number[]): Array<CallInput<typeof orderCreate>> {
  if (unpaid.length < 2) return unpaid.map((type) => ({ type, isAnonymous: false }));
  return [
    {
      type: OrderType.MERGE,
      redAmount: sentPrice(fields, OrderType.RED_PACKET),
      rewardAmount: sentPrice(fields, OrderType.BOUNTY),
      isAnonymous: false,
    },
  ];
}

/** True when the thread's block of this order type is paid already (a retry after a cancelled payment). */
function paid(thread: ThreadItem, orderType: number): boolean {
  const body = Object.values(thread.content.indexes).find((x) => Number(x.tomId) === TOM_OF[orderType])
    ?.body as { status?: number } | undefined;
  return body?.status !== undefined && body.status !== EscrowStatus.UNPAID;
}

/**
 * Reference §1.3: a thread with a red packet or bounty is saved as a draft, the blocks are paid (both through
 * one merged order when the thread has both), then the draft is published. `draftId` is the server draft of an earlier, cancelled attempt (0 for
 * none): it is updated instead of making another. Answers the draft's id and the thread once published.
 */
export async function publishWithPayment(o: {
  fields: Fields;
  draftId: number;
  orderTypes: number[];
  ask: (retry: boolean) => Promise<CaptchaAnswer | null>;
  upfront: boolean;
  openPay: (order: OrderView) => Promise<boolean>;
}): Promise<{ draftId: number; thread: ThreadItem | null; cancelled: boolean }> {
  const saved = o.draftId
    ? await act(threadUpdate, { threadId: o.draftId, ...o.fields })
    : await actWithCaptcha(threadCreate, { ...o.fields, draft: true }, o.ask, o.upfront);
  if (!saved) return { draftId: o.draftId, thread: null, cancelled: false };
  const threadId = saved.threadId;
  const unpaid = o.orderTypes.filter((type) => !paid(saved, type));
  for (const input of ordersFor(o.fields, unpaid)) {
    const order = await act(orderCreate, { ...input, threadId });
    if (!order) return { draftId: threadId, thread: null, cancelled: false };
    if (!(await o.openPay(order))) return { draftId: threadId, thread: null, cancelled: true };
  }
  const published = await act(threadUpdate, { threadId, draft: false });
  return { draftId: threadId, thread: published, cancelled: false };
}
