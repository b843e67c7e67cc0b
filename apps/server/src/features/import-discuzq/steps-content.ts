import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { attachments } from '../attachments/attachments.table.js';
import { postLikes, postMentions } from '../posts/posts.table.js';
import { threadFavorites, threadToms, threadVotes } from '../threads/threads.table.js';
import { entityStep, linkStep } from './link-step.js';
import { allocIds, bool, bulkInsert, date, fen, int, str, type Step } from './runner.js';

export const threadsStep = entityStep({
  table: 'threads',
  needs: ['users', 'categories'],
  required: [
    ['user_id', 'users', 'author not imported'],
    ['category_id', 'categories', 'category not imported'],
  ],
  into: 'threads',
  insert: (tx, items, maps) =>
    bulkInsert(
      tx,
      'threads',
      items.map(({ r, id }) => ({
        id,
        user_id: maps.get('users', r.user_id),
        last_posted_user_id: maps.get('users', r.last_posted_user_id) || null,
        category_id: maps.get('categories', r.category_id),
        title: str(r.title).slice(0, 200),
        post_count: int(r.post_count),
        view_count: int(r.view_count),
        share_count: int(r.share_count),
        paid_count: int(r.paid_count),
        rewarded_count: int(r.rewarded_count),
        price: Number(fen(r.price)),
        attachment_price: Number(fen(r.attachment_price)),
        free_words: Number(r.free_words ?? 0),
        longitude: Number(r.longitude ?? 0),
        latitude: Number(r.latitude ?? 0),
        address: str(r.address).slice(0, 200),
        location: str(r.location).slice(0, 200),
        is_approved: int(r.is_approved),
        is_sticky: bool(r.is_sticky),
        is_essence: bool(r.is_essence),
        is_site: bool(r.is_site),
        is_anonymous: bool(r.is_anonymous),
        is_draft: bool(r.is_draft),
        posted_at: date(r.posted_at) ?? date(r.created_at) ?? new Date(),
        issue_at: date(r.issue_at) ?? (bool(r.is_draft) ? null : date(r.created_at)),
        created_at: date(r.created_at) ?? new Date(),
        updated_at: date(r.updated_at) ?? new Date(),
        deleted_at: date(r.deleted_at),
        deleted_user_id: maps.get('users', r.deleted_user_id) || null,
      })),
    ),
});

export const postsStep: Step = {
  table: 'posts',
  needs: ['users', 'threads'],
  async write({ tx, maps, skip }, rows) {
    const ok = rows.filter((r) => {
      if (!maps.get('threads', r.thread_id)) return (skip('thread not imported'), false);
      if (!maps.get('users', r.user_id)) return (skip('author not imported'), false);
      return true;
    });
    const ids = await allocIds(tx, 'posts', ok.length);
    // Comments point at replies of the same batch too.
    const local = new Map(ok.map((r, i) => [int(r.id), ids[i]!]));
    const post = (v: unknown) => local.get(int(v)) ?? maps.get('posts', v);
    await bulkInsert(
      tx,
      'posts',
      ok.map((r, i) => ({
        id: ids[i]!,
        thread_id: maps.get('threads', r.thread_id),
        user_id: maps.get('users', r.user_id),
        reply_post_id: post(r.reply_post_id),
        reply_user_id: maps.get('users', r.reply_user_id),
        comment_post_id: post(r.comment_post_id),
        comment_user_id: maps.get('users', r.comment_user_id),
        content: str(r.content).replaceAll('\u0000', ''),
        ip: str(r.ip).slice(0, 64),
        reply_count: int(r.reply_count),
        like_count: int(r.like_count),
        is_first: bool(r.is_first),
        is_comment: bool(r.is_comment),
        is_approved: int(r.is_approved),
        created_at: date(r.created_at) ?? new Date(),
        updated_at: date(r.updated_at) ?? new Date(),
        deleted_at: date(r.deleted_at),
        deleted_user_id: maps.get('users', r.deleted_user_id) || null,
      })),
    );
    return ok.map((r, i) => [int(r.id), ids[i]!]);
  },
  // Replies get their per-thread numbers (comments their reply's), threads their next number.
  async finish(db) {
    await db.execute(sql`
      UPDATE posts p SET seq = n.rn FROM (
        SELECT id, row_number() OVER (PARTITION BY thread_id ORDER BY id) AS rn FROM posts
        WHERE is_first = false AND is_comment = false AND thread_id IN (
          SELECT target_id FROM import_id_map WHERE source = 'threads')
      ) n WHERE p.id = n.id AND p.seq <> n.rn`);
    await db.execute(sql`
      UPDATE posts c SET seq = r.seq FROM posts r
      WHERE c.is_comment = true AND c.reply_post_id = r.id AND c.seq <> r.seq`);
    await db.execute(sql`
      UPDATE threads t SET reply_seq = m.s FROM (
        SELECT thread_id, max(seq) AS s FROM posts GROUP BY thread_id) m
      WHERE t.id = m.thread_id AND t.reply_seq < m.s`);
    // Counted as ours counts them (visible replies and comments), not as the source's counter says.
    await db.execute(sql`
      UPDATE threads t SET post_count = m.n FROM (
        SELECT thread_id, count(*) FILTER (WHERE is_first = false AND is_approved = 1 AND deleted_at IS NULL) AS n
        FROM posts WHERE thread_id IN (SELECT target_id FROM import_id_map WHERE source = 'threads')
        GROUP BY thread_id) m
      WHERE t.id = m.thread_id AND t.post_count <> m.n`);
    await db.execute(sql`
      UPDATE users u SET post_count = m.n FROM (
        SELECT user_id, count(*) FILTER (WHERE is_first = false AND is_approved = 1 AND deleted_at IS NULL) AS n
        FROM posts WHERE user_id IN (SELECT target_id FROM import_id_map WHERE source = 'users')
        GROUP BY user_id) m
      WHERE u.id = m.user_id AND u.post_count <> m.n`);
  },
};

/** Original attachment types equal ours (0 file, 1 image, 2 audio, 3 video, 4 message image). */
export const attachmentsStep: Step = {
  table: 'attachments',
  needs: ['users', 'posts', 'dialog_message'],
  async write({ tx, maps, skip }, rows) {
    const ok = rows.filter((r) => {
      if (!maps.get('users', r.user_id)) return (skip('owner not imported'), false);
      return true;
    });
    const ids = await allocIds(tx, 'attachments', ok.length);
    const owner = (r: (typeof ok)[number]) =>
      int(r.type) === 4 ? maps.get('dialog_message', r.type_id) : maps.get('posts', r.type_id);
    if (ok.length > 0)
      await tx.insert(attachments).values(
        ok.map((r, i) => ({
          id: ids[i]!,
          uuid: /^[0-9a-f-]{36}$/i.test(str(r.uuid)) ? str(r.uuid) : randomUUID(),
          userId: maps.get('users', r.user_id),
          type: int(r.type),
          typeId: owner(r) || null,
          order: int(r.order),
          isRemote: bool(r.is_remote),
          isApproved: int(r.is_approved),
          // The original's storage path: `--files` copies the file to the same relative place.
          filePath: `${str(r.file_path)}${str(r.attachment)}`,
          fileName: str(r.file_name).slice(0, 255) || str(r.attachment),
          fileSize: int(r.file_size),
          fileType: str(r.file_type).slice(0, 100),
          width: int(r.file_width),
          height: int(r.file_height),
          createdAt: date(r.created_at) ?? new Date(),
        })),
      );
    for (const [i, r] of ok.entries())
      if (int(r.type) === 4 && owner(r))
        await tx.execute(sql`UPDATE dialog_messages SET attachment_id = ${ids[i]!} WHERE id = ${owner(r)}`);
    return ok.map((r, i) => [int(r.id), ids[i]!]);
  },
};

/** Id lists inside block bodies that name attachments, renamed to ours. */
const ID_LISTS: Record<string, string> = { imageIds: 'attachments', docIds: 'attachments' };

export const thread_tomStep: Step = {
  table: 'thread_tom',
  needs: ['threads', 'attachments'],
  async write({ tx, maps, skip }, rows) {
    const out: Array<[number, number]> = [];
    const values: Array<typeof threadToms.$inferInsert> = [];
    const live = rows.filter((r) => int(r.status) === 0 || (skip('block deleted in the source'), false));
    const voteThreads = live
      .filter((r) => str(r.tom_type) === '109')
      .map((r) => maps.get('threads', r.thread_id));
    // Ours keeps one vote per block by its id; the source's vote of the thread is the one imported.
    const votes = voteThreads.length
      ? await tx
          .select({ id: threadVotes.id, threadId: threadVotes.threadId })
          .from(threadVotes)
          .where(inArray(threadVotes.threadId, voteThreads))
      : [];
    const voteOf = new Map(votes.map((v) => [v.threadId, v.id]));
    for (const r of live) {
      const threadId = maps.get('threads', r.thread_id);
      const tomType = str(r.tom_type);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(str(r.value) || '{}') as Record<string, unknown>;
      } catch {
        skip('block body is not JSON');
        continue;
      }
      if (!threadId) {
        skip('thread not imported');
        continue;
      }
      for (const [k, t] of Object.entries(ID_LISTS))
        if (Array.isArray(body[k]))
          body[k] = (body[k] as unknown[]).map((id) => maps.get(t, id)).filter(Boolean);
      if (tomType === '109') {
        if (!voteOf.has(threadId)) {
          skip('vote block without its vote');
          continue;
        }
        body = { voteId: voteOf.get(threadId) };
      }
      values.push({ threadId, key: str(r.key).slice(0, 40) || tomType, tomType, body });
      out.push([int(r.id), threadId]);
    }
    if (values.length === 0) return out;
    await tx.insert(threadToms).values(values).onConflictDoNothing();
    // Each thread lists the block types it has, for `filter.types`.
    await tx.execute(sql`UPDATE threads t SET tom_types = (
        SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(t.tom_types || n.types) x)
      FROM (SELECT thread_id, array_agg(tom_type) AS types FROM thread_toms
            WHERE thread_id IN (${sql.join(
              [...new Set(values.map((v) => v.threadId))].map((id) => sql`${id}`),
              sql`, `,
            )})
            GROUP BY thread_id) n
      WHERE t.id = n.thread_id`);
    return out;
  },
};

export const likesStep: Step = {
  ...linkStep({
    table: 'post_user',
    sides: [
      { column: 'post_id', from: 'posts', missing: 'post not imported' },
      { column: 'user_id', from: 'users', missing: 'user not imported' },
    ],
    target: postLikes,
    row: (postId, userId, r) => ({ postId, userId, createdAt: date(r.created_at) ?? new Date() }),
  }),
  async finish(db) {
    await db.execute(sql`UPDATE threads t SET like_count = p.like_count FROM posts p
      WHERE p.thread_id = t.id AND p.is_first = true AND t.like_count <> p.like_count`);
  },
};

export const favoritesStep = linkStep({
  table: 'thread_user',
  sides: [
    { column: 'thread_id', from: 'threads', missing: 'thread not imported' },
    { column: 'user_id', from: 'users', missing: 'user not imported' },
  ],
  target: threadFavorites,
  row: (threadId, userId, r) => ({ threadId, userId, createdAt: date(r.created_at) ?? new Date() }),
});

export const mentionsStep = linkStep({
  table: 'post_mentions_user',
  sides: [
    { column: 'post_id', from: 'posts', missing: 'post not imported' },
    { column: 'mentions_user_id', from: 'users', missing: 'user not imported' },
  ],
  target: postMentions,
  row: (postId, userId, r) => ({ postId, userId, createdAt: date(r.created_at) ?? new Date() }),
});
