import type { RedPacketView, RewardView } from '@forum/contracts';
import { fenToYuan } from '../wallet/index.js';
import type { GrantRow, RedPacketRow, RewardRow } from './redpackets.repository.js';

/** A red packet as a viewer sees it: what is left, and their own share. */
export function presentPacket(p: RedPacketRow, mine: GrantRow | null): RedPacketView {
  return {
    id: p.id,
    rule: p.rule,
    condition: p.condition,
    likenum: p.likenum,
    number: p.number,
    price: fenToYuan(p.amountFen),
    remainNumber: p.remainNumber,
    remainMoney: fenToYuan(p.remainFen),
    status: p.status,
    expiredAt: p.expiresAt?.toISOString() ?? null,
    isReceived: mine !== null,
    receivedMoney: mine ? fenToYuan(mine.amountFen) : null,
  };
}

/** A bounty as a viewer sees it; `canReward` only for its author while it is open. */
export function presentReward(
  r: RewardRow,
  viewerId: number | null,
  payouts: Array<{ postId: number | null; amountFen: bigint }>,
  now = new Date(),
): RewardView {
  const isExpired = r.expiredAt <= now;
  const rewardedPosts: Record<string, string> = {};
  for (const p of payouts) if (p.postId !== null) rewardedPosts[String(p.postId)] = fenToYuan(p.amountFen);
  return {
    id: r.id,
    type: r.type,
    answerId: r.answerId,
    price: fenToYuan(r.amountFen),
    remainMoney: fenToYuan(r.remainFen),
    status: r.status,
    expiredAt: r.expiredAt.toISOString(),
    isExpired,
    canReward: viewerId === r.userId && r.status === 1 && !isExpired && r.remainFen > 0n,
    rewardedPosts,
  };
}
