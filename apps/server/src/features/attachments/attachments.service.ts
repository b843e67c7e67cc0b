import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Code, type AttachmentItem } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, DbOrTx } from '../../platform/db/db.js';
import { AppError, forbidden, invalid, notFound } from '../../platform/http/errors.js';
import type { SettingsService } from '../settings/index.js';
import {
  AUDIO_EXT,
  AttachmentType,
  VIDEO_EXT,
  cleanFileName,
  extensionOf,
  processImage,
  sniff,
} from './attachments.files.js';
import {
  attachmentByUuid,
  attachmentsOf,
  bindAttachments,
  claimDownload,
  deleteAttachmentsOf,
  insertAttachment,
  unbindAttachments,
  type AttachmentRow,
} from './attachments.repository.js';
import type { AttachmentStorage } from './attachments.storage.js';
import { SIGNED_URL_SECONDS } from './storage-config.js';

/** Decides whether an actor may see an attachment that is bound to something (a post, a message). */
export type AttachmentAccessCheck = (actor: Actor, attachment: AttachmentRow) => boolean | Promise<boolean>;

/** The permission each upload type needs (spec §6 insert* names; message images follow dialogs). */
const PERMISSION: Record<number, string> = {
  [AttachmentType.FILE]: 'thread.insertAttachment',
  [AttachmentType.IMAGE]: 'thread.insertImage',
  [AttachmentType.AUDIO]: 'thread.insertAudio',
  [AttachmentType.VIDEO]: 'thread.insertVideo',
  [AttachmentType.MESSAGE_IMAGE]: 'dialog.create',
};

const list = (csv: string) =>
  csv
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

const orDefault = (set: string[], fallback: string[]) => (set.length ? set : fallback);

/** Uploads, storage and access for attachments (reference §1.16). */
export class AttachmentsService {
  private readonly checks = new Map<number, AttachmentAccessCheck>();

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly gate: Gate,
    private readonly storage: AttachmentStorage,
  ) {}

  /**
   * Sets who may see bound attachments of these types (threads: 0–3; dialogs: 4). Until a check is set,
   * a bound attachment is served only to its uploader and admins: failing closed beats leaking.
   */
  setAccessCheck(fn: AttachmentAccessCheck, types: readonly number[] = [0, 1, 2, 3]): void {
    for (const t of types) this.checks.set(t, fn);
  }

  /** Upload size limit in bytes (`support_max_size`, in MB). */
  maxBytes(): number {
    return Math.max(1, this.settings.int('support_max_size', 5)) * 1024 * 1024;
  }

  /** Extensions accepted for an upload type. */
  extensionsFor(type: number): string[] {
    if (type === AttachmentType.IMAGE || type === AttachmentType.MESSAGE_IMAGE)
      return list(this.settings.get('support_img_ext'));
    // Audio and video follow `support_audio_ext` / `support_video_ext` when the site sets them; unset, the
    // formats browsers play. Only extensions the magic-byte check knows can ever pass `sniff`.
    if (type === AttachmentType.AUDIO)
      return orDefault(list(this.settings.get('support_audio_ext')), AUDIO_EXT);
    if (type === AttachmentType.VIDEO)
      return orDefault(list(this.settings.get('support_video_ext')), VIDEO_EXT);
    return list(this.settings.get('support_file_ext'));
  }

  /** Throws -4002 unless the actor may upload this type anywhere. */
  authorizeUpload(actor: Actor, type: number): void {
    const permission = PERMISSION[type];
    if (!permission || actor.isGuest || !this.gate.canAnywhere(actor, permission)) throw forbidden();
  }

  /** Checks, re-encodes (images) and stores one upload under a server-made name; returns the row. */
  async upload(actor: Actor, type: number, originalName: string, data: Buffer): Promise<AttachmentRow> {
    this.authorizeUpload(actor, type);
    return this.store(actor, type, originalName, data);
  }

  /**
   * `upload` without the group's upload permission, for callers that authorised the upload by their own rule
   * (a sign-in answer: any account asked to answer an image or file field). Same checks of the file itself.
   */
  async store(actor: Actor, type: number, originalName: string, data: Buffer): Promise<AttachmentRow> {
    if (actor.userId == null) throw forbidden();
    const fileName = cleanFileName(originalName);
    const ext = extensionOf(fileName);
    if (!ext || !this.extensionsFor(type).includes(ext))
      throw invalid(`file type .${ext || '?'} is not allowed`);
    if (data.length === 0) throw invalid('the file is empty');
    if (data.length > this.maxBytes()) throw invalid('the file is too large');
    let mime = await sniff(data, ext);
    let body = data;
    let thumb: Buffer | null = null;
    let storedExt = ext;
    let width = 0;
    let height = 0;
    if (type === AttachmentType.IMAGE || type === AttachmentType.MESSAGE_IMAGE) {
      const image = await processImage(data, ext);
      ({ data: body, thumb, mime, width, height } = image);
      storedExt = image.ext;
    }
    const uuid = randomUUID();
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
    const filePath = `${day}/${uuid}.${storedExt}`;
    const thumbPath = thumb ? `${day}/${uuid}_thumb.${storedExt}` : '';
    await this.storage.put(filePath, body, mime);
    if (thumb) await this.storage.put(thumbPath, thumb, mime);
    try {
      return await insertAttachment(this.db, {
        uuid,
        userId: actor.userId!,
        type,
        filePath,
        thumbPath,
        fileName,
        fileSize: body.length,
        fileType: mime,
        width,
        height,
      });
    } catch (err) {
      await Promise.allSettled([
        this.storage.delete(filePath),
        thumbPath ? this.storage.delete(thumbPath) : null,
      ]);
      throw err;
    }
  }

  /** True when the actor may see this attachment. */
  async canView(actor: Actor, row: AttachmentRow): Promise<boolean> {
    if (actor.isAdmin || (actor.userId !== null && actor.userId === row.userId)) return true;
    if (row.typeId === null || row.isApproved !== 1) return false;
    const check = this.checks.get(row.type);
    return check ? await check(actor, row) : false;
  }

  /**
   * The storage key of an attachment (or its thumbnail) for an actor who may see it, the download counted;
   * -4004 otherwise (no existence leak).
   */
  async locate(actor: Actor, uuid: string, thumb: boolean): Promise<{ row: AttachmentRow; key: string }> {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw notFound();
    const row = await attachmentByUuid(this.db, uuid);
    if (!row || !(await this.canView(actor, row))) throw notFound();
    if (!thumb) await this.countDownload(actor, row);
    return { row, key: thumb && row.thumbPath ? row.thumbPath : row.filePath };
  }

  /** Opens an attachment (or its thumbnail) for an actor who may see it; -4004 otherwise (no existence leak). */
  async open(actor: Actor, uuid: string, thumb: boolean): Promise<{ row: AttachmentRow; stream: Readable }> {
    const { row, key } = await this.locate(actor, uuid, thumb);
    const stream = await this.storage.get(key);
    if (!stream) throw notFound();
    return { row, stream };
  }

  /**
   * A short-lived signed URL to a located file (only ever made after `locate`'s check), answering with the
   * file's type and disposition; null when the store cannot sign (local disk: the API streams it).
   */
  signedUrl(row: AttachmentRow, key: string, contentDisposition: string): Promise<string | null> {
    return this.storage.signedUrl(key, {
      expiresIn: SIGNED_URL_SECONDS,
      contentType: row.fileType,
      contentDisposition,
    });
  }

  /** The bytes of a located file, or -4004 when the store has lost them. */
  async stream(key: string): Promise<Readable> {
    const stream = await this.storage.get(key);
    if (!stream) throw notFound();
    return stream;
  }

  /**
   * `support_max_download_num`: members other than the uploader and administrators download at most that
   * many files (type 0) a day; -7083 past it. Images and media shown in pages are not downloads.
   */
  private async countDownload(actor: Actor, row: AttachmentRow): Promise<void> {
    const limit = this.settings.int('support_max_download_num', 0);
    if (row.type !== AttachmentType.FILE || limit <= 0 || actor.userId == null) return;
    if (actor.isAdmin || actor.userId === row.userId) return;
    if (!(await claimDownload(this.db, actor.userId, limit))) throw new AppError(Code.DOWNLOAD_LIMIT);
  }

  /** An attachment by its uuid (any state), or null. */
  byUuid(uuid: string): Promise<AttachmentRow | null> {
    return /^[0-9a-f-]{36}$/i.test(uuid) ? attachmentByUuid(this.db, uuid) : Promise.resolve(null);
  }

  /** Binds the user's uploads (ids in display order) to a post or message inside the caller's transaction. */
  bind(tx: DbOrTx, userId: number, ids: number[], typeId: number): Promise<number[]> {
    return bindAttachments(tx, userId, ids, typeId);
  }

  /**
   * Unbinds the owner's attachments of these types that are not in `keep` (inside the caller's transaction):
   * they become orphans again, served to their uploader and administrators only. Returns the ids unbound.
   */
  unbindExcept(tx: DbOrTx, typeId: number, types: number[], keep: number[]): Promise<number[]> {
    return unbindAttachments(tx, typeId, types, keep);
  }

  /**
   * Deletes the attachment rows of these posts or messages inside the caller's transaction; returns a
   * function that removes their files, to call after the commit (a rolled-back purge keeps its files).
   */
  async purgeFor(tx: DbOrTx, types: number[], typeIds: number[]): Promise<() => Promise<void>> {
    const keys = await deleteAttachmentsOf(tx, types, typeIds);
    return async () => {
      await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => {})));
    };
  }

  /** Attachments of these posts or messages, ordered (for presenters). */
  listFor(db: DbOrTx, types: number[], typeIds: number[]): Promise<AttachmentRow[]> {
    return attachmentsOf(db, types, typeIds);
  }

  /**
   * The client view of an attachment. Its URLs are always the API's, never the store's: every download passes
   * the access check (paid, private, unbound) before it is streamed or redirected to a signed URL.
   */
  present(row: AttachmentRow): AttachmentItem {
    const url = `/api/v3/attachments/${row.uuid}`;
    const thumbUrl = row.thumbPath ? `${url}?thumb=1` : url;
    return {
      id: row.id,
      uuid: row.uuid,
      type: row.type,
      typeId: row.typeId,
      order: row.order,
      url,
      thumbUrl,
      fileName: row.fileName,
      fileSize: row.fileSize,
      fileType: row.fileType,
      width: row.width,
      height: row.height,
      isApproved: row.isApproved,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
