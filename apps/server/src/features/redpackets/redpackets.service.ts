import {
  Code,
  EscrowStatus,
  OrderType,
  RED_PACKET_HOURS,
  RedPacketCondition,
  RedPacketReason,
  TomId,
  redPacketBlockBody,
  type RedPacketBlockBody,
} from '@forum/contracts';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid, loginRequired } from '../../platform/http/errors.js';
import type { Notice, Notify } from '../notifications/index.js';
import type { OrderKind } from '../orders/index.js';
import type { PostEvent, TomSaveContext, TomType } from '../threads/index.js';
import { fenToYuan, yuanToFen, type Ledger } from '../wallet/index.js';
import { presentPacket } from './redpackets.presenter.js';
import * as repo from './redpackets.repository.js';
import { nextShare } from './split.js';
import { threadNotice } from './block-notices.js';
import { escrowOrderKind, requireDraftFor, type EscrowSpec } from './escrow-block.js';

/** What the thread stores for the block: the packet's id and the author's settings. */
type StoredPacket = RedPacketBlockBody & { redPacketId: number };

/**
 * Red packets (tom 106): saved with a draft, paid by an order of type 9 into `escrow_red_packet`, published,
 * then shared out one share per member on a qualifying reply (or a reply's N likes); what is left after 24
 * hours goes back to the author.
 */
export class RedPackets {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    /** Grabbers are told of their share once it has committed. */
    private readonly notify: Notify = async () => {},
  ) {}

  /** The tom type the threads registry gets. */
  tomType(): TomType {
    return {
      id: String(TomId.RED_PACKET),
      name: '红包',
      permission: 'thread.insertRedPacket',
      maxBlocks: 1,
      filterable: true,
      perViewer: true,
      schema: redPacketBlockBody,
      save: (ctx, body) => this.save(ctx, body as RedPacketBlockBody),
      remove: async (ctx) => {
        const p = await repo.packetByThread(ctx.tx, ctx.threadId, true);
        if (!p) return;
        if (p.status !== EscrowStatus.UNPAID)
          throw invalid(`content.indexes.${ctx.key}: a paid red packet cannot be removed`);
        await repo.deletePacket(ctx.tx, p.id);
      },
      publish: async (ctx) => {
        const p = await repo.packetByThread(ctx.tx, ctx.threadId);
        if (p?.status !== EscrowStatus.OPEN) {
          throw new AppError(
            Code.INVALID_PARAMETER,
            `content.indexes.${ctx.key}: pay the red packet before publishing`,
            {
              field: `content.indexes.${ctx.key}`,
            },
          );
        }
      },
      show: async (ctx) => {
        const p = await repo.packetByThread(ctx.db, ctx.threadId);
        if (!p) return null;
        const mine = ctx.actor.userId ? await repo.grantOf(ctx.db, p.id, ctx.actor.userId) : null;
        return presentPacket(p, mine);
      },
    };
  }

  /** Order type 9: pays the thread's red packet into escrow; the packet opens for 24 hours. */
  orderKind(): OrderKind {
    return escrowOrderKind(this.escrowSpec());
  }

  /** How the red packet is paid into escrow and opened (its own order, or its part of a merged one). */
  escrowSpec(): EscrowSpec {
    return {
      type: OrderType.RED_PACKET,
      payerReason: RedPacketReason.PAY,
      escrow: 'escrow_red_packet',
      title: 'red packet',
      mergedField: 'redAmount',
      find: async (tx, threadId, lock) => {
        const p = await repo.packetByThread(tx, threadId, lock);
        return p && { id: p.id, userId: p.userId, status: p.status, amountFen: p.amountFen };
      },
      open: async (tx, id, orderSn) => {
        const now = new Date();
        await repo.updatePacket(tx, id, {
          status: EscrowStatus.OPEN,
          orderSn,
          paidAt: now,
          expiresAt: new Date(now.getTime() + RED_PACKET_HOURS * 3600_000),
        });
      },
    };
  }

  /** Grants a share on a qualifying reply or like; never throws (the reply is already committed). */
  async onPost(e: PostEvent): Promise<void> {
    if (e.type === 'replied' && e.approved && e.redPacket !== false)
      await this.grab(e.threadId, e.userId, e.postId, RedPacketCondition.REPLY);
    if (e.type === 'liked' && !e.isFirst) {
      const p = await repo.packetByThread(this.db, e.threadId);
      if (p && p.condition === RedPacketCondition.LIKES && e.likeCount >= p.likenum)
        await this.grab(e.threadId, e.postUserId, e.postId, RedPacketCondition.LIKES);
    }
  }

  /**
   * One share for this member, once: the packet row is locked, so concurrent grabs queue and the last one
   * takes the remainder. Answers the member's share (the first one on a repeat), or null when none is left.
   */
  async grab(
    threadId: number,
    userId: number,
    postId: number | null,
    condition: number,
  ): Promise<bigint | null> {
    // Most threads have no packet: one plain read says so, without a transaction or a row lock (every reply and
    // like asks). Who owns a packet and its condition are fixed once it is open; the locked read below decides.
    const seen = await repo.packetByThread(this.db, threadId);
    if (!seen || seen.condition !== condition || seen.userId === userId) return null;
    const got = await inTransaction(this.db, async (tx) => {
      const p = await repo.packetByThread(tx, threadId, true);
      if (!p || p.condition !== condition || p.userId === userId) return null;
      const had = await repo.grantOf(tx, p.id, userId);
      if (had) return { share: had.amountFen, notice: null };
      if (p.status !== EscrowStatus.OPEN || p.remainNumber < 1 || (p.expiresAt && p.expiresAt <= new Date()))
        return null;
      const share = nextShare(p.rule, p.amountFen, p.number, p.remainFen, p.remainNumber);
      const posted = await this.ledger.post(tx, {
        reason: RedPacketReason.INCOME,
        idempotencyKey: `redpacket:${threadId}:${userId}`,
        actorId: userId,
        memo: `red packet of thread ${threadId}`,
        moves: [
          { account: { kind: 'escrow_red_packet' }, amount: -share },
          { account: { kind: 'member_available', userId }, amount: share },
        ],
      });
      await repo.insertGrant(tx, {
        redPacketId: p.id,
        userId,
        postId,
        amountFen: share,
        transactionId: posted.transactionId,
      });
      const remainNumber = p.remainNumber - 1;
      await repo.updatePacket(tx, p.id, {
        remainNumber,
        remainFen: p.remainFen - share,
        status: remainNumber === 0 ? EscrowStatus.OVER : EscrowStatus.OPEN,
      });
      const notice: Notice = {
        ...(await threadNotice(tx, threadId, p.userId)),
        event: 'redpacket.received',
        userId,
        postId,
        amountFen: share,
        orderType: OrderType.RED_PACKET,
      };
      return { share, notice };
    });
    // Told once, for the share just granted (a repeat answers the first share and tells nobody).
    if (got?.notice) await this.notify([got.notice]);
    return got?.share ?? null;
  }

  /** The expiry job: refunds what is left of each packet past its 24 hours; answers how many. */
  async expireDue(now = new Date()): Promise<number> {
    let n = 0;
    for (const threadId of await repo.duePackets(this.db, now, 100)) {
      await inTransaction(this.db, async (tx) => {
        const p = await repo.packetByThread(tx, threadId, true);
        if (!p || p.status !== EscrowStatus.OPEN || !p.expiresAt || p.expiresAt > now) return;
        if (p.remainFen > 0n) {
          await this.ledger.post(tx, {
            reason: RedPacketReason.REFUND,
            idempotencyKey: `redpacket-refund:${p.id}`,
            actorId: null,
            memo: `red packet of thread ${threadId} expired`,
            moves: [
              { account: { kind: 'escrow_red_packet' }, amount: -p.remainFen },
              { account: { kind: 'member_available', userId: p.userId }, amount: p.remainFen },
            ],
          });
        }
        await repo.updatePacket(tx, p.id, { status: EscrowStatus.OVER, remainFen: 0n, remainNumber: 0 });
        n++;
      });
    }
    return n;
  }

  /** `check.user.get.redpacket`. */
  async check(actorId: number | null, threadId: number) {
    if (actorId === null) throw loginRequired();
    const p = await repo.packetByThread(this.db, threadId);
    // No packet: nothing received and nothing left (the original clients ask on every thread page).
    if (!p) return { threadId, isReceived: false, amount: null, remainNumber: 0, remainMoney: '0.00' };
    const mine = await repo.grantOf(this.db, p.id, actorId);
    return {
      threadId,
      isReceived: mine !== null,
      amount: mine ? fenToYuan(mine.amountFen) : null,
      remainNumber: p.remainNumber,
      remainMoney: fenToYuan(p.remainFen),
    };
  }

  private async save(ctx: TomSaveContext, body: RedPacketBlockBody): Promise<StoredPacket> {
    const amountFen = yuanToFen(body.price, 'price');
    const p = await repo.packetByThread(ctx.tx, ctx.threadId, true);
    requireDraftFor(ctx, p !== null, 'red packet');
    if (p && p.status !== EscrowStatus.UNPAID) {
      const same =
        p.rule === body.rule &&
        p.condition === body.condition &&
        p.number === body.number &&
        p.amountFen === amountFen;
      if (!same) throw invalid(`content.indexes.${ctx.key}.body: a paid red packet cannot be changed`);
      return { ...body, redPacketId: p.id };
    }
    const row = await repo.upsertPacket(ctx.tx, {
      threadId: ctx.threadId,
      userId: ctx.authorId,
      rule: body.rule,
      condition: body.condition,
      likenum: body.condition === RedPacketCondition.LIKES ? body.likenum : 0,
      number: body.number,
      amountFen,
      remainNumber: body.number,
      remainFen: amountFen,
    });
    return { ...body, redPacketId: row.id };
  }
}
