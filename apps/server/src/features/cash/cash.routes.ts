import { adminCashList, adminCashReview, walletCashCreate, walletCashList } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Route } from '../../platform/http/router.js';
import type { CashService } from './cash.service.js';

/** Mounts the withdrawal calls; applying needs `cash.create`, the backAdmin ones are `admin` (-4002 otherwise). */
export function registerCashRoutes(route: Route, cash: CashService, gate: Gate): void {
  const signedIn = { auth: 'required' as const, payExempt: true };
  const admin = { admin: true };
  route(walletCashCreate, signedIn, async (input, { actor }) => {
    gate.authorize(actor, 'cash.create');
    return cash.apply(actor, input);
  });
  route(walletCashList, signedIn, async (input, { actor }) =>
    cash.mine(actor, input.page, input.perPage, input.cashStatus),
  );
  route(adminCashList, admin, async (input) => cash.all(input));
  route(adminCashReview, admin, async (input, { actor }) => cash.review(actor, input));
}
