import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: { token: string; userId: number };
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let threadId: number;
let firstPostId: number;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  const r = await call(t.app, 'POST', '/api/v3/thread.create', {
    token: alice.token,
    body: { categoryId: 1, title: 't', content: { text: '<p>first</p>' } },
  });
  threadId = r.Data.threadId;
  firstPostId = r.Data.postId;
});
afterAll(async () => t?.close());

const reply = (token: string | undefined, body: object) =>
  call(t.app, 'POST', '/api/v3/posts.create', { token, body });
const list = (query: Record<string, string>, token?: string) =>
  call(t.app, 'GET', '/api/v3/posts.list', {
    token,
    query: { 'filter[thread]': String(threadId), ...query },
  });

describe('replies and comments', () => {
  it('replies get floors; pages and cursors agree; which page works', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const r = await reply(bob.token, { id: threadId, content: `reply ${i} @${'x'}` });
      expect(r.Code).toBe(0);
      expect(r.Data.floor).toBe(i);
      ids.push(r.Data.id);
    }
    const p1 = await list({ page: '1', perPage: '3', sort: 'createdAt' });
    expect(p1.Data.pageData.map((p: { floor: number }) => p.floor)).toEqual([1, 2, 3]);
    expect(p1.Data).toMatchObject({ totalCount: 7, totalPage: 3, nextCursor: 3 });
    const c2 = await list({ cursor: String(p1.Data.nextCursor), perPage: '3' });
    expect(c2.Data.pageData.map((p: { floor: number }) => p.floor)).toEqual([4, 5, 6]);
    const p3 = await list({ page: '3', perPage: '3' });
    expect(p3.Data.pageData.map((p: { floor: number }) => p.floor)).toEqual([7]);
    expect(p3.Data.nextCursor).toBeNull();
    const newest = await list({ page: '1', perPage: '3', sort: '-createdAt' });
    expect(newest.Data.pageData.map((p: { floor: number }) => p.floor)).toEqual([7, 6, 5]);
    const pos = await call(t.app, 'GET', '/api/v3/posts.postion', {
      query: { threadId: String(threadId), postId: String(ids[4]), perPage: '3' },
    });
    expect(pos.Data).toMatchObject({ page: 2, location: 5 });
    const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(threadId) },
    });
    expect(detail.Data.postCount).toBe(7);
    expect((await list({ perPage: '500' })).Code).toBe(-4001);
  });

  it('comments sit under a reply (one level) and count on it', async () => {
    const r = (await reply(alice.token, { id: threadId, content: 'parent' })).Data;
    const c1 = await reply(bob.token, { id: threadId, content: 'c1', isComment: true, replyId: r.id });
    expect(c1.Data).toMatchObject({ isComment: true, replyPostId: r.id, floor: r.floor });
    const c2 = await reply(alice.token, {
      id: threadId,
      content: 'c2',
      isComment: true,
      replyId: r.id,
      commentPostId: c1.Data.id,
    });
    expect(c2.Data.commentUserId).toBe(bob.userId);
    const nested = await reply(bob.token, {
      id: threadId,
      content: 'x',
      isComment: true,
      replyId: c1.Data.id,
    });
    expect(nested.Code).toBe(-4001);
    const d = await call(t.app, 'GET', '/api/v3/posts.detail', { query: { postId: String(r.id) } });
    expect(d.Data.post.replyCount).toBe(2);
    expect(d.Data.comments).toHaveLength(2);
    const page = await list({ cursor: String(r.floor - 1), perPage: '1' });
    expect(page.Data.pageData[0].lastThreeComments).toHaveLength(2);
  });

  it('refuses guests, empty and over-long replies', async () => {
    expect((await reply(undefined, { id: threadId, content: 'x' })).Code).toBe(-3001);
    expect((await reply(bob.token, { id: threadId, content: '' })).Code).toBe(-4001);
    expect((await reply(bob.token, { id: threadId, content: 'a'.repeat(50_000) })).Code).toBe(-4001);
    expect((await reply(bob.token, { id: 99999, content: 'x' })).Code).toBe(-4004);
  });

  it('stores a lone surrogate as U+FFFD and keeps a pair whole (as UTF-8 makes it; a batch of replies travels as JSON)', async () => {
    const r = await reply(bob.token, { id: threadId, content: '<p>half \ud800 and a pair \ud83d\ude00</p>' });
    expect(r.Code).toBe(0);
    expect(r.Data.content).toBe('<p>half \ufffd and a pair 😀</p>');
    const stored = await t.app.forum.database.exec('select content from posts where id = $1', [r.Data.id]);
    expect(stored.rows[0]!.content).toBe('<p>half \ufffd and a pair 😀</p>');
  });

  it('likes: the first post carries the thread likes; liked users; counters', async () => {
    const before = await call(t.app, 'GET', '/api/v3/user', { token: alice.token });
    const like = await call(t.app, 'POST', '/api/v3/posts.update', {
      token: bob.token,
      body: { postId: firstPostId, data: { attributes: { isLiked: true } } },
    });
    expect(like.Data).toMatchObject({ isLiked: true, likeCount: 1 });
    const again = await call(t.app, 'POST', '/api/v3/posts.update', {
      token: bob.token,
      body: { postId: firstPostId, isLiked: true },
    });
    expect(again.Data.likeCount).toBe(1);
    const th = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: bob.token,
      query: { threadId: String(threadId) },
    });
    expect(th.Data).toMatchObject({ isLike: true, likeCount: 1 });
    expect(th.Data.likeReward.users[0].userId).toBe(bob.userId);
    const users = await call(t.app, 'GET', '/api/v3/thread.likedusers', {
      query: { threadId: String(threadId), type: '1', page: '1', perPage: '300' },
    });
    expect(users.Data.pageData.list.map((u: { userId: number }) => u.userId)).toEqual([bob.userId]);
    // The original's type 2 lists the paid orders (tips, purchases) without the likes.
    const paid = await call(t.app, 'GET', '/api/v3/thread.likedusers', {
      query: { threadId: String(threadId), type: '2', page: '1', perPage: '300' },
    });
    expect(paid.Data.pageData).toMatchObject({ likeCount: 1, list: [] });
    const after = await call(t.app, 'GET', '/api/v3/user', { token: alice.token });
    expect(after.Data.likedCount).toBe(before.Data.likedCount + 1);
    const guest = await call(t.app, 'POST', '/api/v3/posts.update', {
      body: { postId: firstPostId, isLiked: true },
    });
    expect(guest.Code).toBe(-3001);
    const liked = await call(t.app, 'GET', '/api/v3/thread.list', {
      token: bob.token,
      query: { 'filter[complex]': '2' },
    });
    expect(liked.Data.pageData.map((x: { threadId: number }) => x.threadId)).toEqual([threadId]);
  });

  it('edit and delete replies: own yes, others no; deleted floors leave gaps', async () => {
    const r = (await reply(bob.token, { id: threadId, content: 'mine' })).Data;
    const byAlice = await call(t.app, 'POST', '/api/v3/posts.update', {
      token: alice.token,
      body: { postId: r.id, content: 'x' },
    });
    expect(byAlice.Code).toBe(-4002);
    const edit = await call(t.app, 'POST', '/api/v3/posts.update', {
      token: bob.token,
      body: { postId: r.id, content: '<p>edited<script>x</script></p>' },
    });
    expect(edit.Data.content).toBe('<p>edited</p>');
    const countBefore = (
      await call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(threadId) } })
    ).Data.postCount;
    expect(
      (
        await call(t.app, 'POST', '/api/v3/posts.update', {
          token: alice.token,
          body: { postId: r.id, isDeleted: true },
        })
      ).Code,
    ).toBe(-4002);
    expect(
      (
        await call(t.app, 'POST', '/api/v3/posts.update', {
          token: bob.token,
          body: { postId: r.id, isDeleted: true },
        })
      ).Code,
    ).toBe(0);
    const countAfter = (
      await call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(threadId) } })
    ).Data.postCount;
    expect(countAfter).toBe(countBefore - 1);
    expect((await call(t.app, 'GET', '/api/v3/posts.detail', { query: { postId: String(r.id) } })).Code).toBe(
      -4004,
    );
    expect(
      (
        await call(t.app, 'POST', '/api/v3/posts.update', {
          token: bob.token,
          body: { postId: r.id, isApproved: 1 },
        })
      ).Code,
    ).toBe(-4004);
  });

  it('reports of threads, posts and users', async () => {
    const ok = await call(t.app, 'POST', '/api/v3/reports', {
      token: bob.token,
      body: { type: 1, threadId, reason: 'spam' },
    });
    expect(ok.Data.id).toBeGreaterThan(0);
    expect(
      (
        await call(t.app, 'POST', '/api/v3/reports', {
          token: bob.token,
          body: { type: 0, userId: alice.userId, reason: 'x' },
        })
      ).Code,
    ).toBe(0);
    expect(
      (
        await call(t.app, 'POST', '/api/v3/reports', {
          token: bob.token,
          body: { type: 2, postId: 99999, reason: 'x' },
        })
      ).Code,
    ).toBe(-4004);
    expect(
      (
        await call(t.app, 'POST', '/api/v3/reports', {
          token: bob.token,
          body: { type: 1, threadId, reason: '' },
        })
      ).Code,
    ).toBe(-4001);
    expect(
      (await call(t.app, 'POST', '/api/v3/reports', { body: { type: 1, threadId, reason: 'x' } })).Code,
    ).toBe(-3001);
  });
});

describe('per-category permissions', () => {
  it('a scoped grant shows one category to guests and hides the other', async () => {
    const created = await call(t.app, 'POST', '/api/backAdmin/categories.create', {
      token: admin.token,
      body: { data: [{ name: '内部', sort: 9 }] },
    });
    const cat = created.Data.find((c: { name: string }) => c.name === '内部').pid as number;
    const th = (
      await call(t.app, 'POST', '/api/v3/thread.create', {
        token: admin.token,
        body: { categoryId: cat, content: { text: 'secret' } },
      })
    ).Data;
    const db = t.app.forum.database;
    await db.exec(
      `DELETE FROM group_permissions WHERE group_id = 7 AND permission IN ('viewThreads', 'thread.viewPosts')`,
    );
    await db.exec(
      `INSERT INTO group_permissions (group_id, permission) VALUES (7, 'category1.viewThreads'), (7, 'category1.thread.viewPosts')`,
    );
    await t.app.forum.groups.changed();
    try {
      const cats = await call(t.app, 'GET', '/api/v3/categories');
      expect(cats.Data.map((c: { pid: number }) => c.pid)).toEqual([1]);
      expect(
        (await call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(th.threadId) } }))
          .Code,
      ).toBe(-4002);
      const listed = await call(t.app, 'GET', '/api/v3/thread.list', { query: { perPage: '100' } });
      expect(listed.Data.pageData.map((x: { threadId: number }) => x.threadId)).not.toContain(th.threadId);
      expect(
        (await call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(threadId) } })).Code,
      ).toBe(0);
      const member = await call(t.app, 'GET', '/api/v3/thread.detail', {
        token: bob.token,
        query: { threadId: String(th.threadId) },
      });
      expect(member.Code).toBe(0);
    } finally {
      await db.exec(
        `INSERT INTO group_permissions (group_id, permission) VALUES (7, 'viewThreads'), (7, 'thread.viewPosts')`,
      );
      await t.app.forum.groups.changed();
    }
  });
});

describe('a reply checked on the kept copy of a busy thread', () => {
  it('is refused once another instance has held, moved or deleted the thread, and nothing is written', async () => {
    const db = t.app.forum.database;
    const id = (
      await call(t.app, 'POST', '/api/v3/thread.create', {
        token: alice.token,
        body: { categoryId: 1, title: 'kept', content: { text: '<p>kept</p>' } },
      })
    ).Data.threadId as number;
    const answer = async (token = bob.token) => (await reply(token, { id, content: 'again' })).Code;
    const posts = async () =>
      Number((await db.exec('SELECT count(*) AS n FROM posts WHERE thread_id = $1', [id])).rows[0]!.n);
    // Each change below is made straight in the database, as another instance would: this one's copy is stale.
    expect(await answer()).toBe(0);
    await db.exec('UPDATE threads SET is_approved = 0 WHERE id = $1', [id]);
    expect(await answer()).toBe(-4004);
    await db.exec('UPDATE threads SET is_approved = 1 WHERE id = $1', [id]);
    expect(await answer()).toBe(0);

    const cat = (
      await call(t.app, 'POST', '/api/backAdmin/categories.create', {
        token: admin.token,
        body: { data: [{ name: '只读', sort: 8 }] },
      })
    ).Data.find((c: { name: string }) => c.name === '只读').pid as number;
    await db.exec(
      `DELETE FROM group_permissions WHERE group_id = 10 AND permission IN ('thread.reply', $1)`,
      [`category${cat}.thread.reply`],
    );
    await db.exec(
      `INSERT INTO group_permissions (group_id, permission) VALUES (10, 'category1.thread.reply')`,
    );
    await t.app.forum.groups.changed();
    try {
      // Someone signed in after the change, so their permissions are the new ones.
      const carol = (await registerUser(t.app)).token;
      expect(await answer(carol)).toBe(0);
      await db.exec('UPDATE threads SET category_id = $2 WHERE id = $1', [id, cat]);
      expect(await answer(carol)).toBe(-4002);
      await db.exec('UPDATE threads SET category_id = 1 WHERE id = $1', [id]);
      expect(await answer(carol)).toBe(0);
    } finally {
      await db.exec(
        `DELETE FROM group_permissions WHERE group_id = 10 AND permission = 'category1.thread.reply'`,
      );
      await db.exec(`INSERT INTO group_permissions (group_id, permission) VALUES (10, 'thread.reply')`);
      await t.app.forum.groups.changed();
    }

    await db.exec('UPDATE threads SET deleted_at = now() WHERE id = $1', [id]);
    expect(await answer()).toBe(-4004);
    // The first post and the four replies that were let in.
    expect(await posts()).toBe(5);
    const counts = (await db.exec('SELECT post_count, reply_seq FROM threads WHERE id = $1', [id])).rows[0];
    expect(counts).toMatchObject({ post_count: 4, reply_seq: 4 });
  });
});
