import type { Route } from '../../platform/http/router.js';

/** The member's own account calls (issue 9 §4: nickname, signature, password, avatar). Filled in by the personal-centre work. */
export function mountUsersAccount(ctx: { route: Route }): void {
  void ctx;
}
