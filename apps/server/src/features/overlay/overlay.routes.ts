import { viewerOverlay } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { RawJson } from '../../platform/http/envelope.js';
import type { Lang } from '../../platform/http/lang.js';
import type { Route } from '../../platform/http/router.js';
import type { OverlaySource } from '../../platform/web/page-overlay.js';

/**
 * Makes a viewer's overlay for some threads and replies; `changedOnly` (the one a shared page carries inline)
 * leaves out the items that look the same to the viewer as to their group.
 */
export type OverlayOf = (
  actor: Actor,
  threadIds: number[],
  postIds: number[],
  lang: Lang,
  changedOnly?: boolean,
) => Promise<OverlaySource>;

/** Mounts `viewer.overlay`: the person's own facts laid over a page their group shares. */
export function registerOverlayRoutes(route: Route, d: { overlayOf: OverlayOf }): void {
  // Never shared between people: it is the per-person half of a shared page. But it changes only by writes,
  // so a member's copy is kept gzip for them (memberCache): a page that asks for its overlay gets a few KB
  // compressed once, not ~20 KB of JSON made and sent plain on every request.
  route(
    viewerOverlay,
    { memberCache: true },
    async (input, { actor, lang }) =>
      new RawJson((await d.overlayOf(actor, input.threadIds ?? [], input.postIds ?? [], lang)).json()),
  );
}
