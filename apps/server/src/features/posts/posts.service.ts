import { Code, POST_TEXT_MAX, TomId, type AttachmentItem, type PostItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Notice } from '../notifications/index.js';
import { hasBoundPhone, hasBoundWechat } from '../users/index.js';
import type { Tx } from '../../platform/db/db.js';
import { Batcher } from '../../platform/db/batcher.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, forbidden, invalid, notFound } from '../../platform/http/errors.js';
import { findTopics } from '../../platform/content/parse.js';
import { AttachmentType } from '../attachments/index.js';
import { linkTopics } from '../topics/index.js';
import { postVisibleTo } from './anonymity.policy.js';
import { requireCaptcha } from '../captcha/index.js';
import { replyNotices } from './notices.js';
import { RecentThreads } from './recent-threads.js';
import { presentComment, presentPost, type PostBundle } from './posts.presenter.js';
import {
  bumpPost,
  findPost,
  findPostUsers,
  firstComments,
  insertNumberedReplies,
  insertNumberedReply,
  insertPost,
  isCountedPost,
  likedPostIds,
  listComments,
  listReplies,
  visiblePosts,
  type NumberedReply,
  type PostAuthor,
  type PostRow,
} from './posts.repository.js';
import type { PostsDeps, PostsThreads, PostThread as ThreadRow } from './threads.port.js';

/** `posts.create` input after parsing. */
export interface ReplyInput {
  id: number;
  content: string;
  isComment: boolean;
  replyId?: number;
  commentPostId?: number;
  /** Uploads shown with the reply (images and files); bound to it in the same transaction. */
  attachments?: Array<{ id: number }>;
  captchaTicket?: string;
  captchaRandStr?: string;
}

/** The insert permission a reply's upload needs, by upload type. */
const REPLY_FILE_PERMISSION: Record<number, string> = {
  [AttachmentType.IMAGE]: 'thread.insertImage',
  [AttachmentType.FILE]: 'thread.insertAttachment',
};

/** What one reply of a batch gets back: the stored row and its author, or null when the thread is gone. */
type NumberedResult = Awaited<ReturnType<typeof insertNumberedReplies>>[number];

/** How a red packet block is named in a thread's `tomTypes`. */
const RED_PACKET_TOM = String(TomId.RED_PACKET);

/** What `write` answers for a reply that was checked on the kept copy but must be checked on a fresh read. */
const FRESH_READ = Symbol('fresh read');

/** Replies and comments: writing, reading by page or cursor, and "which page". */
export class PostsService {
  /**
   * Plain replies group-committed: while one batch is written, the replies that arrive wait and go together in
   * the next (one statement, one commit, each thread's row locked once), so a busy thread takes many replies per
   * commit rather than one. A failed batch (a deadlock with another instance, say) is retried one by one, so a
   * reply fails only for its own reason.
   */
  private readonly replies = new Batcher<NumberedReply, NumberedResult | Error>(
    async (rows) => {
      try {
        const out = await insertNumberedReplies(this.deps.db, rows);
        // Committed: the notifications stored with the replies can reach their recipients (once per batch).
        this.deps.told.woken(out.find((r) => r)?.notified ?? []);
        return out;
      } catch (err) {
        if (rows.length === 1) return [err instanceof Error ? err : new Error(String(err))];
        // One by one, without their notices: each reply then sends its own after its commit (notified null).
        return Promise.all(
          rows.map((r) =>
            insertNumberedReply(this.deps.db, r, r.counted, r.seen).then(
              (done) => done && { ...done, notified: null },
              (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
            ),
          ),
        );
      }
    },
    // While replies stream in (a batch started within 5 ms), a short batch waits 3 ms for company: at 1,000
    // replies a second that cut the server's and PostgreSQL's CPU per reply by a quarter (0.85+0.37 -> 0.66+0.24 ms).
    { maxBatch: 200, concurrency: 1, linger: { ms: 3, below: 8, withinMs: 5 } },
  );

  /** Threads lately replied to, as their checks read them. */
  private readonly recent = new RecentThreads();

  constructor(
    readonly deps: PostsDeps,
    readonly threads: PostsThreads,
  ) {}

  /** One plain reply through the batch: null when its thread no longer reads as its checks saw it. */
  private async plainReply(row: NumberedReply): Promise<NumberedResult> {
    const out = await this.replies.submit(row);
    if (out instanceof Error) throw out;
    return out;
  }

  /**
   * `posts.create`: a reply, or a comment under a reply (one level). A reply to a thread answered lately is
   * checked against the kept copy (`RecentThreads`); if its insert finds the thread changed, it is checked
   * and written again from a fresh read.
   */
  async create(actor: Actor, input: ReplyInput): Promise<PostItem> {
    if (actor.isGuest || actor.userId == null) throw new AppError(Code.JUMP_TO_LOGIN);
    // Comments, uploads and captcha tickets take the fresh path: their writes or checks are not re-run.
    const copy =
      input.isComment || input.attachments?.length || input.captchaTicket
        ? undefined
        : this.recent.get(input.id);
    if (copy) {
      const out = await this.write(actor, input, this.threads.seenBy(actor, copy), true);
      if (out && out !== FRESH_READ) return out;
      // Only a thread found changed makes the copy stale; a reply with topics or mentions merely needs a read.
      if (!out) this.recent.delete(input.id);
    }
    const out = await this.write(actor, input, await this.threads.visibleThread(actor, input.id), false);
    // Changed again between the fresh read and the insert: as if it had been hidden when read.
    if (!out || out === FRESH_READ) throw notFound();
    return out;
  }

  /**
   * Checks and writes a reply against `thread` as read; null when the insert finds the thread changed,
   * FRESH_READ when a reply checked on the kept copy writes more than one statement (it is checked again).
   */
  private async write(
    actor: Actor,
    input: ReplyInput,
    thread: ThreadRow,
    copy: boolean,
  ): Promise<PostItem | null | typeof FRESH_READ> {
    const userId = actor.userId!;
    if (thread.isDraft) throw invalid('drafts cannot be replied to');
    const res = { categoryId: thread.categoryId };
    this.deps.gate.authorize(actor, 'thread.reply', res);
    if (
      !actor.isAdmin &&
      this.deps.gate.hasGrant(actor, 'publishNeedBindPhone', res) &&
      !(await hasBoundPhone(this.deps.db, userId))
    )
      throw new AppError(Code.NEED_BIND_PHONE);
    if (
      !actor.isAdmin &&
      this.deps.gate.hasGrant(actor, 'publishNeedBindWechat', res) &&
      !(await hasBoundWechat(this.deps.db, userId))
    )
      throw new AppError(Code.NEED_BIND_WECHAT);
    if (!actor.isAdmin && this.deps.gate.hasGrant(actor, 'createThreadWithCaptcha', res)) {
      await requireCaptcha(this.deps.captcha, input.captchaTicket, input.captchaRandStr);
    }
    let parent: PostRow | null = null;
    let target: PostRow | null = null;
    if (input.isComment) {
      if (!input.replyId) throw invalid('replyId: a comment needs the reply it answers');
      parent = await this.visiblePost(actor, input.replyId);
      if (parent.threadId !== thread.id || parent.isFirst || parent.isComment)
        throw invalid('replyId: not a reply of this thread');
      if (input.commentPostId) {
        target = await this.visiblePost(actor, input.commentPostId);
        if (target.replyPostId !== parent.id) throw invalid('commentPostId: not a comment of this reply');
      }
    }
    const { text: content } = await this.deps.events.filterPost({
      threadId: thread.id,
      text: input.content,
      userId,
    });
    const prepared = this.deps.content.prepare(content, '', POST_TEXT_MAX);
    if (!prepared.text.trim() && !/<img\b/i.test(prepared.html) && !input.attachments?.length) {
      throw invalid('content is required');
    }
    // A new reply is neither deleted nor a first post: it counts once approved (isCountedPost).
    const counted = prepared.isApproved === 1;
    // A plain reply (no comment target, uploads, topics or mentions) is one statement, atomic on its own: the
    // thread lock is then held for that statement alone, which is what lets many people answer one thread.
    const plain =
      !parent &&
      !input.attachments?.length &&
      findTopics(prepared.text).length === 0 &&
      !this.deps.content.hasMentions(prepared.html, prepared.text);
    const seen = { categoryId: thread.categoryId, isApproved: thread.isApproved };
    if (plain) {
      const notices = (post: Pick<PostRow, 'id' | 'userId' | 'isApproved'>, author?: PostAuthor) =>
        replyNotices(thread, post, prepared.text, { parent: null, comment: null, mentioned: [] }, author);
      // Rendered now and stored by the reply's own statement: one commit for the reply and what it tells. If
      // they cannot be rendered, they are sent after the commit instead, as other writes' are.
      const told = await this.deps.told
        .marked(notices({ id: 0, userId, isApproved: prepared.isApproved }))
        .catch(() => null);
      const done = await this.plainReply({
        threadId: thread.id,
        userId,
        content: prepared.html,
        isApproved: prepared.isApproved,
        modWords: prepared.modWords,
        counted,
        seen,
        ...(told && { notices: told }),
      });
      if (!done) return null;
      const { post, author } = done;
      this.recent.set(thread);
      return this.afterReply(
        post,
        thread,
        told && done.notified ? [] : notices(post, author),
        this.present(actor, thread, [post], { fresh: true, authors: author ? [author] : [] }),
      );
    }
    // Topics and mentions write more than the reply: from a copy, check against a fresh read first.
    if (copy) return FRESH_READ;
    let mentioned: number[] = [];
    const post = await inTransaction(this.deps.db, async (tx) => {
      const html = linkTopics(prepared.html, await this.deps.topics.linkPost(tx, userId, prepared.text));
      // The thread row lock serialises replies on one thread: it is taken after the topic links. Locks go
      // thread, user, post, as in applyCounts, so no two writes deadlock.
      let row: PostRow;
      if (parent) {
        if (counted) await this.threads.bumpThread(tx, thread.id, { postCount: 1 });
        if (counted) await this.threads.bumpUser(tx, userId, { postCount: 1 });
        if (counted) await bumpPost(tx, parent.id, { replyCount: 1 });
        row = await insertPost(tx, {
          threadId: thread.id,
          userId,
          seq: parent.seq,
          content: html,
          isComment: true,
          replyPostId: parent.id,
          replyUserId: parent.userId,
          commentPostId: target?.id ?? 0,
          commentUserId: target?.userId ?? 0,
          isApproved: prepared.isApproved,
          modWords: prepared.modWords,
        });
      } else {
        const done = await insertNumberedReply(
          tx,
          {
            threadId: thread.id,
            userId,
            content: html,
            isApproved: prepared.isApproved,
            modWords: prepared.modWords,
          },
          counted,
          seen,
        );
        if (!done) return null;
        row = done.post;
      }
      await this.deps.files.bind(tx, actor, {
        authorId: userId,
        postId: row.id,
        ids: (input.attachments ?? []).map((a) => a.id),
        types: [AttachmentType.IMAGE, AttachmentType.FILE],
        field: 'attachments',
        permit: (type) => this.deps.gate.authorize(actor, REPLY_FILE_PERMISSION[type]!, res),
      });
      mentioned = await this.deps.content.recordMentions(tx, row.id, userId, html, prepared.text);
      return row;
    });
    if (!post) return null;
    return this.afterReply(
      post,
      thread,
      replyNotices(thread, post, prepared.text, { parent, comment: target, mentioned }),
      // A new post has no comments or likes yet: only its author and files are loaded to present it.
      this.present(actor, thread, [post], { fresh: true }),
    );
  }

  /**
   * What follows a committed reply, side by side rather than one after another (issue 30 item 4): its
   * notifications (group-committed with other replies'), the red packet check and its presentation. All three
   * are awaited, so the notifications are stored before the writer hears "done": a process that dies after
   * the acknowledgement has lost nothing. None of the first two throws (see PostsDeps).
   */
  private async afterReply(
    post: PostRow,
    thread: ThreadRow,
    notices: Notice[],
    presented: Promise<PostItem[]>,
  ): Promise<PostItem> {
    this.deps.events.emit('post.created', { postId: post.id, threadId: post.threadId, userId: post.userId });
    const [items] = await Promise.all([presented, this.deps.notify(notices), this.replied(post, thread)]);
    return items[0]!;
  }

  /**
   * Tells the post listeners (red packets) of a reply, after its commit: on posting, and again when a held reply
   * is approved (review or `posts.update`), so an approved reply gets what it would have got at once.
   */
  replied(post: PostRow, thread?: Pick<ThreadRow, 'tomTypes'>): Promise<void> {
    const { threadId, id: postId, userId } = post;
    return this.deps.postEvents({
      type: 'replied',
      threadId,
      postId,
      userId,
      approved: post.isApproved === 1,
      ...(thread && { redPacket: (thread.tomTypes ?? []).includes(RED_PACKET_TOM) }),
    });
  }

  /** `posts.list`: replies by floor range (page) or after a cursor; both cost the same on any page. */
  async list(
    actor: Actor,
    input: {
      filter: { thread: number };
      sort: 'createdAt' | '-createdAt';
      page: number;
      perPage: number;
      cursor?: number;
    },
  ) {
    const thread = await this.threads.visibleThread(actor, input.filter.thread);
    const desc = input.sort === '-createdAt';
    const { perPage, page } = input;
    const last = thread.replySeq;
    const visible = visiblePosts(actor.userId, actor.isAdmin);
    let rows: PostRow[];
    let nextCursor: number | null;
    if (input.cursor !== undefined) {
      const after = desc && input.cursor === 0 ? last + 1 : input.cursor;
      rows = await listReplies(this.deps.db, { threadId: thread.id, visible, desc, after, limit: perPage });
      nextCursor = rows.length < perPage ? null : rows[rows.length - 1]!.seq;
    } else {
      // Page N is floors ((N-1)·perPage, N·perPage]: deleted floors leave gaps, as floors do, and links stay stable.
      const from = desc ? Math.max(last - page * perPage, 0) : (page - 1) * perPage;
      const to = desc ? last - (page - 1) * perPage : page * perPage;
      rows =
        to <= 0
          ? []
          : await listReplies(this.deps.db, { threadId: thread.id, visible, desc, from, to, limit: perPage });
      nextCursor = desc ? (from > 0 ? from + 1 : null) : to < last ? to : null;
    }
    return {
      pageData: await this.present(actor, thread, rows),
      currentPage: input.cursor !== undefined ? 0 : page,
      perPage,
      totalCount: thread.postCount,
      totalPage: Math.ceil(last / perPage),
      nextCursor,
    };
  }

  /** `posts.detail`: a reply with a page of its comments (by id cursor). */
  async detail(actor: Actor, postId: number, cursor: number | undefined, perPage: number) {
    const post = await this.visiblePost(actor, postId);
    const thread = await this.threads.visibleThread(actor, post.threadId);
    // A paid thread's text is read through thread.detail, which cuts it for non-payers.
    if (post.isFirst && this.threads.isPriced(thread)) throw notFound();
    const parent = post.isComment ? await this.visiblePost(actor, post.replyPostId) : post;
    const comments = await listComments(
      this.deps.db,
      parent.id,
      visiblePosts(actor.userId, actor.isAdmin),
      cursor ?? 0,
      perPage,
    );
    const bundle = await this.bundle(actor, [parent, ...comments], false);
    return {
      post: presentPost(this.deps.gate, actor, thread, parent, await this.bundle(actor, [parent], true)),
      comments: comments.map((c) => presentComment(this.deps.gate, actor, thread, c, bundle)),
      nextCursor: comments.length < perPage ? null : comments[comments.length - 1]!.id,
    };
  }

  /** `posts.postion`: the page (and floor) of a reply, or of the reply a comment sits under. */
  async position(actor: Actor, threadId: number, postId: number, perPage: number) {
    await this.threads.visibleThread(actor, threadId);
    const post = await this.visiblePost(actor, postId);
    if (post.threadId !== threadId) throw notFound();
    const floor = post.isFirst ? 0 : post.seq;
    return {
      threadId,
      postId,
      page: Math.max(1, Math.ceil(floor / perPage)),
      location: floor,
      cursor: Math.max(floor - 1, 0),
    };
  }

  /** A post the actor may see (anonymity.policy.ts `postVisibleTo`), else -4004. */
  async visiblePost(actor: Actor, postId: number): Promise<PostRow> {
    const p = await findPost(this.deps.db, postId);
    if (!p || !postVisibleTo(actor, p)) throw notFound();
    return p;
  }

  /** Moves thread, author and parent counts when a post enters or leaves the counted state. */
  async applyCounts(tx: Tx, before: PostRow | null, after: PostRow): Promise<void> {
    const was = before != null && isCountedPost(before);
    const is = isCountedPost(after);
    if (was === is) return;
    const d = is ? 1 : -1;
    await this.threads.bumpThread(tx, after.threadId, { postCount: d });
    await this.threads.bumpUser(tx, after.userId, { postCount: d });
    if (after.isComment && after.replyPostId) await bumpPost(tx, after.replyPostId, { replyCount: d });
  }

  /** Presents replies with their first three comments. */
  async present(
    actor: Actor,
    thread: ThreadRow,
    rows: PostRow[],
    opts: { fresh?: boolean; authors?: PostAuthor[] } = {},
  ): Promise<PostItem[]> {
    const bundle = await this.bundle(actor, rows, !opts.fresh, !opts.fresh, opts.authors);
    return rows.map((p) => presentPost(this.deps.gate, actor, thread, p, bundle));
  }

  /**
   * What presenting replies needs besides the viewer's likes, read as `group` (a member of a group, nobody in
   * particular): their first comments, authors and files. A group shares it (the viewer overlay), and each
   * member lays their likes over it with {@link presentWith}.
   */
  async groupBundle(group: Actor, rows: PostRow[]): Promise<{ bundle: PostBundle; postIds: number[] }> {
    const bundle = await this.bundle(group, rows, true, false);
    const postIds = [...rows.map((r) => r.id), ...[...bundle.comments.values()].flat().map((c) => c.id)];
    return { bundle, postIds };
  }

  /** Replies presented for `actor` from a group's bundle and the actor's likes among them (no query). */
  presentWith(actor: Actor, thread: ThreadRow, rows: PostRow[], bundle: PostBundle, liked: Set<number>) {
    const own = { ...bundle, liked };
    return rows.map((p) => presentPost(this.deps.gate, actor, thread, p, own));
  }

  private async bundle(
    actor: Actor,
    rows: PostRow[],
    withComments: boolean,
    withLikes = true,
    /** Authors already at hand (a reply just written, with no uploads): no user or file lookup. */
    authors?: PostAuthor[],
  ): Promise<PostBundle> {
    const db = this.deps.db;
    const comments = withComments
      ? await firstComments(
          db,
          rows.filter((r) => !r.isComment && !r.isFirst).map((r) => r.id),
          visiblePosts(actor.userId, actor.isAdmin),
        )
      : [];
    const all = [...rows, ...comments];
    const userIds = new Set(
      all.flatMap((p) => [p.userId, p.replyUserId, p.commentUserId]).filter((id) => id > 0),
    );
    const known = authors && [...userIds].every((id) => authors.some((a) => a.id === id));
    // A reply just written: everything is at hand, nothing to wait for.
    if (known && !withLikes)
      return {
        users: new Map(authors.map((u) => [u.id, u])),
        liked: new Set(),
        comments: new Map(),
        files: new Map(),
      };
    const [users, liked, files] = await Promise.all([
      known ? authors : findPostUsers(db, [...userIds]),
      actor.userId && withLikes
        ? likedPostIds(
            db,
            actor.userId,
            all.map((p) => p.id),
          )
        : new Set<number>(),
      known
        ? new Map<number, AttachmentItem>()
        : this.deps.files.presentFor(
            db,
            all.map((p) => p.id),
          ),
    ]);
    const filesOf = new Map<number, AttachmentItem[]>();
    for (const f of files.values()) filesOf.set(f.typeId ?? 0, [...(filesOf.get(f.typeId ?? 0) ?? []), f]);
    const byParent = new Map<number, PostRow[]>();
    for (const c of comments) byParent.set(c.replyPostId, [...(byParent.get(c.replyPostId) ?? []), c]);
    return { users: new Map(users.map((u) => [u.id, u])), liked, comments: byParent, files: filesOf };
  }
}

/** -4002 unless the actor may; kept here so post edits and deletes read the same way. */
export function requireAbility(ok: boolean, ability: string): void {
  if (!ok) throw forbidden(ability);
}
