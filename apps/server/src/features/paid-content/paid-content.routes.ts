import { purchasesList } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { PurchasesService } from './paid-content.service.js';

/** Mounts the paid-content reads (buying goes through order.create and trade/pay/order). */
export function registerPaidContentRoutes(route: Route, purchases: PurchasesService): void {
  route(purchasesList, { auth: 'required' }, async ({ page, perPage }, { actor }) =>
    purchases.mine(actor, page, perPage),
  );
}
