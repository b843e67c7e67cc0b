import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import { FinanceService } from './finance.service.js';
import { registerFinanceRoutes } from './finance.routes.js';
import { RecordsService } from './records.service.js';

/** Finance statistics feature (issue 12 item 9): totals and series summed from the ledger and raw
 * tables, and the administrator's fund and order records. */
export function mountFinance(ctx: { database: Database; route: Route }): void {
  registerFinanceRoutes(ctx.route, new FinanceService(ctx.database.db), new RecordsService(ctx.database.db));
}
