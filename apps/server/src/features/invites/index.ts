import type { Gate } from '../../platform/access/gate.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import type { UsersService } from '../users/index.js';
import { registerInvitesRoutes } from './invites.routes.js';
import { InvitesService } from './invites.service.js';

/** Invites feature: admin links to a group, members' links with commission terms (issue 12 item 6). */
export { invites, userDistributions } from './invites.table.js';
export { distributionOf, type DistributionRow } from './invites.repository.js';
export { InvitesService } from './invites.service.js';

/** Mounts the invite calls and hooks invite codes into registration. */
export function mountInvites(ctx: {
  database: Database;
  route: Route;
  gate: Gate;
  groups: GroupsService;
  settings: SettingsService;
  users: UsersService;
}): InvitesService {
  const service = new InvitesService(ctx.database.db, ctx.gate, ctx.groups, ctx.settings);
  registerInvitesRoutes(ctx.route, service);
  ctx.users.invited = (tx, userId, code) => service.applyAtRegistration(tx, userId, code);
  return service;
}
