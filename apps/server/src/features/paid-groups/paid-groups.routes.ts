import { upgradeGroupList } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import { presentUpgradeGroup } from './paid-groups.presenter.js';

/** `upgrade.group`: the paid groups, read-only (buying one is the orders feature's). */
export function registerUpgradeGroupRoutes(route: Route, groups: GroupsService): void {
  route(upgradeGroupList, { auth: 'required' }, async (_input, { actor }) => {
    const current = groups.group(actor.groupId);
    return groups
      .all()
      .filter((g) => g.isPaid)
      .sort((a, b) => a.level - b.level || a.id - b.id)
      .map((g) => presentUpgradeGroup(g, current));
  });
}
