import type { AttachmentItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import {
  favoritedThreadIds,
  findAuthors,
  findFirstPosts,
  findToms,
  findUserStick,
  likedPostIds,
  recentLikers,
  type AuthorRow,
  type ThreadRow,
} from './threads.repository.js';
import type { ThreadsDeps } from './threads.deps.js';

/** Everything presenting a set of threads needs, loaded in a fixed number of queries (no N+1). */
export interface ThreadBundle {
  authors: Map<number, AuthorRow>;
  firstPosts: Map<number, { id: number; content: string; likeCount: number }>;
  toms: Map<number, Array<{ key: string; tomType: string; body: unknown }>>;
  liked: Set<number>;
  favorited: Set<number>;
  likers: Map<number, Array<{ userId: number; nickname: string; avatar: string }>>;
  topics: Map<number, number>;
  userStick: number | null;
  /** Block bodies as this actor sees them (vote counts, paid cuts), by thread then key. */
  shown: Map<number, Record<string, unknown>>;
}

/** Loads the bundle for some threads as seen by an actor. */
export async function loadThreads(deps: ThreadsDeps, actor: Actor, rows: ThreadRow[]): Promise<ThreadBundle> {
  const db = deps.db;
  const ids = rows.map((r) => r.id);
  const [authors, firsts, toms, topics] = await Promise.all([
    findAuthors(db, [...new Set(rows.map((r) => r.userId))]),
    findFirstPosts(db, ids),
    findToms(db, ids),
    deps.topics.firstTopicOf(db, ids),
  ]);
  const postIds = firsts.map((p) => p.id);
  const me = actor.userId;
  const [liked, favorited, likers, userStick, files] = await Promise.all([
    me ? likedPostIds(db, me, postIds) : new Set<number>(),
    me ? favoritedThreadIds(db, me, ids) : new Set<number>(),
    recentLikers(db, postIds),
    me ? findUserStick(db, me) : null,
    deps.files.presentFor(db, postIds),
  ]);
  const firstByThread = new Map(firsts.map((p) => [p.threadId, p]));
  const threadOfPost = new Map(firsts.map((p) => [p.id, p.threadId]));
  const likerMap = new Map<number, Array<{ userId: number; nickname: string; avatar: string }>>();
  for (const l of likers) {
    const tid = threadOfPost.get(Number(l.post_id));
    if (tid === undefined) continue;
    const list = likerMap.get(tid) ?? [];
    list.push({ userId: Number(l.user_id), nickname: l.nickname, avatar: l.avatar });
    likerMap.set(tid, list);
  }
  const tomMap = new Map<number, Array<{ key: string; tomType: string; body: unknown }>>();
  for (const t of toms) {
    const list = tomMap.get(t.threadId) ?? [];
    list.push(t);
    tomMap.set(t.threadId, list);
  }
  // Each thread's blocks see only the files bound to its own first post.
  const filesByThread = new Map<number, Map<number, AttachmentItem>>();
  for (const [id, file] of files) {
    const tid = threadOfPost.get(file.typeId ?? 0);
    if (tid === undefined) continue;
    const m = filesByThread.get(tid) ?? new Map<number, AttachmentItem>();
    filesByThread.set(tid, m.set(id, file));
  }
  const shown = new Map<number, Record<string, unknown>>();
  for (const [threadId, list] of tomMap) {
    const out: Record<string, unknown> = {};
    const ctx = { db, actor, threadId, files: filesByThread.get(threadId) ?? new Map() };
    for (const t of list) {
      const type = deps.toms.find(t.tomType);
      out[t.key] = type?.show ? await type.show(ctx, t.body) : t.body;
    }
    shown.set(threadId, out);
  }
  return {
    authors: new Map(authors.map((a) => [a.id, a])),
    firstPosts: firstByThread,
    toms: tomMap,
    liked: new Set([...liked].map((pid) => threadOfPost.get(pid)!).filter((x) => x !== undefined)),
    favorited,
    likers: likerMap,
    topics,
    userStick,
    shown,
  };
}
