import {
  EscrowStatus,
  OrderStatus,
  OrderType,
  RED_PACKET_HOURS,
  TomId,
  WalletReason,
} from '@forum/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/db.js';
import { redPacketGrants, redPackets, rewardPayouts, threadRewards } from '../redpackets/redpackets.table.js';
import { fenToYuan } from '../wallet/index.js';
import { allocIds, date, fen, int, type Step, type StepContext } from './runner.js';
import type { Row } from './source.js';
import { setBlock } from './steps-blocks.js';

/**
 * Red packets and bounties come over as history, ended: the money they moved (the author's payment, each
 * share, refunds) is already in the wallet logs the wallets step posted, so nothing is paid again. One still
 * open at import gets no expiry here (ours would refund it from an escrow the import never filled): its
 * remainder stays where the logs left it, and the report lists it.
 */
const paid: number[] = [OrderStatus.PAID, OrderStatus.PART_REFUNDED, OrderStatus.REFUNDED];

/** What our rows of a batch need: each thread's author and the order that paid its block. */
async function threadFacts(
  tx: Tx,
  threadIds: number[],
  orderTypes: number[],
): Promise<Map<number, { author: number; orderSn: string | null; paidAt: Date | null }>> {
  if (threadIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; user_id: number; order_sn: string | null; paid_at: string | null }>(
    tx,
    sql`SELECT t.id, t.user_id, o.order_sn, o.paid_at FROM threads t
        LEFT JOIN LATERAL (SELECT order_sn, paid_at FROM orders WHERE thread_id = t.id
          AND type = ANY(${sql.param(orderTypes)}::int[]) AND status = ANY(${sql.param(paid)}::int[])
          ORDER BY id LIMIT 1) o ON true
        WHERE t.id = ANY(${sql.param(threadIds)}::int[])`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { author: r.user_id, orderSn: r.order_sn, paidAt: r.paid_at ? new Date(r.paid_at) : null },
    ]),
  );
}

/** A share paid out of a block: the member, their reply, fen, and our ledger transaction of its wallet log. */
interface Share {
  sourceThread: number;
  userId: number;
  postId: number | null;
  amountFen: bigint;
  transactionId: number;
  type: number;
  createdAt: Date;
}

/**
 * Who got what from the blocks of these source threads, read from the wallet logs of the given types (the
 * original keeps no other record); a share whose log did not come over is left out and counted.
 */
async function sharesOf(ctx: StepContext, threads: number[], types: number[]): Promise<Share[]> {
  if (threads.length === 0) return [];
  const logs = await ctx.source.query(
    `SELECT id, user_id, thread_id, post_id, change_available_amount, change_type, created_at
     FROM user_wallet_logs WHERE change_type IN (?) AND thread_id IN (?) AND change_available_amount > 0
     ORDER BY id`,
    [types, threads],
  );
  const keys = logs.map((l) => `dzq:log:${int(l.id)}`);
  const txs = keys.length
    ? await rowsOf<{ id: string; k: string }>(
        ctx.tx,
        sql`SELECT id, idempotency_key AS k FROM ledger_transactions
            WHERE idempotency_key = ANY(${sql.param(keys)}::text[])`,
      )
    : [];
  const txOf = new Map(txs.map((t) => [t.k, Number(t.id)]));
  const out: Share[] = [];
  for (const l of logs) {
    const transactionId = txOf.get(`dzq:log:${int(l.id)}`);
    const userId = ctx.maps.get('users', l.user_id);
    if (!transactionId || !userId) {
      ctx.note('a share whose wallet log did not come over: left out of the block');
      continue;
    }
    out.push({
      sourceThread: int(l.thread_id),
      userId,
      postId: ctx.maps.get('posts', l.post_id) || null,
      amountFen: fen(l.change_available_amount),
      transactionId,
      type: int(l.change_type),
      createdAt: date(l.created_at) ?? new Date(),
    });
  }
  return out;
}

/** The batch's rows whose thread came over, each with our thread id and new id. */
async function placed(ctx: StepContext, rows: Row[], into: string) {
  const ok = rows.filter(
    (r) => ctx.maps.get('threads', r.thread_id) || (ctx.skip('thread not imported'), false),
  );
  const ids = await allocIds(ctx.tx, into, ok.length);
  return ok.map((r, i) => ({ r, id: ids[i]!, threadId: ctx.maps.get('threads', r.thread_id) }));
}

const positive = (v: unknown) => (fen(v) > 0n ? fen(v) : 0n);
const shareTotal = (shares: Share[]) => shares.reduce((a, s) => a + s.amountFen, 0n);

/** `thread_red_packets`: the packet, ended, with each member's share and the thread's block pointing at it. */
export const redPacketsStep: Step = {
  table: 'thread_red_packets',
  needs: ['threads', 'users', 'posts'],
  async write(ctx, rows) {
    const { tx } = ctx;
    const items = await placed(ctx, rows, 'red_packets');
    const facts = await threadFacts(
      tx,
      items.map((x) => x.threadId),
      [OrderType.RED_PACKET, OrderType.MERGE, OrderType.TEXT_RED_PACKET, OrderType.LONG_RED_PACKET],
    );
    const shares = await sharesOf(
      ctx,
      items.map((x) => int(x.r.thread_id)),
      [WalletReason.RED_PACKET_INCOME],
    );
    for (const { r, id, threadId } of items) {
      const f = facts.get(threadId)!;
      const created = date(r.created_at) ?? new Date();
      const remainFen = positive(r.remain_money);
      await tx.insert(redPackets).values({
        id,
        threadId,
        userId: f.author,
        rule: int(r.rule),
        condition: int(r.condition),
        likenum: int(r.likenum),
        number: int(r.number),
        amountFen: positive(r.money),
        remainNumber: Math.max(0, int(r.remain_number)),
        remainFen,
        status: EscrowStatus.OVER,
        orderSn: f.orderSn,
        paidAt: f.paidAt ?? created,
        expiresAt: new Date(created.getTime() + RED_PACKET_HOURS * 3_600_000),
        createdAt: created,
      });
      const mine = shares.filter((s) => s.sourceThread === int(r.thread_id) && s.userId !== f.author);
      if (mine.length > 0)
        await tx
          .insert(redPacketGrants)
          .values(mine.map((s) => ({ redPacketId: id, ...pick(s) })))
          .onConflictDoNothing();
      await setBlock(tx, threadId, String(TomId.RED_PACKET), {
        rule: int(r.rule),
        condition: int(r.condition),
        likenum: int(r.likenum),
        number: int(r.number),
        price: fenToYuan(positive(r.money)),
        redPacketId: id,
      });
      // The original's 1 is "not expired"; any remainder of one still open was never refunded there.
      if (remainFen > 0n && int(r.status) === 1)
        listOpen(ctx, 'red packet', r, threadId, remainFen, shareTotal(mine));
    }
    return items.map((x) => [int(x.r.id), x.id]);
  },
};

/** `thread_rewards`: the bounty, ended, with the rewarded replies and expiry shares. */
export const rewardsStep: Step = {
  table: 'thread_rewards',
  needs: ['threads', 'users', 'posts'],
  async write(ctx, rows) {
    const { tx, maps } = ctx;
    const items = await placed(ctx, rows, 'thread_rewards');
    const facts = await threadFacts(
      tx,
      items.map((x) => x.threadId),
      [OrderType.BOUNTY, OrderType.MERGE],
    );
    const shares = await sharesOf(
      ctx,
      items.map((x) => int(x.r.thread_id)),
      [WalletReason.BOUNTY_INCOME, WalletReason.BOUNTY_SPLIT],
    );
    for (const { r, id, threadId } of items) {
      const f = facts.get(threadId)!;
      const created = date(r.created_at) ?? new Date();
      const expiredAt = date(r.expired_at) ?? created;
      const remainFen = positive(r.remain_money);
      const answerId = maps.get('users', r.answer_id) || null;
      await tx.insert(threadRewards).values({
        id,
        threadId,
        userId: maps.get('users', r.user_id) || f.author,
        type: int(r.type),
        answerId,
        amountFen: positive(r.money),
        remainFen,
        status: EscrowStatus.OVER,
        expiredAt,
        orderSn: f.orderSn,
        paidAt: f.paidAt ?? created,
        createdAt: created,
      });
      const mine = shares.filter((s) => s.sourceThread === int(r.thread_id));
      // An expiry split is the answerer's share of the rest, not a reward of one reply.
      if (mine.length > 0)
        await tx
          .insert(rewardPayouts)
          .values(
            mine.map((s) => ({
              rewardId: id,
              ...pick(s),
              postId: s.type === WalletReason.BOUNTY_SPLIT ? null : s.postId,
            })),
          )
          .onConflictDoNothing();
      await setBlock(tx, threadId, String(TomId.REWARD), {
        type: int(r.type),
        ...(answerId ? { answerId } : {}),
        price: fenToYuan(positive(r.money)),
        expiredAt: expiredAt.toISOString(),
        rewardId: id,
      });
      // The original's expiry job zeroes the remainder when it refunds or splits it.
      if (remainFen > 0n) listOpen(ctx, 'bounty', r, threadId, remainFen, shareTotal(mine));
    }
    return items.map((x) => [int(x.r.id), x.id]);
  },
};

const pick = (s: Share) => ({
  userId: s.userId,
  postId: s.postId,
  amountFen: s.amountFen,
  transactionId: s.transactionId,
  createdAt: s.createdAt,
});

/** A report line for a block still open at import: what was not given out, and where that money is. */
function listOpen(ctx: StepContext, what: string, r: Row, threadId: number, remain: bigint, out: bigint) {
  ctx.list(
    `thread ${int(r.thread_id)} (ours ${threadId}): ${what} open at import, ${remain} fen not given out ` +
      `(${out} fen was): imported as ended; the rest stays where the wallet logs left it (the author's ` +
      'frozen balance when paid from the wallet)',
  );
}
