import {
  dialogCreate,
  dialogDelete,
  dialogList,
  dialogMessageCreate,
  dialogMessageList,
  dialogRead,
  dialogRecord,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { DialogsService } from './dialogs.service.js';

/**
 * Mounts the private-message calls (reference §1.7); every one is a member's own, and nothing a guest sees
 * changes with them, so a message keeps the guests' cached pages (a busy inbox would otherwise empty it).
 */
export function registerDialogsRoutes(route: Route, dialogs: DialogsService): void {
  const mine = { auth: 'required' as const, keepsGuestCache: true };
  route(dialogCreate, mine, async (input, { actor }) =>
    dialogs.sendTo(actor, input.recipientUserId, {
      messageText: input.messageText,
      attachmentId: input.attachmentId,
    }),
  );
  route(dialogMessageCreate, mine, async (input, { actor }) =>
    dialogs.sendIn(actor, input.dialogId, {
      messageText: input.messageText,
      attachmentId: input.attachmentId,
    }),
  );
  route(dialogList, mine, async (input, { actor }) => dialogs.list(actor, input.page, input.perPage));
  route(dialogMessageList, mine, async (input, { actor }) => dialogs.messages(actor, input));
  route(dialogRead, mine, async (input, { actor }) => dialogs.read(actor, input.dialogId));
  route(dialogDelete, mine, async (input, { actor }) => dialogs.remove(actor, input.id));
  route(dialogRecord, mine, async (input, { actor }) => dialogs.record(actor, input.userId));
}
