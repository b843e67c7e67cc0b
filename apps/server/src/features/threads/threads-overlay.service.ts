import type { PostItem, ThreadItem } from '@forum/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';
import { posts as postsTable } from './posts.table.js';
import { visiblePosts, type PostRow } from './posts.repository.js';
import type { PostsService } from './posts.service.js';
import type { ThreadsDeps } from './threads.deps.js';
import { personalise, presentList } from './thread-list-items.js';
import type { ThreadsReader } from './threads-read.service.js';
import { threadColumns, visibleThreads, type ThreadRow } from './threads.repository.js';
import { threads as threadsTable } from './threads.table.js';

/**
 * The viewer overlay's thread part: threads and replies of a group-shared page as this viewer sees them. It is
 * the same presenter as every read, so likes, favourites, own-content abilities and anonymity follow the same
 * rules; it only skips the list query and the React render, which the group shares.
 */
export class ThreadsOverlay {
  constructor(
    private readonly deps: ThreadsDeps,
    private readonly reader: ThreadsReader,
    private readonly postsService: PostsService,
  ) {}

  /** The threads among `ids` the actor may see, presented for them (order of `ids`). */
  async threads(actor: Actor, ids: number[], lang: Lang): Promise<ThreadItem[]> {
    const me = actor.userId;
    if (actor.isGuest || me == null || ids.length === 0) return [];
    const viewer = this.reader.viewer(actor);
    // The page asking is its group's: the group's items with this member's marks, as members' lists do.
    // Someone whose own threads the group cannot see (or the free-experience window) gets them read for them.
    const own =
      viewer.since != null ||
      (!actor.isAdmin && (await this.deps.lists.hasHiddenOwn(this.deps.db, me, viewer.categoryIds)));
    const read = async (who: Actor, v: typeof viewer) => {
      const rows: ThreadRow[] = await this.deps.db
        .select(threadColumns)
        .from(threadsTable)
        .where(and(inArray(threadsTable.id, ids), visibleThreads(v)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      return {
        rows: ordered,
        total: ordered.length,
        items: await presentList(this.deps, who, ordered, null, lang),
      };
    };
    if (own) return (await read(actor, viewer)).items;
    const group: Actor = { ...actor, userId: null };
    const key = `g${actor.groupId}${actor.isAdmin ? 'a' : ''}|${lang}|ids|${ids.join(',')}`;
    const page = await this.deps.lists.shared(key, () => read(group, { ...viewer, userId: null }));
    return (await personalise(this.deps, { ...actor, userId: me }, page, null, lang)).items();
  }

  /** The replies among `ids` the actor may see (in threads they may read), presented for them. */
  async replies(actor: Actor, ids: number[]): Promise<PostItem[]> {
    if (actor.isGuest || ids.length === 0) return [];
    const rows: PostRow[] = await this.deps.db
      .select()
      .from(postsTable)
      .where(and(inArray(postsTable.id, ids), visiblePosts(actor.userId, actor.isAdmin)));
    const byThread = new Map<number, PostRow[]>();
    for (const p of rows) if (!p.isFirst) byThread.set(p.threadId, [...(byThread.get(p.threadId) ?? []), p]);
    const out = new Map<number, PostItem>();
    for (const [threadId, list] of byThread) {
      const thread = await this.reader.visibleThread(actor, threadId).catch(() => null);
      if (!thread) continue;
      for (const item of await this.postsService.present(actor, thread, list)) out.set(item.id, item);
    }
    return ids.flatMap((id) => (out.has(id) ? [out.get(id)!] : []));
  }
}
