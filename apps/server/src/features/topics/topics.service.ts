import type { TopicItem } from '@forum/contracts';
import { findTopics } from '../../platform/content/parse.js';
import type { Db, DbOrTx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { notFound } from '../../platform/http/errors.js';
import {
  bumpTopicViews,
  deleteTopics,
  firstTopicOf,
  listEmoji,
  listTopics,
  relinkThread,
  renameSeededEmoji,
  seedEmoji,
  setRecommended,
  upsertTopics,
  type TopicRow,
} from './topics.repository.js';
import { pageReply } from '../../platform/http/page.js';
import { BUILT_IN_EMOJI, builtInEmojiUrl } from './emoji-files.js';

/** The built-in emoji set's rows (codes as the original's `:code:`); images are served from /emoji/qq/. */
const EMOJI_SEED = BUILT_IN_EMOJI.map(([code], i) => ({
  category: 'qq',
  code: `:${code}:`,
  url: builtInEmojiUrl(code),
  order: i,
}));

function present(r: TopicRow): TopicItem {
  return {
    topicId: r.id,
    content: r.content,
    threadCount: r.threadCount,
    viewCount: r.viewCount,
    recommended: r.recommended,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Topics (`#name#`) and the emoji set. */
export class TopicsService {
  constructor(private readonly db: Db) {}

  /** Seeds the emoji set when rows are missing (and moves rows seeded with the old `.gif` names to the images). */
  async start(): Promise<void> {
    await seedEmoji(this.db, EMOJI_SEED);
    await renameSeededEmoji(this.db);
    const rows = await listEmoji(this.db);
    this.urls = new Map(rows.map((r) => [r.code.toLowerCase(), r.url]));
  }

  private urls: ReadonlyMap<string, string> = new Map();

  /** The site's emoji by code (`:smile:` → its image path), as loaded at start: posts turn codes into images. */
  emojiUrls(): ReadonlyMap<string, string> {
    return this.urls;
  }

  /**
   * Links a thread to the topics named in its text (inside the thread write's transaction) and returns the
   * ids by `topicKey`, so the caller can link `#name#` in the stored HTML.
   */
  async linkThread(
    tx: DbOrTx,
    threadId: number,
    userId: number,
    plainText: string,
  ): Promise<Map<string, number>> {
    const ids = await upsertTopics(tx, userId, findTopics(plainText));
    await relinkThread(tx, threadId, [...new Set(ids.values())]);
    return ids;
  }

  /**
   * Finds or creates the topics named in a reply's text (inside the reply write's transaction) and returns
   * their ids by `topicKey`, so `#name#` in the reply links to the topic page. Replies do not tag their
   * thread: a topic's thread count and thread list stay about the threads that name it.
   */
  linkPost(tx: DbOrTx, userId: number, plainText: string): Promise<Map<string, number>> {
    return upsertTopics(tx, userId, findTopics(plainText));
  }

  /** Drops a thread's topic links (deleted thread). */
  async unlinkThread(tx: DbOrTx, threadId: number): Promise<void> {
    await relinkThread(tx, threadId, []);
  }

  /** The first topic id of each thread. */
  firstTopicOf(db: DbOrTx, threadIds: number[]): Promise<Map<number, number>> {
    return firstTopicOf(db, threadIds);
  }

  /** `topic.view`: one more visit of a topic page (-4004 for an unknown topic). */
  async view(topicId: number): Promise<{ topicId: number; viewCount: number }> {
    const viewCount = await bumpTopicViews(this.db, topicId);
    if (viewCount == null) throw notFound();
    return { topicId, viewCount };
  }

  /** `topics.list`. */
  async list(q: {
    content?: string;
    topicId?: number;
    recommended?: boolean;
    sortBy: number;
    page: number;
    perPage: number;
  }) {
    const { rows, total } = await listTopics(this.db, {
      ...q,
      limit: q.perPage,
      offset: (q.page - 1) * q.perPage,
    });
    return pageReply(rows.map(present), q.page, q.perPage, total);
  }

  /** Admin: recommend topics or take it back. */
  recommend(ids: number[], recommended: boolean): Promise<number[]> {
    return setRecommended(this.db, [...new Set(ids)], recommended);
  }

  /** Admin: delete topics (their links go in the same transaction; the threads stay). */
  remove(ids: number[]): Promise<number[]> {
    return inTransaction(this.db, (tx) => deleteTopics(tx, [...new Set(ids)]));
  }

  /**
   * `emoji`, with absolute image URLs: the original clients resolve a relative one against their own origin
   * (and our pages may be behind another host), so paths become `base` + path; full URLs stay as they are.
   */
  async emoji(base: string) {
    const rows = await listEmoji(this.db);
    const absolute = (url: string) => (url.startsWith('/') ? `${base}${url}` : url);
    return rows.map((r) => ({
      id: r.id,
      category: r.category,
      url: absolute(r.url),
      code: r.code,
      order: r.order,
    }));
  }
}
