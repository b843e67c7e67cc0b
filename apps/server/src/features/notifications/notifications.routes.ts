import { notificationDelete, notificationList, unreadNotification } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { NotificationsService } from './notifications.service.js';

/** Mounts the notification calls (reference §1.8); all are a member's own, none changes what guests see. */
export function registerNotificationsRoutes(route: Route, service: NotificationsService): void {
  const mine = { auth: 'required' as const, keepsGuestCache: true };
  // On a paid site an unpaid member still reads (and by listing marks read) their own notifications.
  route(notificationList, { ...mine, payExempt: true }, async (input, { actor, lang }) =>
    service.list(actor.userId!, input.filter.type, input.page, input.perPage, lang),
  );
  route(notificationDelete, mine, async (input, { actor }) => ({
    deleted: await service.remove(actor.userId!, { id: input.id, types: input.type }),
  }));
  // Pending accounts see their counts too (the original's whitelist has `unreadnotification`).
  route(unreadNotification, { ...mine, status: 'allowPending', payExempt: true }, async (_input, { actor }) =>
    service.unread(actor.userId!),
  );
}
