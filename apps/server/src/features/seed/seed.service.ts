import { hashPassword } from '../../platform/auth/password.js';
import type { Database } from '../../platform/db/db.js';
import { categories } from '../categories/index.js';
import { groupUser } from '../groups/groups.table.js';
import { posts } from '../posts/index.js';
import { extractTopics, threadSearchColumns, threads } from '../threads/index.js';
import { users } from '../users/users.table.js';
import { nickname, replyText, rng, threadText } from './seed.text.js';

/** How much to seed; `bigThreadReplies` adds one thread with that many replies (deep-page benchmark). */
export interface SeedOptions {
  users: number;
  threads: number;
  replies: number;
  bigThreadReplies?: number;
  seed?: number;
}

/** Reports progress to the CLI's bar. */
export type Progress = (stage: string, done: number, total: number) => void;

/** Every seeded user signs in with this password (printed by the CLI). */
export const SEED_PASSWORD = 'password123';
const BATCH = 500;
const CATEGORY_NAMES = ['综合讨论', '技术交流', '生活分享', '问答求助', 'English Corner'];

async function inBatches<T>(
  rows: T[],
  stage: string,
  progress: Progress,
  write: (batch: T[]) => Promise<void>,
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await write(rows.slice(i, i + BATCH));
    progress(stage, Math.min(i + BATCH, rows.length), rows.length);
  }
}

/** Bulk-inserts realistic users, threads and replies, then recomputes every counter in SQL. */
export async function seed(
  database: Database,
  opts: SeedOptions,
  progress: Progress,
): Promise<{ bigThreadId: number | null }> {
  const db = database.db;
  const r = rng(opts.seed ?? 42);
  const passwordHash = await hashPassword(SEED_PASSWORD);

  const existing = await db.select({ id: categories.id }).from(categories);
  if (existing.length < 3) {
    await db.insert(categories).values(CATEGORY_NAMES.map((name, i) => ({ name, sort: i + 1, property: 1 })));
  }
  const catIds = (await db.select({ id: categories.id }).from(categories)).map((c) => c.id);

  const stamp = Date.now().toString(36);
  const userRows = Array.from({ length: opts.users }, (_, i) => ({
    username: `s${stamp}_${i}`.slice(0, 15),
    nickname: nickname(r, i),
    passwordHash,
  }));
  const userIds: number[] = [];
  await inBatches(userRows, 'users', progress, async (batch) => {
    const ids = await db.insert(users).values(batch).returning({ id: users.id });
    await db.insert(groupUser).values(ids.map((u) => ({ userId: u.id, groupId: 10 })));
    userIds.push(...ids.map((u) => u.id));
  });
  if (userIds.length === 0)
    userIds.push(...(await db.select({ id: users.id }).from(users).limit(1000)).map((u) => u.id));

  const now = Date.now();
  const threadRows = Array.from({ length: opts.threads + (opts.bigThreadReplies ? 1 : 0) }, (_, i) => {
    const t = threadText(r, i);
    const created = new Date(now - (opts.threads - i) * 60_000);
    return {
      row: {
        userId: userIds[Math.floor(r() * userIds.length)]!,
        categoryId: catIds[Math.floor(r() * catIds.length)]!,
        title: t.title,
        ...threadSearchColumns({ title: t.title, text: t.text }),
        tomTypes: ['100'],
        createdAt: created,
        updatedAt: created,
        postedAt: created,
        issueAt: created,
        viewCount: Math.floor(r() * 500),
      },
      html: t.html,
    };
  });
  const threadIds: number[] = [];
  await inBatches(threadRows, 'threads', progress, async (batch) => {
    const ids = await db
      .insert(threads)
      .values(batch.map((b) => b.row))
      .returning({ id: threads.id, userId: threads.userId, createdAt: threads.createdAt });
    await db.insert(posts).values(
      ids.map((t, j) => ({
        threadId: t.id,
        userId: t.userId,
        content: batch[j]!.html,
        isFirst: true,
        createdAt: t.createdAt,
      })),
    );
    threadIds.push(...ids.map((t) => t.id));
  });
  const bigThreadId = opts.bigThreadReplies ? threadIds[threadIds.length - 1]! : null;

  // Replies: spread over the ordinary threads, numbered per thread, after each thread's creation time.
  const seqOf = new Map<number, number>();
  const replyPlan: Array<{ threadId: number }> = [];
  for (let i = 0; i < opts.replies; i++)
    replyPlan.push({ threadId: threadIds[Math.floor(r() * opts.threads)]! });
  for (let i = 0; i < (opts.bigThreadReplies ?? 0); i++) replyPlan.push({ threadId: bigThreadId! });
  await inBatches(replyPlan, 'replies', progress, async (batch) => {
    await db.insert(posts).values(
      batch.map((p) => {
        const seq = (seqOf.get(p.threadId) ?? 0) + 1;
        seqOf.set(p.threadId, seq);
        return {
          threadId: p.threadId,
          userId: userIds[Math.floor(r() * userIds.length)]!,
          content: replyText(r),
          seq,
          createdAt: new Date(now + seq),
        };
      }),
    );
  });

  // The threads' `#name#` tags become topics, as posting makes them.
  progress('topics', 0, 1);
  await extractTopics(db);
  progress('topics', 1, 1);

  progress('counters', 0, 1);
  await database.exec(`
    UPDATE threads t SET post_count = c.n, reply_seq = c.maxseq, posted_at = GREATEST(t.posted_at, c.last)
    FROM (SELECT thread_id, count(*)::int n, max(seq) maxseq, max(created_at) last FROM posts
          WHERE is_first = false AND deleted_at IS NULL GROUP BY thread_id) c
    WHERE t.id = c.thread_id`);
  await database.exec(`
    UPDATE users u SET thread_count = COALESCE(t.n, 0), post_count = COALESCE(p.n, 0)
    FROM users u2
    LEFT JOIN (SELECT user_id, count(*)::int n FROM threads WHERE deleted_at IS NULL AND is_draft = false GROUP BY user_id) t ON t.user_id = u2.id
    LEFT JOIN (SELECT user_id, count(*)::int n FROM posts WHERE is_first = false AND deleted_at IS NULL GROUP BY user_id) p ON p.user_id = u2.id
    WHERE u.id = u2.id`);
  await database.exec(`
    UPDATE categories c SET thread_count = COALESCE(t.n, 0)
    FROM categories c2 LEFT JOIN (SELECT category_id, count(*)::int n FROM threads WHERE deleted_at IS NULL AND is_draft = false GROUP BY category_id) t
      ON t.category_id = c2.id
    WHERE c.id = c2.id`);
  // VACUUM sets the visibility map, as autovacuum would on a live site, so counts can be index-only scans.
  await database.exec('VACUUM ANALYZE');
  progress('counters', 1, 1);
  return { bigThreadId };
}
