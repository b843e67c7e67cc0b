import { z } from 'zod';
import { RedPacketCondition } from './constants.js';
import { defineCall } from './call.js';
import { idField } from './fields.js';
import { idempotencyKeyField } from './orders.js';
import { WalletReason, yuanAmount } from './wallet.js';

/**
 * Red-packet (tom 106) and bounty (tom 107) blocks, reference §1.3; their ledger reasons are the original's
 * wallet-log types 150–152 (red packet), 120–122 and 160 (bounty), §1.9.
 */
export const RedPacketReason = {
  /** The author's payment into the red-packet escrow. */
  PAY: WalletReason.RED_PACKET_FREEZE,
  /** A member's share. */
  INCOME: WalletReason.RED_PACKET_INCOME,
  /** What nobody took, back to the author on expiry. */
  REFUND: WalletReason.RED_PACKET_REFUND,
} as const;

/** Bounty ledger reasons. */
export const RewardReason = {
  /** The author's payment into the bounty escrow. */
  PAY: WalletReason.BOUNTY_FREEZE,
  /** The author rewards an answer. */
  INCOME: WalletReason.BOUNTY_INCOME,
  /** The remainder back to the author on expiry (nobody answered). */
  REFUND: WalletReason.BOUNTY_RETURN,
  /** The remainder split evenly among the answerers on expiry. */
  EXPIRED_SPLIT: WalletReason.BOUNTY_SPLIT,
} as const;

/** Red packet: 0 fixed shares, 1 random shares. */
export const RedPacketRule = { FIXED: 0, RANDOM: 1 } as const;
/** Bounty: 0 anyone may answer, 1 a designated member. */
export const RewardType = { OPEN: 0, DESIGNATED: 1 } as const;

/** Limits of reference §1.3, in fen. */
export const RED_PACKET_LIMITS = { minFen: 1, maxFen: 20_000, maxNumber: 100, maxLikes: 1000 } as const;
export const REWARD_LIMITS = { minFen: 10, maxFen: 100_000_000 } as const;
/** Hours a paid red packet stays open; a bounty's expiry must be more than this far ahead. */
export const RED_PACKET_HOURS = 24;
export const REWARD_MIN_HOURS = 24;

/** Fen of a yuan string `yuanAmount` accepted (at most 15 digits: exact as a number). */
export function fenOfYuan(v: string): number {
  const [whole, frac = ''] = v.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const fenBetween = (min: number, max: number) =>
  yuanAmount.refine(
    (v) => {
      const fen = fenOfYuan(v);
      return fen >= min && fen <= max;
    },
    `price must be from ${(min / 100).toFixed(2)} to ${max / 100}`,
  );

/** The red-packet block body the editor sends. */
export const redPacketBlockBody = z
  .object({
    rule: z.coerce.number().int().min(0).max(1),
    condition: z.coerce.number().int().min(0).max(1).default(0),
    likenum: z.coerce.number().int().min(0).max(RED_PACKET_LIMITS.maxLikes).default(0),
    number: z.coerce.number().int().min(1).max(RED_PACKET_LIMITS.maxNumber),
    price: fenBetween(RED_PACKET_LIMITS.minFen, RED_PACKET_LIMITS.maxFen),
  })
  .refine((b) => b.condition !== RedPacketCondition.LIKES || b.likenum >= 1, {
    path: ['likenum'],
    message: 'likenum must be at least 1 when likes are the condition',
  })
  .refine((b) => fenOfYuan(b.price) >= b.number, {
    path: ['price'],
    message: 'price is too small to split: every share needs at least 0.01',
  });
/** A red-packet body. */
export type RedPacketBlockBody = z.output<typeof redPacketBlockBody>;

/** The bounty block body the editor sends; `expiredAt` must be more than 24 hours ahead. */
export const rewardBlockBody = z
  .object({
    type: z.coerce.number().int().min(0).max(1).default(0),
    answerId: idField.optional(),
    price: fenBetween(REWARD_LIMITS.minFen, REWARD_LIMITS.maxFen),
    expiredAt: z.coerce.date(),
  })
  .refine((b) => b.type !== RewardType.DESIGNATED || b.answerId !== undefined, {
    path: ['answerId'],
    message: 'answerId is required for a designated bounty',
  });
/** A bounty body. */
export type RewardBlockBody = z.output<typeof rewardBlockBody>;

/** A red packet as a viewer sees it. */
export const redPacketView = z.object({
  id: z.number().int(),
  rule: z.number().int(),
  condition: z.number().int(),
  likenum: z.number().int(),
  number: z.number().int(),
  /** Yuan, two decimals. */
  price: z.string(),
  remainNumber: z.number().int(),
  remainMoney: z.string(),
  status: z.number().int(),
  expiredAt: z.string().nullable(),
  /** The viewer's share, when they got one. */
  isReceived: z.boolean(),
  receivedMoney: z.string().nullable(),
});
/** A red-packet view. */
export type RedPacketView = z.infer<typeof redPacketView>;

/** A bounty as a viewer sees it. */
export const rewardView = z.object({
  id: z.number().int(),
  type: z.number().int(),
  answerId: z.number().int().nullable(),
  price: z.string(),
  remainMoney: z.string(),
  status: z.number().int(),
  expiredAt: z.string(),
  isExpired: z.boolean(),
  /** The viewer is the author and may reward replies now. */
  canReward: z.boolean(),
  /** What each rewarded reply got, by post id (yuan). */
  rewardedPosts: z.record(z.string(), z.string()),
});
/** A bounty view. */
export type RewardView = z.infer<typeof rewardView>;

/** `GET check.user.get.redpacket`: whether I got a share of this thread's red packet, and how much. */
export const checkUserGetRedpacket = defineCall({
  method: 'GET',
  path: '/api/v3/check.user.get.redpacket',
  summary: 'Did I get a share of the red packet',
  tags: ['threads', 'money'],
  input: z.object({ threadId: idField }),
  output: z.object({
    threadId: z.number().int(),
    isReceived: z.boolean(),
    amount: z.string().nullable(),
    remainNumber: z.number().int(),
    remainMoney: z.string(),
  }),
});

/** `POST posts.reward`: the bounty's author rewards a reply from the escrow. */
export const postsReward = defineCall({
  method: 'POST',
  path: '/api/v3/posts.reward',
  summary: 'Reward a reply from the bounty',
  tags: ['threads', 'money'],
  input: z.object({
    threadId: idField,
    postId: idField,
    rewards: yuanAmount,
    idempotencyKey: idempotencyKeyField.optional(),
  }),
  output: z.object({
    threadId: z.number().int(),
    postId: z.number().int(),
    rewards: z.string(),
    remainMoney: z.string(),
  }),
});
