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

/** True when the thread's block of this order type is paid already (a retry after a cancelled payment). */
function paid(thread: ThreadItem, orderType: number): boolean {
  const body = Object.values(thread.content.indexes).find((x) => Number(x.tomId) === TOM_OF[orderType])
    ?.body as { status?: number } | undefined;
  return body?.status !== undefined && body.status !== EscrowStatus.UNPAID;
}

/**
 * Reference §1.3: a thread with a red packet or bounty is saved as a draft, each block is paid through its
 * order, then the draft is published. `draftId` is the server draft of an earlier, cancelled attempt (0 for
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
  for (const type of o.orderTypes) {
    if (paid(saved, type)) continue;
    const order = await act(orderCreate, { type, threadId, isAnonymous: false });
    if (!order) return { draftId: threadId, thread: null, cancelled: false };
    if (!(await o.openPay(order))) return { draftId: threadId, thread: null, cancelled: true };
  }
  const published = await act(threadUpdate, { threadId, draft: false });
  return { draftId: threadId, thread: published, cancelled: false };
}
