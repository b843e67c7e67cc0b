import type { AttachmentItem } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/db.js';
import type { CaptchaProvider } from '../captcha/index.js';
import type { MarkedNotification, Notice } from '../notifications/index.js';
import type { TopicsService } from '../topics/index.js';
import type { threads } from '../threads/threads.table.js';

/*
 * What replies need of threads. Threads mounts them (and reads first posts through this folder's index), so
 * posts may not import threads back: threads hands these in (threads/posts.wiring.ts).
 */

/** A thread row as threads' repository returns it. */
export type PostThread = Omit<typeof threads.$inferSelect, 'searchText' | 'searchVector'>;

/** What `postEvents` hears: a new reply or comment, or a new like of a post. */
export type PostEvent =
  | {
      type: 'replied';
      threadId: number;
      postId: number;
      userId: number;
      approved: boolean;
      /**
       * False when the thread row at hand says it carries no red packet block (`tomTypes` without 106): the
       * listener then skips its read. Absent when the thread was not at hand (approvals): the listener reads.
       */
      redPacket?: boolean;
    }
  | {
      type: 'liked';
      threadId: number;
      postId: number;
      postUserId: number;
      likeCount: number;
      isFirst: boolean;
    };

/** Content ready to store (threads' content pipeline). */
export interface PreparedPost {
  html: string;
  text: string;
  isApproved: 0 | 1;
  modWords: string;
}

/** Uploads to bind to a post (threads' files service checks and binds them). */
export interface FileBinding {
  authorId: number;
  postId: number;
  ids: number[];
  types: readonly number[];
  field: string;
  /** Throws when the actor may not insert this type here (replies check insert permissions per type). */
  permit?: (type: number) => void;
}

/** The deps threads' services share, as far as replies use them (threads' `ThreadsDeps`). */
export interface PostsDeps {
  db: Db;
  gate: Gate;
  topics: TopicsService;
  captcha: CaptchaProvider;
  /** Sanitising, stop words and mentions. */
  content: {
    prepare(rawHtml: string, rawTitle: string, maxText: number): PreparedPost;
    hasMentions(html: string, text: string): boolean;
    recordMentions(
      tx: DbOrTx,
      postId: number,
      authorId: number,
      html: string,
      text: string,
    ): Promise<number[]>;
  };
  /** Uploads shown with replies. */
  files: {
    bind(tx: Tx, actor: Actor, p: FileBinding): Promise<void>;
    presentFor(db: DbOrTx, postIds: number[]): Promise<Map<number, AttachmentItem>>;
  };
  /** Tells members what happened to their content, after the commit; never throws. */
  notify: (notices: Notice[]) => Promise<void>;
  /** Notices a plain reply stores in its own statement (`Notifier.marked`), and the wake after its commit. */
  told: {
    marked(notices: Notice[]): Promise<MarkedNotification[]>;
    woken(recipients: readonly number[]): void;
  };
  /** Plugins' hook and filter for replies. */
  events: {
    emit(event: 'post.created', p: { postId: number; threadId: number; userId: number }): void;
    filterPost(v: { threadId: number; text: string; userId: number }): Promise<{
      threadId: number;
      text: string;
      userId: number;
    }>;
  };
  /** Replies and likes, awaited after their commit; never throws. */
  postEvents: (e: PostEvent) => Promise<void>;
}

/** Threads' reader, counters and paid rule as replies use them. */
export interface PostsThreads {
  /** -4004 unless the actor may see the thread. */
  visibleThread(actor: Actor, threadId: number): Promise<PostThread>;
  /** `visibleThread`'s checks on a row at hand (a kept copy): the row, or the same errors. */
  seenBy(actor: Actor, thread: PostThread): PostThread;
  bumpThread(
    db: DbOrTx,
    id: number,
    delta: Partial<Record<'postCount' | 'likeCount', number>>,
  ): Promise<unknown>;
  bumpUser(
    db: DbOrTx,
    userId: number,
    delta: Partial<Record<'postCount' | 'likedCount', number>>,
  ): Promise<unknown>;
  /** A thread with a price or paid attachments. */
  isPriced(thread: PostThread): boolean;
}
