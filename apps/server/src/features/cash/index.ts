import type { Gate } from '../../platform/access/gate.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { SettingsService } from '../settings/index.js';
import type { Notifier } from '../notifications/index.js';
import type { Ledger } from '../wallet/index.js';
import { registerCashRoutes } from './cash.routes.js';
import { CashService } from './cash.service.js';

/** Withdrawals feature (issue 12 item 7): applications with the original's limits and their review. */
export { walletCash } from './cash.table.js';

/** Mounts the withdrawal calls; review results reach members through the notifier. */
export function mountCash(ctx: {
  database: Database;
  route: Route;
  gate: Gate;
  settings: SettingsService;
  ledger: Ledger;
  notifier: Notifier;
}): void {
  const cash = new CashService(ctx.database.db, ctx.ledger, (key) => ctx.settings.get(key, 'cash'));
  cash.notify = async (notices) => void (await ctx.notifier.send(notices));
  registerCashRoutes(ctx.route, cash, ctx.gate);
}
