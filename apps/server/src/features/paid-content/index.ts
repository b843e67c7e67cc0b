import type { Bus } from '../../platform/cache/bus.js';
import type { GuestCache } from '../../platform/cache/guest-cache.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { PersonalPageRules } from '../../platform/web/page-key.js';
import type { Notify } from '../notifications/index.js';
import type { OrderService } from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import type { ThreadsFeature } from '../threads/index.js';
import { paidContentKinds } from './paid-content.kinds.js';
import { hasAnyPurchase, purchasesOf } from './paid-content.repository.js';
import { registerPaidContentRoutes } from './paid-content.routes.js';
import { PurchasesService } from './paid-content.service.js';
import { PurchaseFlags } from './purchase-flags.js';
import { threadSupporters } from './supporters.service.js';

/** Paid content (issue 12 item 3): paid threads and attachments, tips, the revenue split, my purchases, income notices. */
export { threadPurchases } from './paid-content.table.js';
export { inviterOf, type Inviter } from './inviters.js';
export { splitRevenue, type Split } from './revenue-split.js';
export { incomeNotices } from './income-notices.js';

/**
 * Registers the order kinds 2, 3 and 7, tells threads what viewers bought and who tipped or paid for a thread,
 * mounts `purchases.list`.
 */
export function mountPaidContent(ctx: {
  route: Route;
  database: Database;
  bus: Bus;
  settings: SettingsService;
  orders: OrderService;
  threads: ThreadsFeature;
  personalPages: PersonalPageRules;
  /** Dropped after a tip or a sale: the thread's counts and lists are public. */
  guestCache: GuestCache;
  /** Authors and inviters are told of each payment once it has committed. */
  notify: Notify;
}): void {
  // A group's shared page shows paid threads cut: a member who bought something gets pages rendered for them.
  // Asked on every member page: known per instance, told of each purchase (purchase-flags.ts).
  const flags = new PurchaseFlags(
    (userId) => hasAnyPurchase(ctx.database.db, userId),
    ctx.bus,
    // Every instance hears of a purchase: the buyer's kept answer about their pages goes.
    (userId) => ctx.personalPages.forget(userId),
  );
  for (const kind of paidContentKinds({ ...ctx, bought: (userId) => flags.bought(userId) }))
    ctx.orders.registerKind(kind);
  ctx.threads.setPurchases(purchasesOf);
  ctx.threads.setSupporters(threadSupporters(ctx.database.db));
  ctx.personalPages.add((actor) => flags.has(actor.userId));
  registerPaidContentRoutes(ctx.route, new PurchasesService(ctx.database.db));
}
