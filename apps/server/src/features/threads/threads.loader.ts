import type { Actor } from '../../platform/auth/actor.js';
import { viewerMarks, type SharedCard } from './thread-cards.js';
import {
  findAuthors,
  findFirstPosts,
  findToms,
  recentLikers,
  type AuthorRow,
  type ThreadRow,
} from './threads.repository.js';
import type { ThreadsDeps } from './threads.deps.js';
import { isPriced } from './paid.policy.js';

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
  /** The order types this actor bought, by paid thread. */
  bought: Map<number, Set<number>>;
}

/** Loads the bundle for some threads as seen by an actor: shared parts from the card cache, then the viewer's marks. */
export async function loadThreads(deps: ThreadsDeps, actor: Actor, rows: ThreadRow[]): Promise<ThreadBundle> {
  const db = deps.db;
  const ids = rows.map((r) => r.id);
  const cards = await sharedCards(deps, rows);
  const firstByThread = new Map<number, { id: number; content: string; likeCount: number }>();
  const threadOfPost = new Map<number, number>();
  for (const [tid, c] of cards) {
    if (!c.first) continue;
    firstByThread.set(tid, c.first);
    threadOfPost.set(c.first.id, tid);
  }
  const me = actor.userId;
  const priced = rows.filter(isPriced).map((r) => r.id);
  const bought = me && priced.length ? await deps.purchases(db, me, priced) : new Map<number, Set<number>>();
  const marks = me
    ? await viewerMarks(db, me, [...threadOfPost.keys()], ids)
    : { likedPosts: new Set<number>(), favorited: new Set<number>(), userStick: null };
  const authors = new Map<number, AuthorRow>();
  const tomMap = new Map<number, Array<{ key: string; tomType: string; body: unknown }>>();
  const likerMap = new Map<number, Array<{ userId: number; nickname: string; avatar: string }>>();
  const topics = new Map<number, number>();
  const shown = new Map<number, Record<string, unknown>>();
  for (const [threadId, c] of cards) {
    if (c.author) authors.set(c.author.id, c.author);
    if (c.likers.length) likerMap.set(threadId, c.likers);
    if (c.topicId !== undefined) topics.set(threadId, c.topicId);
    if (!c.toms.length) continue;
    tomMap.set(threadId, c.toms);
    // Block bodies as this actor sees them (vote counts, paid cuts) are never shared.
    const out: Record<string, unknown> = {};
    const ctx = { db, actor, threadId, files: c.files };
    for (const t of c.toms) {
      const type = deps.toms.find(t.tomType);
      out[t.key] = type?.show ? await type.show(ctx, t.body) : t.body;
    }
    shown.set(threadId, out);
  }
  return {
    authors,
    firstPosts: firstByThread,
    toms: tomMap,
    liked: new Set([...marks.likedPosts].map((pid) => threadOfPost.get(pid)!).filter((x) => x !== undefined)),
    favorited: marks.favorited,
    likers: likerMap,
    topics,
    userStick: marks.userStick,
    shown,
    bought,
  };
}

/** Shared card parts for some threads: cached ones as they are, the rest loaded in one batch of queries. */
async function sharedCards(deps: ThreadsDeps, rows: ThreadRow[]): Promise<Map<number, SharedCard>> {
  const out = new Map<number, SharedCard>();
  const missing: ThreadRow[] = [];
  for (const r of rows) {
    const c = deps.cards.get(r.id);
    if (c && c.author?.id === r.userId) out.set(r.id, c);
    else missing.push(r);
  }
  if (!missing.length) return out;
  const gen = deps.cards.generation();
  const db = deps.db;
  const ids = missing.map((r) => r.id);
  const [authors, firsts, toms, topics] = await Promise.all([
    findAuthors(db, [...new Set(missing.map((r) => r.userId))]),
    findFirstPosts(db, ids),
    findToms(db, ids),
    deps.topics.firstTopicOf(db, ids),
  ]);
  const postIds = firsts.map((p) => p.id);
  const [likers, files] = await Promise.all([recentLikers(db, postIds), deps.files.presentFor(db, postIds)]);
  const authorById = new Map(authors.map((a) => [a.id, a]));
  const threadOfPost = new Map(firsts.map((p) => [p.id, p.threadId]));
  for (const r of missing) {
    out.set(r.id, {
      author: authorById.get(r.userId),
      first: undefined,
      toms: [],
      topicId: topics.get(r.id),
      likers: [],
      files: new Map(),
    });
  }
  for (const p of firsts) out.get(p.threadId)!.first = p;
  for (const t of toms) out.get(t.threadId)?.toms.push(t);
  for (const l of likers) {
    const tid = threadOfPost.get(Number(l.post_id));
    if (tid !== undefined)
      out.get(tid)!.likers.push({ userId: Number(l.user_id), nickname: l.nickname, avatar: l.avatar });
  }
  // Each thread's blocks see only the files bound to its own first post.
  for (const [id, file] of files) {
    const tid = threadOfPost.get(file.typeId ?? 0);
    if (tid !== undefined) out.get(tid)!.files.set(id, file);
  }
  for (const r of missing) deps.cards.set(r.id, out.get(r.id)!, gen);
  return out;
}
