import path from 'node:path';
import { avatarFile, avatarUpload, Code, updateUser } from '@forum/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import type { GroupsService } from '../groups/index.js';
import type { Database } from '../../platform/db/db.js';
import { LocalStorage } from '../attachments/index.js';
import { AVATAR_MAX_BYTES, UsersAccount, type AvatarStorage } from './users-account.service.js';
import type { UsersService } from './users.service.js';

async function readImage(req: FastifyRequest): Promise<Buffer> {
  let part;
  try {
    part = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  } catch {
    throw invalid('avatar: expected multipart/form-data with a file');
  }
  if (!part) throw invalid('avatar: a file is required');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        Code.INVALID_PARAMETER,
        'avatar: the file is too large',
        { maxBytes: AVATAR_MAX_BYTES },
        413,
      );
    }
    throw invalid('avatar: the upload was interrupted');
  }
}

/** The member's own account calls (issue 9 §4): nickname, signature, password, avatar. */
export function mountUsersAccount(ctx: {
  route: Route;
  database: Database;
  users: UsersService;
  groups: GroupsService;
  config: { dataDir: string };
  storage?: AvatarStorage;
}): UsersAccount {
  const storage = ctx.storage ?? new LocalStorage(path.join(ctx.config.dataDir, 'uploads'));
  const account = new UsersAccount(ctx.database.db, ctx.users, ctx.groups, storage);
  const mine = { auth: 'required' as const };
  ctx.route(updateUser, mine, async (input, { actor, lang }) => account.update(actor, input, lang));
  ctx.route(avatarUpload, mine, async (_input, { actor, req }) =>
    account.setAvatar(actor, await readImage(req)),
  );
  ctx.route(avatarFile, { keepsGuestCache: true }, async (_input, { req, reply }) => {
    const { file } = req.params as { file: string };
    const stream = await account.openAvatar(file);
    reply
      .header('content-type', 'image/png')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin');
    await reply.send(stream);
    return null;
  });
  return account;
}
