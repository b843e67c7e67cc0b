import { TomId, audioBlockBody, goodsBlockBody, videoBlockBody, type AttachmentItem } from '@forum/contracts';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { invalid } from '../../platform/http/errors.js';

/** What a block type's hooks get while a thread is saved. */
export interface TomSaveContext {
  tx: Tx;
  threadId: number;
  /** The thread's first post: what its uploads are bound to. */
  postId: number;
  /** The thread's author (the actor may be a moderator editing it). */
  authorId: number;
  /** The block's key in `content.indexes` (for naming problems). */
  key: string;
  actor: Actor;
  /** The stored body of the same key before this edit, if any. */
  previous: unknown;
  /** The thread is a draft before this write (a new thread: it is created as one). */
  draft: boolean;
}

/** What a block type's hooks get while a thread is shown. */
export interface TomShowContext {
  db: DbOrTx;
  actor: Actor;
  threadId: number;
  /** Uploads bound to the thread's first post, presented, by attachment id (no query per block). */
  files: ReadonlyMap<number, AttachmentItem>;
}

/** One content block type ("tom"): built-in ones, the money issue's and plugins' register the same way. */
export interface TomType {
  /** The tom id as text: '101', '109', or a plugin's app id. */
  id: string;
  /** Shown in `thread.typelist`. */
  name: string;
  /** The insert permission checked in the thread's category (e.g. `thread.insertImage`). */
  permission?: string;
  /** At most this many blocks of this type per thread. */
  maxBlocks?: number;
  /** Listed in `thread.typelist` as a filter. */
  filterable?: boolean;
  /** Validates the client's body (first failing field becomes -4001). */
  schema: z.ZodType;
  /** Runs inside the thread write's transaction; returns what is stored (default: the parsed body). */
  save?(ctx: TomSaveContext, body: unknown): Promise<unknown>;
  /** Runs when the block is deleted or replaced by an edit. */
  remove?(ctx: TomSaveContext): Promise<void>;
  /** Runs in the transaction that publishes a draft; may refuse it (a red packet not paid yet). */
  publish?(ctx: TomSaveContext, stored: unknown): Promise<void>;
  /**
   * The upload ids a stored body references. After an edit, uploads bound to the first post that no block
   * references are unlinked, so a type that binds uploads in `save` must list them here.
   */
  uploads?(stored: unknown): number[];
  /** Turns the stored body into what this actor sees (live counts, paid cuts). */
  show?(ctx: TomShowContext, stored: unknown): Promise<unknown>;
  /** False while the type's plugin is disabled: no new blocks of it (stored ones stay). */
  enabled?(): boolean;
  /**
   * `show` depends on who asks (whether they voted, bought, ...): lists shared by a group present a thread
   * with such a block for each viewer instead.
   */
  perViewer?: boolean;
}

const ids = (max: number) => z.array(z.coerce.number().int().min(1)).min(1).max(max);

/** The registry of block types, keyed by tom id. */
export class TomRegistry {
  private readonly types = new Map<string, TomType>();

  /** Adds (or replaces, for plugins overriding a built-in) a block type. */
  register(type: TomType): void {
    this.types.set(type.id, type);
  }

  /** A registered type, or -4001 naming the unknown id. */
  require(id: string | number): TomType {
    const t = this.types.get(String(id));
    if (!t) throw invalid(`content.indexes: unknown block type ${String(id)}`);
    return t;
  }

  /** A registered type or undefined. */
  find(id: string | number): TomType | undefined {
    return this.types.get(String(id));
  }

  /** Every registered type. */
  all(): TomType[] {
    return [...this.types.values()];
  }
}

/** The built-in types that need no money: image, audio, video, goods, file attachment (vote registers separately). */
export function registerBuiltInToms(registry: TomRegistry): void {
  registry.register({
    id: String(TomId.IMAGE),
    name: '图片',
    permission: 'thread.insertImage',
    maxBlocks: 1,
    filterable: true,
    schema: z.object({ imageIds: ids(9) }),
  });
  registry.register({
    id: String(TomId.AUDIO),
    name: '语音',
    permission: 'thread.insertAudio',
    maxBlocks: 1,
    filterable: true,
    schema: audioBlockBody,
  });
  registry.register({
    id: String(TomId.VIDEO),
    name: '视频',
    permission: 'thread.insertVideo',
    maxBlocks: 1,
    filterable: true,
    schema: videoBlockBody,
  });
  registry.register({
    id: String(TomId.GOODS),
    name: '商品',
    permission: 'thread.insertGoods',
    maxBlocks: 1,
    filterable: true,
    // The author types the card's title, price and picture: the server never fetches the product page (an
    // outbound request to an address a user chose would be an SSRF hole, and this server has no network anyway).
    schema: goodsBlockBody,
  });
  registry.register({
    id: String(TomId.ATTACHMENT),
    name: '附件',
    permission: 'thread.insertAttachment',
    maxBlocks: 1,
    filterable: true,
    schema: z.object({ docIds: ids(9) }),
  });
}
