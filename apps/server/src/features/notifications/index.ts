/** Notifications feature (reference §1.8). */
export { notifications, notificationTpls } from './notifications.table.js';
export { unreadCounts } from './unread.repository.js';
