import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Code, type CurrentUser } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { Db } from '../../platform/db/db.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import { pick, type Lang } from '../../platform/http/lang.js';
import type { GroupsService } from '../groups/index.js';
import { presentCurrentUser } from './users.presenter.js';
import * as repo from './users.repository.js';
import type { UsersService } from './users.service.js';

/** Where avatars live in the uploads storage. */
const AVATAR_DIR = 'avatars';
/** Avatars are stored square at this size. */
const AVATAR_PX = 256;
/** Largest avatar upload accepted (before re-encoding). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The storage an avatar goes to (the attachments' storage). */
export interface AvatarStorage {
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** The direct public URL (a CDN before the object store), or null to serve through the API. */
  url(key: string): string | null;
}

/** An avatar's file name in a stored avatar address (ours: the API's path or the store's public URL). */
const AVATAR_FILE = /\/(?:avatar|avatars)\/(\d+-[0-9a-f]{12}\.png)$/;

/** What `users/update.user` may change. */
export interface AccountChanges {
  nickname?: string;
  signature?: string;
  password?: string;
  newPassword?: string;
}

/**
 * A member's own account (issue 9 §4): nickname and signature through the stop words, a password change that
 * needs the current one and ends every other session, an avatar re-encoded square (nothing of the upload but
 * its pixels is kept).
 */
export class UsersAccount {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
    private readonly storage: AvatarStorage,
  ) {}

  /** `users/update.user`. */
  async update(actor: Actor, changes: AccountChanges, lang: Lang): Promise<CurrentUser> {
    const me = actor.userId!;
    const user = await repo.findUserById(this.db, me);
    if (!user) throw notFound();
    const patch: Parameters<typeof repo.updateUser>[2] = {};
    if (changes.nickname !== undefined) {
      this.users.censorText('nickname', changes.nickname);
      patch.nickname = changes.nickname;
    }
    if (changes.signature !== undefined) {
      const signature = changes.signature.trim();
      if (signature) this.users.censorText('signature', signature);
      patch.signature = signature;
    }
    if (changes.newPassword !== undefined) {
      if (user.passwordHash && !(await verifyPassword(user.passwordHash, changes.password ?? ''))) {
        throw new AppError(
          Code.WRONG_CREDENTIALS,
          pick(lang, { zh: '当前密码不正确', en: 'The current password is wrong' }),
        );
      }
      if (changes.password === changes.newPassword) {
        throw new AppError(
          Code.SAME_PASSWORD,
          pick(lang, { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' }),
        );
      }
      this.users.checkNewPassword(changes.newPassword, lang);
      patch.passwordHash = await hashPassword(changes.newPassword);
    }
    if (!Object.keys(patch).length) throw invalid('nothing to change');
    const updated = await repo.updateUser(this.db, me, patch);
    if (!updated) throw notFound();
    this.users.forgetCurrent(me);
    // A new password ends the other sessions (a stolen one stops working); this one stays.
    if (patch.passwordHash) await this.users.revokeOtherSessions(me, actor.tokenId);
    return presentCurrentUser(updated, this.groups.group(actor.groupId));
  }

  /** `users/avatar`: any image sharp reads, cropped to its centre square and stored as PNG at 256 px. */
  async setAvatar(actor: Actor, data: Buffer): Promise<CurrentUser> {
    const me = actor.userId!;
    let png: Buffer;
    // Loaded on first use, as for attachments (processImage): libvips is memory a quiet site never needs.
    const { default: sharp } = await import('sharp');
    try {
      png = await sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(AVATAR_PX, AVATAR_PX, { fit: 'cover', position: 'centre' })
        .png()
        .toBuffer();
    } catch {
      throw invalid('avatar: not an image');
    }
    const file = `${me}-${randomBytes(6).toString('hex')}.png`;
    const key = `${AVATAR_DIR}/${file}`;
    await this.storage.put(key, png, 'image/png');
    const before = await repo.findUserById(this.db, me);
    // A CDN in front of the store serves avatars directly; without one, every instance streams it from the store.
    const avatar = this.storage.url(key) ?? `/api/v3/users/avatar/${file}`;
    const updated = await repo.updateUser(this.db, me, { avatar });
    if (!updated) throw notFound();
    // The old file goes once the row points at the new one (only our own: a WeChat avatar URL is not a file here).
    const old = this.ownAvatarFile(before?.avatar ?? '');
    if (old) await this.storage.delete(`${AVATAR_DIR}/${old}`).catch(() => {});
    this.users.forgetCurrent(me);
    return presentCurrentUser(updated, this.groups.group(actor.groupId));
  }

  /** The file name of an avatar address this server made, or null (another site's picture, none). */
  private ownAvatarFile(address: string): string | null {
    const file = AVATAR_FILE.exec(address)?.[1];
    if (!file) return null;
    const key = `${AVATAR_DIR}/${file}`;
    return address === `/api/v3/users/avatar/${file}` || address === this.storage.url(key) ? file : null;
  }

  /** The direct URL of an avatar when the store has one (the API redirects there), else null. */
  avatarUrl(file: string): string | null {
    if (!/^\d+-[0-9a-f]{12}\.png$/.test(file)) throw notFound();
    return this.storage.url(`${AVATAR_DIR}/${file}`);
  }

  /** An avatar file by name (public: avatars show to everyone who sees the user). */
  async openAvatar(file: string): Promise<Readable> {
    if (!/^\d+-[0-9a-f]{12}\.png$/.test(file)) throw notFound();
    const stream = await this.storage.get(`${AVATAR_DIR}/${file}`);
    if (!stream) throw notFound();
    return stream;
  }
}
