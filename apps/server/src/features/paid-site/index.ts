import { OrderType } from '@forum/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/db.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import type { Notify } from '../notifications/index.js';
import type { OrderService } from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import type { UsersService } from '../users/index.js';
import { PaidGroupsService } from './paid-groups.service.js';
import { registerPaidSiteRoutes } from './paid-site.routes.js';
import { siteJoinKind } from './site-join.kind.js';

/** Paid site and paid groups (issue 12 item 5). The pay-mode gate itself is `payModeGuard`, set in the app. */
export { payModeGuard } from './paid-site.guard.js';
export { PaidGroupsService } from './paid-groups.service.js';
export { groupPaidUsers, groupUserMqs } from './paid-site.table.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Paid groups (tests and the CLI run the expiry job through it). */
    paidGroups: PaidGroupsService;
  }
}

/** How often the expiry job looks for lapsed groups. */
const EXPIRY_EVERY_MS = 60_000;

/** Registers order kinds 1, 8 and 4, mounts `upgrade.group` and starts the paid-group expiry job. */
export function mountPaidSite(ctx: {
  app: FastifyInstance;
  database: Database;
  route: Route;
  jobs: Jobs;
  groups: GroupsService;
  settings: SettingsService;
  users: UsersService;
  orders: OrderService;
  /** Members are told of their paid site and groups (bought, renewed, lapsed) and inviters of commission. */
  notify: Notify;
}): PaidGroupsService {
  // One member's cached sessions after their purchase; everyone's after the expiry job moved a batch.
  const changed = (userId?: number) => ctx.users.sessionsChanged(userId);
  const paidGroups = new PaidGroupsService(ctx.database.db, ctx.groups, ctx.settings, changed, ctx.notify);
  ctx.orders.registerKind(siteJoinKind(OrderType.REGISTER, ctx.settings, changed, ctx.notify));
  ctx.orders.registerKind(siteJoinKind(OrderType.RENEW, ctx.settings, changed, ctx.notify));
  ctx.orders.registerKind(paidGroups.kind());
  registerPaidSiteRoutes(ctx.route, paidGroups);
  // Once a minute across all instances (the job queue lets one run per period through).
  ctx.jobs.work('paid_group_expiry', () => paidGroups.expireDue());
  ctx.jobs.schedule('paid_group_expiry', { everyMs: EXPIRY_EVERY_MS });
  ctx.app.decorate('paidGroups', paidGroups);
  return paidGroups;
}
