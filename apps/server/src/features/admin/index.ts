import type { Database } from '../../platform/db/db.js';
import type { AttachmentStorage } from '../attachments/index.js';
import type { AdminAudit, Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import type { UsersService } from '../users/index.js';
import { insertAdminAction } from './admin.repository.js';
import { registerAdminRoutes } from './admin.routes.js';
import { GroupsAdmin } from './groups-admin.service.js';
import { SettingsAdmin } from './settings-admin.service.js';
import { isSecretKey } from './settings-rules.js';

/** Admin feature: settings, site pictures and info, groups and permissions, the action log (issue 10). */
export { adminActions } from './admin.table.js';

/** Masks secrets in a logged input (a setting whose key names a secret, password fields). */
function redact(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(redact);
  if (!input || typeof input !== 'object') return input;
  const o = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = /password/i.test(k) ? '******' : redact(v);
  if (typeof o.key === 'string' && isSecretKey(o.key) && 'value' in o) out.value = '******';
  return out;
}

/** Mounts the admin calls and installs the action log every admin write goes to. */
export function mountAdmin(ctx: {
  route: Route;
  database: Database;
  settings: SettingsService;
  groups: GroupsService;
  users: UsersService;
  adminAudit: { record?: AdminAudit };
  config: { redisUrl: string | undefined };
  storage: AttachmentStorage;
  version: string;
}): void {
  const db = ctx.database.db;
  ctx.adminAudit.record = async ({ actor, path, input, ip }) => {
    await insertAdminAction(db, {
      userId: actor.userId ?? 0,
      path,
      input: (redact(input) ?? {}) as object,
      ip,
    });
  };
  registerAdminRoutes(ctx.route, {
    db,
    settings: new SettingsAdmin(db, ctx.settings, ctx.version, !!ctx.config.redisUrl),
    groups: new GroupsAdmin(db, ctx.groups, ctx.users),
    files: ctx.storage,
  });
}
