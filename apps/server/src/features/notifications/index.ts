import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import { registerNotificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';
import { Notifier } from './notifier.js';
import { seedTemplates } from './templates.js';
import { registerTemplateAdminRoutes } from './templates-admin.js';
import { reloadOnBus } from '../../platform/cache/reload-on-bus.js';

/** Notifications feature: per-recipient notifications from templates (reference §1.8). */
export { notifications, notificationTpls } from './notifications.table.js';
export {
  Notifier,
  SENDER_MARKS,
  type Localized,
  type MarkedNotification,
  type Notice,
  type Notify,
} from './notifier.js';
export { TEMPLATE_EVENTS } from './templates.js';
export { NOTIFICATION_EVENTS_SQL } from './notifications.repository.js';

/** Mounts the notification calls and seeds the templates; returns the notifier other features send with. */
export async function mountNotifications(ctx: {
  route: Route;
  database: Database;
  bus: Bus;
}): Promise<Notifier> {
  const db = ctx.database.db;
  await seedTemplates(db);
  registerNotificationsRoutes(ctx.route, new NotificationsService(db, ctx.bus));
  const notifier = new Notifier(db, ctx.bus);
  await notifier.reload();
  // An administrator's template edit reaches every instance's notifier.
  const sync = reloadOnBus(ctx.bus, 'notification-tpls.changed', () => {});
  sync.onChange(() => void notifier.reload());
  registerTemplateAdminRoutes(ctx.route, db, sync);
  return notifier;
}
