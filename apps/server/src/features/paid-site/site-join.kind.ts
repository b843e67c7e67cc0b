import { OrderType, WalletReason } from '@forum/contracts';
import { forbidden, invalid } from '../../platform/http/errors.js';
import { distributionOf } from '../invites/index.js';
import type { OrderKind } from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import { extendPaidUntil } from '../users/index.js';
import { yuanToFen, type Move } from '../wallet/index.js';

/**
 * Order types 1 (joining a paid site) and 8 (renewing): the price is `site_price`; the site keeps it minus the
 * inviter's commission (`be_scale` tenths when their group pays commission; log type 34; reference §1.9); once
 * paid the member's `expired_at` moves `site_expire` days on (0: for good) and they leave the unpaid group.
 */
export function siteJoinKind(
  type: typeof OrderType.REGISTER | typeof OrderType.RENEW,
  settings: SettingsService,
  paid: (userId: number) => Promise<void>,
): OrderKind {
  return {
    type,
    payerReason: type === OrderType.REGISTER ? WalletReason.EXPEND_REGISTER : WalletReason.EXPEND_RENEW,
    async prepare({ tx, actor }) {
      if (settings.get('site_mode') !== 'pay') throw forbidden('the site is not in pay mode');
      if (actor.isAdmin) throw invalid('type: administrators do not pay to join', { field: 'type' });
      const amountFen = yuanToFen(settings.get('site_price') || '0', 'site_price');
      if (amountFen <= 0n) throw invalid('type: the site has no price', { field: 'type' });
      const d = await distributionOf(tx, actor.userId!);
      const commissionFen = d && d.isCommission && d.beScale > 0 ? (amountFen * BigInt(d.beScale)) / 10n : 0n;
      return {
        amountFen,
        title: type === OrderType.REGISTER ? 'site registration' : 'site renewal',
        // Kept on the order: the credits below and the inviter's earnings list read these.
        extra: commissionFen > 0n ? { inviterId: d!.inviterId, commissionFen: commissionFen.toString() } : {},
      };
    },
    async credits(_ctx, order) {
      const extra = order.extra as { inviterId?: number; commissionFen?: string };
      const commission = BigInt(extra.commissionFen ?? '0');
      const moves: Move[] = [{ account: { kind: 'site_revenue' }, amount: order.amountFen - commission }];
      if (commission > 0n && extra.inviterId) {
        moves.push({
          account: { kind: 'member_available', userId: extra.inviterId },
          amount: commission,
          reason: WalletReason.REGISTER_COMMISSION,
        });
      }
      return moves.filter((m) => BigInt(m.amount) !== 0n);
    },
    async fulfil({ tx }, order) {
      await extendPaidUntil(tx, order.userId, Number(settings.get('site_expire') || 0));
    },
    // The payer's cached sessions still hold the unpaid group: dropped once the payment is committed.
    afterPaid: (order) => paid(order.userId),
  };
}
