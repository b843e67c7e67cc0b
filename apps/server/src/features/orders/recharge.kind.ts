import { OrderType, WalletReason } from '@forum/contracts';
import { forbidden, invalid } from '../../platform/http/errors.js';
import type { SettingsService } from '../settings/index.js';
import { yuanToFen } from '../wallet/index.js';
import type { OrderKind } from './order-kind.js';

/** Largest recharge in one order, in fen (50,000 yuan). */
const RECHARGE_MAX_FEN = 5_000_000n;

/** Order type 30: money in from a provider to the payer's own wallet, when `site_charge` is on. */
export function rechargeKind(settings: SettingsService): OrderKind {
  return {
    type: OrderType.RECHARGE,
    payerReason: WalletReason.RECHARGE,
    // The wallet paying itself would move nothing.
    wallet: false,
    async prepare(_ctx, input) {
      if (settings.get('site_charge') !== '1') throw forbidden('recharge is switched off');
      if (input.amount === undefined) throw invalid('amount is required', { field: 'amount' });
      const amountFen = yuanToFen(input.amount);
      if (amountFen < 1n || amountFen > RECHARGE_MAX_FEN) {
        throw invalid('amount must be from 0.01 to 50000', { field: 'amount' });
      }
      return { amountFen, title: 'recharge' };
    },
    async credits(_ctx, order) {
      return [{ account: { kind: 'member_available', userId: order.userId }, amount: order.amountFen }];
    },
  };
}
