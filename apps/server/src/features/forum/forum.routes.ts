import { forum } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { ForumService } from './forum.service.js';

/** Mounts GET /api/v3/forum (open to every status, so banned users can still read why). */
export function registerForumRoutes(
  route: Route,
  deps: { forum: ForumService; isInstalled: () => boolean },
): void {
  // Guests all get the same reply (no user, the guests' permissions): shared until the next write. A member's
  // (their user and permissions) is kept for them until a write.
  route(
    forum,
    { status: 'skip', siteClosedExempt: true, payExempt: true, guestCache: true, memberCache: true },
    async (_input, { actor }) => deps.forum.forum(actor, deps.isInstalled()),
  );
}
