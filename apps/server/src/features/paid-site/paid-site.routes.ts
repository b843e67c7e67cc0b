import { upgradeGroup } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { PaidGroupsService } from './paid-groups.service.js';

/** Mounts `upgrade.group` (the `/my/upgrade` page's list). */
export function registerPaidSiteRoutes(route: Route, paidGroups: PaidGroupsService): void {
  route(upgradeGroup, { auth: 'required' }, async (_input, { actor }) => paidGroups.list(actor));
}
