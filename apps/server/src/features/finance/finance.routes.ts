import {
  adminStatisticFinance,
  adminStatisticFinanceChart,
  statisticFinance,
  statisticFinanceChart,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { FinanceService } from './finance.service.js';

/** Mounts the finance statistics under both names (spec §7 and the reference's backAdmin); administrators only. */
export function registerFinanceRoutes(route: Route, finance: FinanceService): void {
  const admin = { admin: true };
  for (const call of [statisticFinance, adminStatisticFinance])
    route(call, admin, async () => finance.totals());
  for (const call of [statisticFinanceChart, adminStatisticFinanceChart]) {
    route(call, admin, async (input) => finance.chart(input.type, input.createdAtBegin, input.createdAtEnd));
  }
}
