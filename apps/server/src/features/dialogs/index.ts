import type { FastifyInstance } from 'fastify';
import type { Gate } from '../../platform/access/gate.js';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/db.js';
import type { AttachmentStorage } from '../attachments/index.js';
import type { Route } from '../../platform/http/router.js';
import { AttachmentType, attachmentsOf } from '../attachments/index.js';
import type { GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import type { StopWordsService } from '../stop-words/index.js';
import { dialogOfMessage } from './dialogs.repository.js';
import { registerDialogsRoutes } from './dialogs.routes.js';
import { DialogsService } from './dialogs.service.js';

/** Private messages feature (reference §1.7). */
export { dialogs, dialogMessages } from './dialogs.table.js';

/** Mounts private messages (issue 9 §5); message images are visible to the dialog's two sides only. */
export function mountDialogs(ctx: {
  app: FastifyInstance;
  route: Route;
  database: Database;
  bus: Bus;
  gate: Gate;
  groups: GroupsService;
  settings: SettingsService;
  storage: AttachmentStorage;
  stopWords: StopWordsService;
}): DialogsService {
  const db = ctx.database.db;
  const files = attachmentsOf(ctx);
  const service = new DialogsService(db, ctx.bus, ctx.gate, ctx.groups, ctx.stopWords, files);
  files.setAccessCheck(
    async (actor, row) => service.canSeeImage(actor, await dialogOfMessage(db, row.typeId!)),
    [AttachmentType.MESSAGE_IMAGE],
  );
  registerDialogsRoutes(ctx.route, service);
  return service;
}
