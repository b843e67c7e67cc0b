import type { Route } from '../../platform/http/router.js';
/** Notifications feature (reference §1.8). */
export { notifications, notificationTpls } from './notifications.table.js';
export { unreadCounts } from './unread.repository.js';

/** Mounts notifications (issue 9 §6). The notifications work fills this in. */
export function mountNotifications(ctx: { route: Route }): void {
  void ctx;
}
