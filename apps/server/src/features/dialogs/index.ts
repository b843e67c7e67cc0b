import type { Route } from '../../platform/http/router.js';
/** Private messages feature (reference §1.7). */
export { dialogs, dialogMessages } from './dialogs.table.js';

/** Mounts private messages (issue 9 §5). The private-messages work fills this in. */
export function mountDialogs(ctx: { route: Route }): void {
  void ctx;
}
