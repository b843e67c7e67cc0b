import type { PostItem, ThreadItem } from '@forum/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';
import {
  likedPostIds,
  posts as postsTable,
  visiblePosts,
  type PostBundle,
  type PostRow,
} from '../posts/index.js';
import type { OverlayContent, OverlayThread, OverlayViewer } from './threads.port.js';

/** A group's replies of one page, ready to present for any of its members: rows by thread, and the bundle. */
interface SharedReplies {
  threads: Array<{ thread: OverlayThread; rows: PostRow[] }>;
  bundle: PostBundle;
  /** The replies and their first comments: what a member's likes are looked up among. */
  postIds: number[];
}

/**
 * The viewer overlay's thread part: threads and replies of a group-shared page as this viewer sees them. It is
 * the same presenter as every read, so likes, favourites, own-content abilities and anonymity follow the same
 * rules; it only skips the list query and the React render, which the group shares. What a group shares (rows,
 * authors, comments, files) is read once per group; a member adds one indexed query for their likes, and the
 * whole text is kept for them until the next write.
 */
export class ViewerOverlay {
  constructor(private readonly c: OverlayContent) {}

  /**
   * `"threads":[…],"posts":[…]` for the actor: the overlay's own part as JSON text, the same string until
   * the next write (so a page can keep what it builds from it). `changedOnly`: only the items that look
   * different to the actor than to their group (a group page carries the group's copy of the rest already),
   * which keeps the overlay a page carries small.
   */
  async text(
    actor: Actor,
    threadIds: number[],
    postIds: number[],
    lang: Lang,
    changedOnly = false,
  ): Promise<string> {
    const load = async () => {
      const [threads, posts] = await Promise.all([
        this.threadsJson(actor, threadIds, lang, changedOnly),
        this.replies(actor, postIds, changedOnly),
      ]);
      return `"threads":${threads},"posts":${JSON.stringify(posts)}`;
    };
    if (actor.isGuest || actor.userId == null) return load();
    return this.c.lists.ownText(
      textKey(actor.userId, overlayIds(threadIds, postIds), lang, changedOnly),
      load,
    );
  }

  /**
   * {@link text} when it is kept and fresh, without reading anything (pages' fast path), with a check that it
   * still holds; else undefined. `ids` is {@link overlayIds} of the threads and replies, made once per page
   * address by the caller.
   */
  peekText(
    actor: Actor,
    ids: string,
    lang: Lang,
    changedOnly = false,
  ): { value: string; holds(): boolean } | undefined {
    if (actor.isGuest || actor.userId == null) return undefined;
    return this.c.lists.peekText(textKey(actor.userId, ids, lang, changedOnly));
  }

  /** The threads among `ids` the actor may see, presented for them (order of `ids`). */
  async threads(actor: Actor, ids: number[], lang: Lang): Promise<ThreadItem[]> {
    return JSON.parse(await this.threadsJson(actor, ids, lang)) as ThreadItem[];
  }

  private async threadsJson(actor: Actor, ids: number[], lang: Lang, changedOnly = false): Promise<string> {
    const me = actor.userId;
    if (actor.isGuest || me == null || ids.length === 0) return '[]';
    const viewer = this.c.threads.viewer(actor);
    // The page asking is its group's: the group's items with this member's marks, as members' lists do.
    // Someone whose own threads the group cannot see (or the free-experience window) gets them read for them.
    const own =
      viewer.since != null ||
      (!actor.isAdmin && (await this.c.lists.hasHiddenOwn(this.c.db, me, viewer.categoryIds)));
    const read = async (who: Actor, v: OverlayViewer) => {
      const rows = await this.c.threads.visibleAmong(v, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      return {
        rows: ordered,
        total: ordered.length,
        items: await this.c.threads.presentList(who, ordered, lang),
      };
    };
    if (own) return JSON.stringify((await read(actor, viewer)).items);
    const group: Actor = { ...actor, userId: null };
    // Per language too: the items' `diffTime` is written in the reader's.
    const key = `${groupKey(actor)}|${lang}|ids|${ids.join(',')}`;
    const page = await this.c.lists.shared(key, () => read(group, { ...viewer, userId: null }));
    const mine = await this.c.threads.personalise({ ...actor, userId: me }, page, lang);
    return changedOnly ? JSON.stringify(mine.changed()) : mine.json(0, page.items.length);
  }

  /**
   * The replies among `ids` the actor may see (in threads they may read), presented for them; with
   * `changedOnly`, only those that look different to them than to their group (their own, liked by them).
   */
  async replies(actor: Actor, ids: number[], changedOnly = false): Promise<PostItem[]> {
    const me = actor.userId;
    if (actor.isGuest || me == null || ids.length === 0) return [];
    // A member with replies awaiting review or threads the group cannot see (theirs alone to see), or in the
    // free-experience window, reads their own; everyone else shares the group's rows and adds their likes.
    const viewer = this.c.threads.viewer(actor);
    const personal =
      viewer.since != null ||
      (!actor.isAdmin &&
        ((await this.c.lists.hasPendingReplies(this.c.db, me)) ||
          (await this.c.lists.hasHiddenOwn(this.c.db, me, viewer.categoryIds))));
    if (personal) return this.repliesFor(actor, ids);
    const group: Actor = { ...actor, userId: null };
    const shared = await this.c.lists.shared<SharedReplies>(`${groupKey(actor)}|posts|${ids.join(',')}`, () =>
      this.groupReplies(group, ids),
    );
    const liked = await this.c.lists.viewerPart(`likes|${me}|${ids.join(',')}`, () =>
      likedPostIds(this.c.db, me, shared.postIds),
    );
    const out = new Map<number, PostItem>();
    for (const { thread, rows } of shared.threads) {
      const items = this.c.posts.presentWith(actor, thread, rows, shared.bundle, liked);
      const theirs = changedOnly
        ? this.c.posts.presentWith(group, thread, rows, shared.bundle, new Set())
        : [];
      items.forEach((item, n) => {
        if (!changedOnly || JSON.stringify(item) !== JSON.stringify(theirs[n])) out.set(item.id, item);
      });
    }
    return ids.flatMap((id) => (out.has(id) ? [out.get(id)!] : []));
  }

  /** A group's rows, threads and bundle for some replies: one read of each, shared by its members. */
  private async groupReplies(group: Actor, ids: number[]): Promise<SharedReplies> {
    const rows = await this.visibleReplies(group, ids);
    const threads: SharedReplies['threads'] = [];
    for (const [threadId, list] of byThread(rows)) {
      const thread = await this.c.threads.visibleThread(group, threadId).catch(() => null);
      if (thread) threads.push({ thread, rows: list });
    }
    const { bundle, postIds } = await this.c.posts.groupBundle(
      group,
      threads.flatMap((t) => t.rows),
    );
    return { threads, bundle, postIds };
  }

  /** Replies read and presented for this actor alone. */
  private async repliesFor(actor: Actor, ids: number[]): Promise<PostItem[]> {
    const out = new Map<number, PostItem>();
    for (const [threadId, list] of byThread(await this.visibleReplies(actor, ids))) {
      const thread = await this.c.threads.visibleThread(actor, threadId).catch(() => null);
      if (!thread) continue;
      for (const item of await this.c.posts.present(actor, thread, list)) out.set(item.id, item);
    }
    return ids.flatMap((id) => (out.has(id) ? [out.get(id)!] : []));
  }

  private visibleReplies(actor: Actor, ids: number[]): Promise<PostRow[]> {
    return this.c.db
      .select()
      .from(postsTable)
      .where(and(inArray(postsTable.id, ids), visiblePosts(actor.userId, actor.isAdmin)));
  }
}

/** Where a member's overlay text is kept. */
function textKey(userId: number, ids: string, lang: Lang, changedOnly: boolean): string {
  return `ov${changedOnly ? 'c' : ''}|${userId}|${lang}|${ids}`;
}

/** The threads and replies an overlay is for, as the part of its cache key that names them. */
export function overlayIds(threadIds: number[], postIds: number[]): string {
  return `${threadIds.join(',')}|${postIds.join(',')}`;
}

/** Whose view a group shares: the group, and whether its members administer. */
function groupKey(actor: Actor): string {
  return `g${actor.groupId}${actor.isAdmin ? 'a' : ''}`;
}

/** Replies (not first posts) grouped by their thread. */
function byThread(rows: PostRow[]): Map<number, PostRow[]> {
  const out = new Map<number, PostRow[]>();
  for (const p of rows) if (!p.isFirst) out.set(p.threadId, [...(out.get(p.threadId) ?? []), p]);
  return out;
}
