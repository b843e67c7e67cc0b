import type { Gate } from '../../platform/access/gate.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import { followeeIds } from './follows.repository.js';
export { blockedEitherWay, blockersOf, relationsOf } from './follows.repository.js';
import { registerFollowsRoutes } from './follows.routes.js';
import { FollowsService } from './follows.service.js';

/** Follows feature: follow, unfollow, fans, blocks (reference §1.6). */
export { userFollow, denyUsers } from './follows.table.js';

/** Mounts follows and blocks; returns the followed-ids lookup the home page's followed tab needs. */
export function mountFollows(ctx: { database: Database; gate: Gate; groups: GroupsService; route: Route }): {
  followees: (userId: number) => Promise<number[]>;
} {
  const db = ctx.database.db;
  registerFollowsRoutes(ctx.route, new FollowsService(db, ctx.gate, ctx.groups));
  return { followees: (userId) => followeeIds(db, userId) };
}
