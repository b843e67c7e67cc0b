import { z } from 'zod';
import { defineCall } from './call.js';

/** Most paid groups a site may have (reference §1.10, `PAID_GROUPS_NUM`). */
export const PAID_GROUPS_MAX = 5;

/** What the button of a paid group in `upgrade.group` offers: 0 none, 1 renew (same group), 2 buy or upgrade. */
export const UpgradeButton = { NONE: 0, RENEW: 1, UPGRADE: 2 } as const;

/** Why a paid-group history row ended (reference §1.10 `group_paid_users.delete_type`). */
export const PaidGroupEnd = { EXPIRED: 1, ADMIN: 2, REBUY: 3 } as const;

/** One paid group as a member sees it on `/my/upgrade`. */
export const upgradeGroupItem = z.object({
  groupId: z.number().int(),
  name: z.string(),
  description: z.string(),
  notice: z.string(),
  color: z.string(),
  icon: z.string(),
  /** Always true here (the original clients read it). */
  isPaid: z.boolean(),
  level: z.number().int(),
  /** Yuan with two decimals. */
  fee: z.string(),
  days: z.number().int(),
  /** 0 none, 1 renew, 2 buy or upgrade. */
  button: z.number().int(),
  /** Whether I am in this group now. */
  isMine: z.boolean(),
  /** Days my current membership has left (this group only), else 0. */
  remainDays: z.number().int(),
  /** When my membership of this group ends (ISO), else null. */
  expiresAt: z.string().nullable(),
});
/** A paid group on the upgrade page. */
export type UpgradeGroupItem = z.infer<typeof upgradeGroupItem>;

/**
 * `GET upgrade.group` (also `/apiv3/upgrade.group`, where the original client calls it): the site's paid groups
 * by level with what I may do with each; every button is 0 while group purchase is off (`site_pay_group_close`).
 * An array, as the original answered.
 */
export const upgradeGroup = defineCall({
  method: 'GET',
  path: '/api/v3/upgrade.group',
  summary: 'Paid groups I may buy, renew or upgrade to',
  tags: ['paid-site'],
  input: z.object({}),
  output: z.array(upgradeGroupItem),
});

/** The fields of a group the paid-group rules look at (fee in fen or yuan: only its sign matters). */
export interface PaidGroupFacts {
  id: number;
  name: string;
  isPaid: boolean;
  isDefault: boolean;
  fee: number;
  days: number;
  level: number;
}

/**
 * The paid-group rules over all groups (reference §1.10): a paid group has a fee and days above zero, a level
 * from 1 to 5 no other paid group has, is never group 1, 6 or 7 nor the default group, and there are at most 5.
 * Answers the first problem as `field: message`, or null.
 */
export function paidGroupsProblem(
  all: readonly PaidGroupFacts[],
  forbidden: readonly number[],
): string | null {
  const paid = all.filter((g) => g.isPaid);
  if (paid.length > PAID_GROUPS_MAX) return `isPaid: at most ${PAID_GROUPS_MAX} paid groups`;
  const levels = new Set<number>();
  for (const g of paid) {
    if (forbidden.includes(g.id)) return `isPaid: group ${g.id} cannot be a paid group`;
    if (g.isDefault) return `isPaid: the default group cannot be a paid group`;
    if (!(g.fee > 0)) return `fee: the paid group "${g.name}" needs a fee above 0`;
    if (!(g.days > 0)) return `days: the paid group "${g.name}" needs days above 0`;
    if (g.level < 1 || g.level > 5) return `level: the paid group "${g.name}" needs a level from 1 to 5`;
    if (levels.has(g.level)) return `level: two paid groups cannot share level ${g.level}`;
    levels.add(g.level);
  }
  return null;
}
