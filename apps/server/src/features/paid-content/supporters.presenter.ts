import { LikedUserKind, OrderType, type LikedUserItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { ANONYMOUS_NICKNAME } from '../posts/index.js';
import { diffTime } from '../threads/index.js';
import { fenToYuan } from '../wallet/index.js';
import type { SupporterRow } from './supporters.repository.js';
import type { Lang } from '../../platform/http/lang.js';

/** When the payment happened (a paid order always has `paidAt`; imported ones may not). */
export const paidTimeOf = (r: SupporterRow): Date => r.paidAt ?? r.createdAt;

/**
 * A tipper or paid reader on a thread, as `actor` may see them. An anonymous tip shows the anonymous user to
 * everyone but the payer and administrators. The amount is only for those who know it anyway (the payee in
 * their wallet, the payer, administrators): the original shows no amounts on a thread.
 */
export function presentSupporter(actor: Actor, r: SupporterRow, lang: Lang): LikedUserItem {
  const at = paidTimeOf(r);
  const self = actor.userId != null && actor.userId === r.userId;
  const named = !r.isAnonymous || self || actor.isAdmin;
  const knowsAmount = self || actor.isAdmin || (actor.userId != null && actor.userId === r.payeeId);
  return {
    userId: named ? r.userId : 0,
    nickname: named ? r.nickname || r.username || '' : ANONYMOUS_NICKNAME,
    avatar: named ? (r.avatar ?? '') : '',
    type: r.type === OrderType.REWARD ? LikedUserKind.TIP : LikedUserKind.PAID,
    createdAt: at.toISOString(),
    passedAt: diffTime(at, lang),
    ...(knowsAmount ? { amount: Number(fenToYuan(r.amountFen)) } : {}),
  };
}
