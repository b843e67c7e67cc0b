import {
  adminOrderLogs,
  adminWalletLogs,
  adminStatisticFinance,
  adminStatisticFinanceChart,
  statisticFinance,
  statisticFinanceChart,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { FinanceService } from './finance.service.js';
import type { RecordsService } from './records.service.js';

/**
 * Mounts the finance statistics under both names (spec §7 and the reference's backAdmin) and the fund and
 * order records; administrators only.
 */
export function registerFinanceRoutes(route: Route, finance: FinanceService, records: RecordsService): void {
  const admin = { admin: true };
  for (const call of [statisticFinance, adminStatisticFinance])
    route(call, admin, async () => finance.totals());
  for (const call of [statisticFinanceChart, adminStatisticFinanceChart]) {
    route(call, admin, async (input) => finance.chart(input.type, input.createdAtBegin, input.createdAtEnd));
  }
  route(adminWalletLogs, admin, async (input) => records.funds(input));
  route(adminOrderLogs, admin, async (input) => records.orders(input));
}
