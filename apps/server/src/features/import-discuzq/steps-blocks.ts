import { goodsBlockBody, TomId } from '@forum/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/db.js';
import { posts } from '../posts/posts.table.js';
import { threadToms } from '../threads/threads.table.js';
import { allocIds, date, fen, int, str, type Step } from './runner.js';

/**
 * Gives a thread its block of a type: the body replaces the one the blocks step copied from `thread_tom`,
 * or, for a thread that had none (older sites kept goods and red packets outside `thread_tom`), becomes a
 * new block keyed by its type and listed in the thread's types.
 */
export async function setBlock(tx: Tx, threadId: number, tomType: string, body: unknown): Promise<void> {
  const done = await tx
    .update(threadToms)
    .set({ body })
    .where(and(eq(threadToms.threadId, threadId), eq(threadToms.tomType, tomType)))
    .returning({ key: threadToms.key });
  if (done.length > 0) return;
  await tx.insert(threadToms).values({ threadId, key: tomType, tomType, body }).onConflictDoNothing();
  await tx.execute(sql`UPDATE threads SET tom_types = (
      SELECT array_agg(DISTINCT x ORDER BY x) FROM unnest(tom_types || ARRAY[${tomType}]::text[]) x)
    WHERE id = ${threadId}`);
}

/** Our thread of each of our posts. */
export async function threadsOfPosts(tx: Tx, postIds: number[]): Promise<Map<number, number>> {
  const ids = postIds.filter(Boolean);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: posts.id, threadId: posts.threadId })
    .from(posts)
    .where(inArray(posts.id, ids));
  return new Map(rows.map((r) => [r.id, r.threadId]));
}

/** The shop of the original's `post_goods.type`, as our goods card labels it. */
const PLATFORMS: Record<number, string> = { 0: 'taobao', 1: 'tmall', 2: 'jd' };

/** The product page: the parsed address, else the first web address in what the author pasted. */
function productLink(r: Record<string, unknown>): string {
  const parsed = str(r.detail_content).trim();
  if (/^https?:\/\//i.test(parsed)) return parsed;
  return /https?:\/\/[^\s"'<>]+/i.exec(str(r.ready_content))?.[0] ?? parsed;
}

/**
 * Goods (`post_goods`, keyed by the thread's first post) become the thread's goods block (tom 104) with
 * our card's fields; a card needs an http(s) product link, as one posted here does.
 */
export const goodsStep: Step = {
  table: 'post_goods',
  needs: ['posts'],
  async write({ tx, maps, skip }, rows) {
    const threadOf = await threadsOfPosts(
      tx,
      rows.map((r) => maps.get('posts', r.post_id)),
    );
    const out: Array<[number, number]> = [];
    for (const r of rows) {
      const threadId = threadOf.get(maps.get('posts', r.post_id));
      if (date(r.deleted_at)) skip('goods deleted in the source');
      else if (!threadId) skip('post not imported');
      else {
        const image = str(r.image_path).trim();
        const body = goodsBlockBody.safeParse({
          detailContent: productLink(r),
          title: str(r.title).trim().slice(0, 200),
          price: Number(fen(r.price)),
          imagePath: /^https?:\/\//i.test(image) ? image : '',
          platformId: PLATFORMS[int(r.type)] ?? '',
        });
        if (!body.success) skip(`goods card not valid here (${body.error.issues[0]!.path.join('.')})`);
        else {
          await setBlock(tx, threadId, String(TomId.GOODS), body.data);
          out.push([int(r.id), threadId]);
        }
      }
    }
    return out;
  },
};

/**
 * Legacy Q&A (`questions`): the question is its thread's text, already imported; an answer that everyone
 * could read there (no question or onlooker price) becomes the answerer's reply on the thread. An answer
 * behind a price stays out: as a public reply it would give away what members paid to see.
 */
export const questionsStep: Step = {
  table: 'questions',
  needs: ['threads', 'users'],
  async write({ tx, maps, skip }, rows) {
    const ok = rows.filter((r) => {
      if (int(r.is_answer) !== 1 || !str(r.content).trim())
        skip('never answered: the question is its thread');
      else if (fen(r.price) > 0n || fen(r.onlooker_unit_price) > 0n)
        skip('paid answer: only its asker and onlookers could read it');
      else if (!maps.get('threads', r.thread_id)) skip('thread not imported');
      else if (!maps.get('users', r.be_user_id)) skip('answerer not imported');
      else return true;
      return false;
    });
    const ids = await allocIds(tx, 'posts', ok.length);
    for (const [i, r] of ok.entries()) {
      const threadId = maps.get('threads', r.thread_id);
      const approved = int(r.is_approved ?? 1);
      // The next reply number of the thread, taken as a new reply here would take it.
      const counted = approved === 1 ? 1 : 0;
      const [t] = await rowsOf<{ seq: number }>(
        tx,
        sql`UPDATE threads SET reply_seq = reply_seq + 1, post_count = post_count + ${counted}
            WHERE id = ${threadId} RETURNING reply_seq AS seq`,
      );
      await tx.execute(
        sql`UPDATE users SET post_count = post_count + ${counted} WHERE id = ${maps.get('users', r.be_user_id)}`,
      );
      const at = date(r.answered_at) ?? date(r.updated_at) ?? new Date();
      await tx.insert(posts).values({
        id: ids[i]!,
        threadId,
        userId: maps.get('users', r.be_user_id),
        seq: Number(t!.seq),
        content: str(r.content).replaceAll('\u0000', ''),
        ip: str(r.ip).slice(0, 64),
        isApproved: approved,
        createdAt: at,
        updatedAt: at,
      });
    }
    return ok.map((r, i) => [int(r.id), ids[i]!]);
  },
};
