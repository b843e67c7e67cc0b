import { viewerOverlay, type ForumData } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Route } from '../../platform/http/router.js';
import type { PageOverlays } from '../../platform/web/page-overlay.js';
import { registerOverlayRoutes, type OverlayOf } from './overlay.routes.js';
import { overlayIds, ViewerOverlay } from './overlay.service.js';
import type { OverlayContent } from './threads.port.js';

/** Viewer overlay: a member's own view of the threads and replies a page their group shares lists. */
export type {
  OverlayContent,
  OverlayLists,
  OverlayPage,
  OverlayThreads,
  OverlayViewer,
} from './threads.port.js';

/**
 * Mounts `viewer.overlay` and gives group pages their members' overlays inline. Threads mounts it with its
 * content (threads/overlay.wiring.ts).
 */
export function mountOverlay(ctx: {
  route: Route;
  pageOverlays: PageOverlays;
  users: {
    currentUser(actor: Actor): Promise<ForumData['user']>;
    /** The current user when cached (no query), else undefined. */
    peekCurrentUser?(actor: Actor): ForumData['user'] | undefined;
  };
  content: OverlayContent;
}): void {
  const overlay = new ViewerOverlay(ctx.content);
  // A member's overlay: their user record and their kept part, as one JSON text when someone needs it.
  const source = (user: ForumData['user'], own: string) => ({
    parts: [user, own],
    json: () => `{"user":${JSON.stringify(user)},${own}}`,
  });
  const overlayOf: OverlayOf = async (actor, threadIds, postIds, lang, changedOnly) => {
    const [user, own] = await Promise.all([
      actor.isGuest ? null : ctx.users.currentUser(actor),
      overlay.text(actor, threadIds, postIds, lang, changedOnly),
    ]);
    return source(user, own);
  };
  registerOverlayRoutes(ctx.route, { overlayOf });
  // A member's group page carries their overlay inline: the same one, for the ids the page lists (a page
  // names the same address for every member, so its parse is remembered).
  const asked = new Map<string, { threadIds: number[]; postIds: number[]; ids: string }>();
  ctx.pageOverlays.provide(
    (actor, query, lang) => {
      let input = asked.get(query);
      if (!input) {
        const { threadIds = [], postIds = [] } = viewerOverlay.input.parse(
          Object.fromEntries(new URLSearchParams(query)),
        );
        input = { threadIds, postIds, ids: overlayIds(threadIds, postIds) };
        if (asked.size >= 1_000) asked.clear();
        asked.set(query, input);
      }
      // The page holds the group's copy of every item: only what differs for the member travels with it.
      return overlayOf(actor, input.threadIds, input.postIds, lang, true);
    },
    // The same, from what is kept, when all of it is (pages' fast path); it holds while the member's record
    // and text are the ones kept (a connection's next page sends the same reply again until then).
    (actor, query, lang) => {
      const input = asked.get(query);
      const user = input && ctx.users.peekCurrentUser?.(actor);
      if (!input || user === undefined) return null;
      const own = overlay.peekText(actor, input.ids, lang, true);
      if (own === undefined) return null;
      const holds = () => own.holds() && ctx.users.peekCurrentUser?.(actor) === user;
      return { ...source(user, own.value), holds };
    },
  );
}
