import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { htmlToText } from '../../platform/content/sanitize.js';
import { posts } from '../posts/posts.table.js';
import { threadSearchColumns } from './threads.repository.js';
import { threads } from './threads.table.js';

/**
 * Rebuilds every thread's search columns from its title and first post, by the current rules (a priced
 * thread: its free part only). For sites whose index predates a rule change, and for imported threads,
 * which arrive without one. `onlyPriced` limits it to threads with a price. Answers how many it rewrote.
 */
export async function reindexThreads(db: DbOrTx, onlyPriced = false, batch = 500): Promise<number> {
  let after = 0;
  let done = 0;
  for (;;) {
    const rows = await db
      .select({
        id: threads.id,
        title: threads.title,
        price: threads.price,
        freeWords: threads.freeWords,
        content: posts.content,
      })
      .from(threads)
      .leftJoin(posts, and(eq(posts.threadId, threads.id), eq(posts.isFirst, true)))
      .where(and(gt(threads.id, after), onlyPriced ? gt(threads.price, 0) : undefined))
      .orderBy(asc(threads.id))
      .limit(batch);
    if (!rows.length) return done;
    for (const r of rows) {
      const src = {
        title: r.title,
        text: htmlToText(r.content ?? ''),
        price: r.price,
        freeWords: r.freeWords,
      };
      await db.update(threads).set(threadSearchColumns(src)).where(eq(threads.id, r.id));
    }
    done += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
