import type { Route } from '../../platform/http/router.js';

/** Profiles feature: a member as others see them (issue 9 §3–4). The people work fills this in. */
export function mountProfiles(ctx: { route: Route }): void {
  void ctx;
}
