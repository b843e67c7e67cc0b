import { avatarFile, avatarUpload, updateUser } from '@forum/contracts';
import { readOneFile, sendPublicPng } from '../../platform/http/upload.js';
import type { Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import type { Database } from '../../platform/db/db.js';
import { AVATAR_MAX_BYTES, UsersAccount, type AvatarStorage } from './users-account.service.js';
import type { UsersService } from './users.service.js';

/** The member's own account calls (issue 9 §4): nickname, signature, password, avatar. */
export function mountUsersAccount(ctx: {
  route: Route;
  database: Database;
  users: UsersService;
  groups: GroupsService;
  storage: AvatarStorage;
}): UsersAccount {
  const account = new UsersAccount(ctx.database.db, ctx.users, ctx.groups, ctx.storage);
  // `users/*` calls are on the pay-mode whitelist (reference §1.10).
  const mine = { auth: 'required' as const, payExempt: true };
  ctx.route(updateUser, mine, async (input, { actor, lang }) => account.update(actor, input, lang));
  ctx.route(avatarUpload, mine, async (_input, { actor, req }) =>
    account.setAvatar(actor, (await readOneFile(req, AVATAR_MAX_BYTES, 'avatar')).data),
  );
  ctx.route(avatarFile, { keepsGuestCache: true, payExempt: true }, async (_input, { req, reply }) => {
    const file = (req.params as { file: string }).file;
    // An address saved before a CDN was set still works: it now points on to the CDN.
    const direct = account.avatarUrl(file);
    if (direct) {
      await reply.redirect(direct, 302);
      return null;
    }
    return sendPublicPng(reply, await account.openAvatar(file));
  });
  return account;
}
