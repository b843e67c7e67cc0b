import { viewerOverlay, type ForumData } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Route } from '../../platform/http/router.js';
import type { ThreadsOverlay } from './threads-overlay.service.js';

/** Mounts `viewer.overlay`: the person's own facts laid over a page their group shares. */
export function registerOverlayRoutes(
  route: Route,
  d: { overlay: ThreadsOverlay; currentUser: (actor: Actor) => Promise<ForumData['user']> },
): void {
  // A read that must never be shared: it is the per-person half of a shared page.
  route(viewerOverlay, {}, async (input, { actor, lang }) => {
    const [user, threads, posts] = await Promise.all([
      actor.isGuest ? null : d.currentUser(actor),
      d.overlay.threads(actor, input.threadIds ?? [], lang),
      d.overlay.replies(actor, input.postIds ?? []),
    ]);
    return { user, threads, posts };
  });
}
