import type { Gate } from '../../platform/access/gate.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import type { UsersService } from '../users/index.js';
import { followeeIds, hasBlocked, relationsOf } from './follows.repository.js';
export { blockedEitherWay, blockersOf, hasBlocked, relationsOf } from './follows.repository.js';
import { registerFollowsRoutes } from './follows.routes.js';
import { FollowsService, type FollowNotice } from './follows.service.js';

/** Follows feature: follow, unfollow, fans, blocks (reference §1.6). */
export { userFollow, denyUsers } from './follows.table.js';

/** Mounts follows and blocks; returns the followed-ids lookup the home page's followed tab needs. */
export function mountFollows(ctx: {
  database: Database;
  gate: Gate;
  groups: GroupsService;
  route: Route;
  users: UsersService;
}): {
  followees: (userId: number) => Promise<number[]>;
  /** Plug in the notifications feature: a new follow tells the followed. */
  setNotifier(notifier: { send(notices: FollowNotice[]): Promise<unknown> }): void;
} {
  const db = ctx.database.db;
  const service = new FollowsService(db, ctx.gate, ctx.groups);
  registerFollowsRoutes(ctx.route, service);
  ctx.users.relations = async (viewerId, userId) => {
    const [rel, denied] = await Promise.all([
      relationsOf(db, viewerId, [userId]),
      hasBlocked(db, userId, viewerId),
    ]);
    return { ...(rel.get(userId) ?? { follow: 0 as const, isDeny: false }), isDenied: denied };
  };
  ctx.users.relationsOf = (viewerId, ids) => relationsOf(db, viewerId, ids);
  return {
    followees: (userId) => followeeIds(db, userId),
    setNotifier: (notifier) => {
      service.notify = async (notices) => {
        await notifier.send(notices).catch(() => {});
      };
    },
  };
}
