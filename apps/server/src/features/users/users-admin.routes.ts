import {
  adminAvatarDelete,
  adminUserDetail,
  adminUsersExamine,
  adminUsersExport,
  adminUsersList,
  adminUserUpdate,
} from '@forum/contracts';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import { UsersAdmin } from './users-admin.service.js';
import type { UsersService } from './users.service.js';

/** Mounts the administrator's user calls (issue 10 §3); -4002 for anyone else. */
export function mountUsersAdmin(ctx: {
  route: Route;
  database: Database;
  users: UsersService;
  groups: GroupsService;
}): UsersAdmin {
  const admin = new UsersAdmin(ctx.database.db, ctx.users, ctx.groups);
  const only = { admin: true };
  ctx.route(adminUsersList, only, async (input) => admin.list(input.filter, input.page, input.perPage));
  ctx.route(adminUserDetail, only, async (input) => admin.detail(input.userId));
  ctx.route(adminUserUpdate, only, async (input, { actor }) => admin.update(actor.userId!, input));
  ctx.route(adminUsersExamine, only, async (input) => ({ done: await admin.examine(input.data) }));
  ctx.route(adminAvatarDelete, only, async (input) => admin.removeAvatar(input.userId));
  ctx.route(adminUsersExport, only, async (input, { reply }) => {
    const text = await admin.csv(input.filter);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="users.csv"')
      .send(text);
    return null;
  });
  return admin;
}
