import {
  Code,
  EscrowStatus,
  OrderType,
  REWARD_MIN_HOURS,
  RewardReason,
  RewardType,
  TomId,
  rewardBlockBody,
  type RewardBlockBody,
} from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, Tx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, forbidden, invalid, loginRequired, notFound } from '../../platform/http/errors.js';
import type { Notice, Notify } from '../notifications/index.js';
import type { OrderKind } from '../orders/index.js';
import type { TomSaveContext, TomType } from '../threads/index.js';
import { fenToYuan, yuanToFen, type Ledger, type Move } from '../wallet/index.js';
import { threadNotice } from './block-notices.js';
import { escrowOrderKind, requireDraftFor, type EscrowSpec } from './escrow-block.js';
import { presentReward } from './redpackets.presenter.js';
import * as repo from './redpackets.repository.js';
import { evenSplit } from './split.js';

/** What the thread stores for the block. */
type StoredReward = Omit<RewardBlockBody, 'expiredAt'> & { expiredAt: string; rewardId: number };

/**
 * Bounty Q&A (tom 107): saved with a draft, paid by an order of type 10 into `escrow_reward`, published; the
 * author rewards replies from it (`posts.reward`) until it expires, when the rest is split evenly among the
 * members who answered, or refunded when nobody did.
 */
export class Rewards {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    /** Rewarded answerers, and those an expired bounty pays, are told once the money has committed. */
    private readonly notify: Notify = async () => {},
  ) {}

  /** The tom type the threads registry gets. */
  tomType(): TomType {
    return {
      id: String(TomId.REWARD),
      name: '悬赏',
      permission: 'thread.insertReward',
      maxBlocks: 1,
      filterable: true,
      perViewer: true,
      schema: rewardBlockBody,
      save: (ctx, body) => this.save(ctx, body as RewardBlockBody),
      remove: async (ctx) => {
        const r = await repo.rewardByThread(ctx.tx, ctx.threadId, true);
        if (!r) return;
        if (r.status !== EscrowStatus.UNPAID)
          throw invalid(`content.indexes.${ctx.key}: a paid bounty cannot be removed`);
        await repo.deleteReward(ctx.tx, r.id);
      },
      publish: async (ctx) => {
        const r = await repo.rewardByThread(ctx.tx, ctx.threadId);
        if (!r || r.status !== EscrowStatus.OPEN || r.expiredAt <= new Date())
          throw invalid(`content.indexes.${ctx.key}: pay the bounty before publishing`, {
            field: `content.indexes.${ctx.key}`,
          });
      },
      show: async (ctx) => {
        const r = await repo.rewardByThread(ctx.db, ctx.threadId);
        return r && presentReward(r, ctx.actor.userId, await repo.payoutsOf(ctx.db, r.id));
      },
    };
  }

  /** Order type 10: pays the thread's bounty into escrow. */
  orderKind(): OrderKind {
    return escrowOrderKind(this.escrowSpec());
  }

  /** How the bounty is paid into escrow and opened (its own order, or its part of a merged one). */
  escrowSpec(): EscrowSpec {
    return {
      type: OrderType.BOUNTY,
      payerReason: RewardReason.PAY,
      escrow: 'escrow_reward',
      title: 'bounty',
      mergedField: 'rewardAmount',
      find: async (tx, threadId, lock) => {
        const r = await repo.rewardByThread(tx, threadId, lock);
        return r && { id: r.id, userId: r.userId, status: r.status, amountFen: r.amountFen };
      },
      open: async (tx, id, orderSn) => {
        await repo.updateReward(tx, id, { status: EscrowStatus.OPEN, orderSn, paidAt: new Date() });
      },
    };
  }

  /** `posts.reward`: the author pays one reply from the bounty, once per reply. */
  async reward(actor: Actor, input: { threadId: number; postId: number; rewards: string }) {
    if (actor.userId === null) throw loginRequired();
    const amount = yuanToFen(input.rewards, 'rewards');
    if (amount < 1n) throw invalid('rewards must be at least 0.01', { field: 'rewards' });
    const { reply, notice } = await inTransaction(this.db, async (tx) => {
      const r = await repo.rewardByThread(tx, input.threadId, true);
      if (!r || r.status === EscrowStatus.UNPAID) throw notFound('threadId: this thread has no bounty');
      if (r.userId !== actor.userId) throw forbidden('only the bounty author rewards replies');
      const post = await repo.replyOf(tx, input.postId);
      if (!post || post.threadId !== r.threadId) throw notFound('postId: not a reply of this thread');
      const done = (await repo.payoutsOf(tx, r.id)).find((p) => p.postId === post.id);
      // A repeat answers the first reward: one payout per reply (its idempotency key says so).
      if (done) return { reply: this.rewardReply(input, done.amountFen, r.remainFen), notice: null };
      if (r.status !== EscrowStatus.OPEN || r.expiredAt <= new Date())
        throw new AppError(Code.RESOURCE_EXPIRED, 'this bounty has expired');
      if (post.userId === r.userId || post.isApproved !== 1)
        throw invalid('postId: only approved replies of other members can be rewarded', { field: 'postId' });
      if (r.type === RewardType.DESIGNATED && post.userId !== r.answerId)
        throw invalid('postId: this bounty is for its designated member', { field: 'postId' });
      if (amount > r.remainFen)
        throw invalid('rewards is more than the bounty has left', { field: 'rewards' });
      const posted = await this.ledger.post(tx, {
        reason: RewardReason.INCOME,
        idempotencyKey: `reward:${r.threadId}:${post.id}`,
        actorId: actor.userId,
        memo: `bounty of thread ${r.threadId}`,
        moves: [
          { account: { kind: 'escrow_reward' }, amount: -amount },
          { account: { kind: 'member_available', userId: post.userId }, amount },
        ],
      });
      await repo.insertPayout(tx, {
        rewardId: r.id,
        postId: post.id,
        userId: post.userId,
        amountFen: amount,
        transactionId: posted.transactionId,
      });
      const remainFen = r.remainFen - amount;
      await repo.updateReward(tx, r.id, {
        remainFen,
        ...(remainFen === 0n && { status: EscrowStatus.OVER }),
      });
      const told: Notice = {
        ...(await threadNotice(tx, r.threadId, r.userId)),
        event: 'bounty.answered',
        userId: post.userId,
        postId: post.id,
        amountFen: amount,
        orderType: OrderType.BOUNTY,
      };
      return { reply: this.rewardReply(input, amount, remainFen), notice: told };
    });
    // Told once, for the payout just made (a repeat answers the first reward and tells nobody).
    if (notice) await this.notify([notice]);
    return reply;
  }

  /** The expiry job: splits each expired bounty's rest among its answerers, or refunds it; answers how many. */
  async expireDue(now = new Date()): Promise<number> {
    let n = 0;
    for (const threadId of await repo.dueRewards(this.db, now, 100)) {
      const notices = await inTransaction(this.db, async (tx) => {
        const r = await repo.rewardByThread(tx, threadId, true);
        if (!r || r.status !== EscrowStatus.OPEN || r.expiredAt > now) return [];
        const paid = r.remainFen > 0n ? await this.settleRest(tx, r) : [];
        await repo.updateReward(tx, r.id, { status: EscrowStatus.OVER, remainFen: 0n });
        n++;
        return paid;
      });
      await this.notify(notices);
    }
    return n;
  }

  /**
   * Pays an expired bounty's rest: split among the answerers, or back to the author when nobody answered.
   * Answers the notices (`threadrewardedexpired`) of everyone paid, from the system.
   */
  private async settleRest(tx: Tx, r: repo.RewardRow): Promise<Notice[]> {
    let people = await repo.answerers(tx, r.threadId, r.userId);
    if (r.type === RewardType.DESIGNATED) people = people.filter((u) => u === r.answerId);
    const shares = people.length ? evenSplit(r.remainFen, people.length) : [r.remainFen];
    const to = people.length ? people : [r.userId];
    const moves: Move[] = to
      .map((userId, i) => ({ account: { kind: 'member_available' as const, userId }, amount: shares[i]! }))
      .filter((m) => m.amount > 0n);
    const posted = await this.ledger.post(tx, {
      reason: people.length ? RewardReason.EXPIRED_SPLIT : RewardReason.REFUND,
      idempotencyKey: `reward-expiry:${r.id}`,
      actorId: null,
      memo: `bounty of thread ${r.threadId} expired`,
      moves: [{ account: { kind: 'escrow_reward' }, amount: -r.remainFen }, ...moves],
    });
    const where = await threadNotice(tx, r.threadId, null);
    const notices: Notice[] = [];
    for (const m of moves) {
      const userId = (m.account as { userId: number }).userId;
      await repo.insertPayout(tx, {
        rewardId: r.id,
        postId: null,
        userId,
        amountFen: BigInt(m.amount),
        transactionId: posted.transactionId,
      });
      notices.push({
        ...where,
        event: people.length ? 'bounty.shared' : 'bounty.expired',
        userId,
        amountFen: BigInt(m.amount),
        orderType: OrderType.BOUNTY,
      });
    }
    return notices;
  }

  private rewardReply(input: { threadId: number; postId: number }, amount: bigint, remain: bigint) {
    return {
      threadId: input.threadId,
      postId: input.postId,
      rewards: fenToYuan(amount),
      remainMoney: fenToYuan(remain),
    };
  }

  private async save(ctx: TomSaveContext, body: RewardBlockBody): Promise<StoredReward> {
    const amountFen = yuanToFen(body.price, 'price');
    const r = await repo.rewardByThread(ctx.tx, ctx.threadId, true);
    requireDraftFor(ctx, r !== null, 'bounty');
    const stored = (id: number): StoredReward => ({
      ...body,
      expiredAt: body.expiredAt.toISOString(),
      rewardId: id,
    });
    if (r && r.status !== EscrowStatus.UNPAID) {
      const same =
        r.type === body.type && r.amountFen === amountFen && (r.answerId ?? undefined) === body.answerId;
      if (!same) throw invalid(`content.indexes.${ctx.key}.body: a paid bounty cannot be changed`);
      return { ...stored(r.id), expiredAt: r.expiredAt.toISOString() };
    }
    const field = `content.indexes.${ctx.key}.body`;
    if (body.expiredAt.getTime() <= Date.now() + REWARD_MIN_HOURS * 3600_000)
      throw invalid(`${field}.expiredAt must be more than ${REWARD_MIN_HOURS} hours ahead`, {
        field: `${field}.expiredAt`,
      });
    if (body.type === RewardType.DESIGNATED && body.answerId === ctx.authorId)
      throw invalid(`${field}.answerId must be another member`, { field: `${field}.answerId` });
    const row = await repo.upsertReward(ctx.tx, {
      threadId: ctx.threadId,
      userId: ctx.authorId,
      type: body.type,
      answerId: body.type === RewardType.DESIGNATED ? body.answerId! : null,
      amountFen,
      remainFen: amountFen,
      expiredAt: body.expiredAt,
    });
    return stored(row.id);
  }
}
