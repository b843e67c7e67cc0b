import { TomId, type AttachmentItem } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { AppError, invalid } from '../../platform/http/errors.js';
import { AttachmentType, type AttachmentRow, type AttachmentsService } from '../attachments/index.js';
import { findPost, postVisibleTo, type FileBinding } from '../posts/index.js';
import { findUploads, type UploadRef } from './thread-files.repository.js';
import type { ThreadRow } from './threads.repository.js';
import { lockedTom, NO_PURCHASES, paidView, type PurchasesOf } from './paid.policy.js';

/** The block type each upload type belongs to in a thread's first post. */
const FILE_TOM_OF: Record<number, number> = {
  [AttachmentType.IMAGE]: TomId.IMAGE,
  [AttachmentType.AUDIO]: TomId.AUDIO,
  [AttachmentType.VIDEO]: TomId.VIDEO,
  [AttachmentType.FILE]: TomId.ATTACHMENT,
};

/** The upload types threads and replies use (message images belong to dialogs). */
export const POST_FILE_TYPES = [
  AttachmentType.FILE,
  AttachmentType.IMAGE,
  AttachmentType.AUDIO,
  AttachmentType.VIDEO,
] as const;

const TYPE_NAME: Record<number, string> = { 0: 'a file', 1: 'an image', 2: 'an audio file', 3: 'a video' };

/** Finds a thread the actor may see, throwing an AppError otherwise (the reader's `visibleThread`). */
export type VisibleThread = (actor: Actor, threadId: number) => Promise<ThreadRow>;

/**
 * Uploads used by threads and replies: checks and binds the ones content references (inside the write's
 * transaction), decides who may download a bound one, and presents them. Bound uploads point at a post id
 * (`attachments.type_id`): the first post for a thread's blocks, the reply for a reply's files.
 */
export class ThreadFiles {
  constructor(
    private readonly db: DbOrTx,
    private readonly gate: Gate,
    private readonly attachments: AttachmentsService,
    private readonly visibleThread: VisibleThread,
  ) {}

  /** What viewers bought (the paid-content feature plugs it in with the threads' deps). */
  purchases: PurchasesOf = NO_PURCHASES;

  /**
   * -4001 naming the problem unless every id is an existing upload of one of `types`, uploaded by the
   * author (any uploader when an administrator edits) and not used by another post; then binds them in order.
   */
  async bind(tx: Tx, actor: Actor, p: FileBinding): Promise<void> {
    const ids = [...new Set(p.ids)];
    if (!ids.length) return;
    const found = new Map((await findUploads(tx, ids)).map((r) => [r.id, r]));
    const byOwner = new Map<number, number[]>();
    for (const id of ids) {
      const r = found.get(id);
      this.check(r, id, actor, p);
      p.permit?.(r!.type);
      byOwner.set(r!.userId, [...(byOwner.get(r!.userId) ?? []), id]);
    }
    // bind() only takes one uploader's files; a concurrent write that bound one first leaves it out.
    for (const [owner, list] of byOwner) {
      const bound = await this.attachments.bind(tx, owner, list, p.postId);
      if (bound.length !== list.length) throw invalid(`${p.field}: an attachment is already used elsewhere`);
    }
  }

  private check(
    r: UploadRef | undefined,
    id: number,
    actor: Actor,
    p: { authorId: number; postId: number; types: readonly number[]; field: string },
  ): void {
    if (!r) throw invalid(`${p.field}: attachment ${id} does not exist`);
    if (!p.types.includes(r.type)) {
      throw invalid(`${p.field}: attachment ${id} is not ${p.types.map((t) => TYPE_NAME[t]).join(' or ')}`);
    }
    if (r.userId !== p.authorId && !actor.isAdmin) throw invalid(`${p.field}: attachment ${id} is not yours`);
    if (r.typeId !== null && r.typeId !== p.postId) {
      throw invalid(`${p.field}: attachment ${id} is already used elsewhere`);
    }
  }

  /** Deletes the files of purged posts inside the transaction; the returned function removes them after it. */
  purge(tx: Tx, postIds: number[]): Promise<() => Promise<void>> {
    return this.attachments.purgeFor(tx, [...POST_FILE_TYPES], postIds);
  }

  /**
   * The attachments feature's access check for bound thread and reply files: exactly the actors who may
   * see the post and its thread (uploaders and administrators pass before this is asked).
   */
  async canView(actor: Actor, row: AttachmentRow): Promise<boolean> {
    if (row.typeId === null) return false;
    const post = await findPost(this.db, row.typeId);
    if (!post || !postVisibleTo(actor, post)) return false;
    let thread: ThreadRow;
    try {
      thread = await this.visibleThread(actor, post.threadId);
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
    if (actor.userId === thread.userId) return true;
    if (post.isFirst && !(await this.paidFileOpen(actor, thread, row.type))) return false;
    const res = { categoryId: thread.categoryId };
    if (row.type === AttachmentType.FILE) return this.gate.can(actor, 'thread.downloadAttachment', res);
    if (row.type === AttachmentType.VIDEO) return this.gate.can(actor, 'thread.viewVideo', res);
    return true;
  }

  /** A paid thread's locked file is open to payers (and free viewers) only: the URL alone never reveals it. */
  private async paidFileOpen(actor: Actor, thread: ThreadRow, type: number): Promise<boolean> {
    const tom = FILE_TOM_OF[type];
    if (tom === undefined || !lockedTom(thread, String(tom))) return true;
    const bought =
      actor.userId == null
        ? undefined
        : (await this.purchases(this.db, actor.userId, [thread.id])).get(thread.id);
    return paidView(this.gate, actor, thread, bought).files;
  }

  /** Unlinks the post's uploads that are not in `keep` (an edit dropped them); returns the ids unlinked. */
  unlinkOthers(tx: Tx, postId: number, keep: number[]): Promise<number[]> {
    return this.attachments.unbindExcept(tx, postId, [...POST_FILE_TYPES], [...new Set(keep)]);
  }

  /** Files bound to these posts, presented with their download and thumbnail URLs, by attachment id. */
  async presentFor(db: DbOrTx, postIds: number[]): Promise<Map<number, AttachmentItem>> {
    const rows = await this.attachments.listFor(db, [...POST_FILE_TYPES], postIds);
    return new Map(rows.map((r) => [r.id, this.attachments.present(r)]));
  }
}
