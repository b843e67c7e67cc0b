import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// The overlay is the per-person half of a page their group shares: each viewer must get exactly their own
// marks and abilities, and nothing of anyone else's.
let t: TestApp;
type U = { token: string; userId: number; username: string };
let author: U; // group 10
let other: U; // a second members' group (20)
let moderator: U; // a moderators' group (21)
let threadId: number;
let anonId: number;
let authorReply: number;
let otherReply: number;
let deletedReply: number;

const TRUSTED = 20;
const MODERATORS = 21;

async function groupLike(id: number, name: string, extra: string[]) {
  const db = t.app.forum.database;
  await db.exec(`INSERT INTO groups (id, name) VALUES ($1, $2)`, [id, name]);
  await db.exec(
    `INSERT INTO group_permissions (group_id, permission)
     SELECT $1::int, permission FROM group_permissions WHERE group_id = 10
     UNION SELECT $1::int, unnest($2::text[])`,
    [id, extra],
  );
}

async function moveTo(user: U, groupId: number) {
  await t.app.forum.database.exec(`UPDATE group_user SET group_id = $2 WHERE user_id = $1`, [
    user.userId,
    groupId,
  ]);
  await t.app.forum.groups.changed();
  await t.app.forum.users.sessionsChanged();
}

const ok = async <T = any>(token: string | undefined, method: 'GET' | 'POST', url: string, body?: object) => {
  const r = await call<T>(t.app, method, url, { token, ...(body && { body }) });
  expect(r.Code, `${url}: ${r.Message}`).toBe(0);
  return r.Data;
};

const overlay = (token?: string) =>
  ok(
    token,
    'GET',
    `/api/v3/viewer.overlay?threadIds=${threadId},${anonId}&postIds=${authorReply},${otherReply},${deletedReply}`,
  );

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings
    .set([{ key: 'thread_post_interval', value: '0', tag: 'default' }])
    .catch(() => {});
  await adminUser(t.app);
  author = await registerUser(t.app);
  other = await registerUser(t.app);
  moderator = await registerUser(t.app);
  await groupLike(TRUSTED, 'trusted', []);
  await groupLike(MODERATORS, 'moderators', [
    'thread.edit',
    'thread.hide',
    'thread.essence',
    'thread.sticky',
  ]);
  await moveTo(other, TRUSTED);
  await moveTo(moderator, MODERATORS);
  const mk = async (title: string, anonymous = false) =>
    (
      await ok(author.token, 'POST', '/api/v3/thread.create', {
        categoryId: 1,
        title,
        anonymous,
        content: { text: `<p>${title}</p>` },
      })
    ).threadId as number;
  threadId = await mk('overlay thread');
  anonId = await mk('anonymous overlay thread', true);
  const reply = async (token: string, text: string) =>
    (await ok(token, 'POST', '/api/v3/posts.create', { id: threadId, content: `<p>${text}</p>` }))
      .id as number;
  authorReply = await reply(author.token, 'by the author');
  otherReply = await reply(other.token, 'by the other member');
  deletedReply = await reply(other.token, 'soon deleted');
  await ok(other.token, 'POST', '/api/v3/posts.update', { postId: deletedReply, isDeleted: true });
  const detail = await ok(author.token, 'GET', `/api/v3/thread.detail?threadId=${threadId}`);
  await ok(author.token, 'POST', '/api/v3/posts.update', { postId: detail.postId, isLiked: true });
  await ok(author.token, 'POST', '/api/v3/threads/operate', { id: threadId, isFavorite: true });
  await ok(other.token, 'POST', '/api/v3/posts.update', { postId: authorReply, isLiked: true });
});
afterAll(async () => t?.close());

describe('viewer overlay', () => {
  it('a guest gets nobody and nothing', async () => {
    const o = await overlay();
    expect(o).toEqual({ user: null, threads: [], posts: [] });
  });

  it('the author sees their own like, favourite, anonymity and own-content abilities', async () => {
    const o = await overlay(author.token);
    expect(o.user.id).toBe(author.userId);
    const th = o.threads.find((x: any) => x.threadId === threadId);
    expect(th).toMatchObject({ isLike: true, isFavorite: true });
    expect(th.ability.canEdit).toBe(true);
    const anon = o.threads.find((x: any) => x.threadId === anonId);
    expect(anon.userId).toBe(author.userId);
    const mine = o.posts.find((p: any) => p.id === authorReply);
    expect(mine.isLiked).toBe(false);
    expect(o.posts.find((p: any) => p.id === otherReply).ability.canDelete).toBe(false);
    expect(o.posts.map((p: any) => p.id)).not.toContain(deletedReply);
  });

  it("a member of another group sees their own marks, never the author's", async () => {
    const o = await overlay(other.token);
    expect(o.user.id).toBe(other.userId);
    const th = o.threads.find((x: any) => x.threadId === threadId);
    expect(th).toMatchObject({ isLike: false, isFavorite: false });
    expect(th.ability.canEdit).toBe(false);
    expect(o.posts.find((p: any) => p.id === authorReply).isLiked).toBe(true);
    expect(o.posts.find((p: any) => p.id === otherReply).ability.canDelete).toBe(true);
    // The anonymous thread's author stays hidden, nested objects included.
    const anon = o.threads.find((x: any) => x.threadId === anonId);
    expect(anon.userId).toBe(0);
    expect(JSON.stringify(anon)).not.toContain(author.username);
    expect(o.posts.map((p: any) => p.id)).not.toContain(deletedReply);
  });

  it("a moderator gets the group's moderation abilities and no one's marks", async () => {
    const o = await overlay(moderator.token);
    expect(o.user.id).toBe(moderator.userId);
    const th = o.threads.find((x: any) => x.threadId === threadId);
    expect(th).toMatchObject({ isLike: false, isFavorite: false });
    expect(th.ability).toMatchObject({ canEdit: true, canDelete: true, canEssence: true, canStick: true });
    expect(o.posts.find((p: any) => p.id === authorReply).isLiked).toBe(false);
  });

  it('goes gzip to a browser, kept for each member alone, and made again after their write', async () => {
    const url = `/api/v3/viewer.overlay?threadIds=${threadId}&postIds=${authorReply}`;
    const gz = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      const json = JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8'));
      expect(json.Code).toBe(0);
      return json.Data;
    };
    const isLike = (o: any) => o.threads.find((x: any) => x.threadId === threadId).isLike;
    // The author and a new member of the same group, each twice (the second answer is the kept one).
    const peer = await registerUser(t.app);
    for (let round = 0; round < 2; round++) {
      const mine = await gz(author.token);
      expect(mine.user.id).toBe(author.userId);
      expect(isLike(mine)).toBe(true);
      const theirs = await gz(peer.token);
      expect(theirs.user.id).toBe(peer.userId);
      expect(isLike(theirs)).toBe(false);
    }
    const detail = await ok(peer.token, 'GET', `/api/v3/thread.detail?threadId=${threadId}`);
    await ok(peer.token, 'POST', '/api/v3/posts.update', { postId: detail.postId, isLiked: true });
    expect(isLike(await gz(peer.token))).toBe(true);
    expect((await gz(author.token)).user.id).toBe(author.userId);
  });

  it("a page's inline overlay leaves out a priced thread the member has not bought (it is the group's copy)", async () => {
    const priced = (
      await ok(author.token, 'POST', '/api/v3/thread.create', {
        categoryId: 1,
        title: 'priced overlay thread',
        price: 1,
        content: { text: '<p>paid words</p>' },
      })
    ).threadId as number;
    const reader = await registerUser(t.app);
    // Inline overlays hold only what differs from the group's page (thread-list-items `changed`).
    const inline = async (token: string) => {
      const actor = await t.app.forum.users.resolveActor(token, 'bearer');
      const source = await t.app.forum.pageOverlays.of(
        { ...actor, userId: actor.userId! },
        `threadIds=${priced},${threadId}`,
        'zh',
      );
      return JSON.parse(source!.json()) as {
        threads: Array<{ threadId: number; ability: { canEdit: boolean } }>;
      };
    };
    expect((await inline(reader.token)).threads).toEqual([]);
    // The author's copy does differ (their own abilities): it travels, with theirs.
    const mine = (await inline(author.token)).threads.find((x) => x.threadId === priced);
    expect(mine?.ability.canEdit).toBe(true);
  });

  it('refuses bad ids and too many of them', async () => {
    const bad = await call(t.app, 'GET', '/api/v3/viewer.overlay?threadIds=abc', { token: author.token });
    expect(bad.Code).toBe(-4001);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    const tooMany = await call(t.app, 'GET', `/api/v3/viewer.overlay?postIds=${many}`, {
      token: author.token,
    });
    expect(tooMany.Code).toBe(-4001);
  });

  it('a client cannot ask to read as a group (the view-as marker is in-process only)', async () => {
    const r = await call(t.app, 'GET', '/api/v3/forum', {
      headers: { 'x-forum-view-as': 'guess:1' },
    });
    expect(r.Code).toBe(0);
    expect(r.Data.user).toBeNull();
    expect(r.Data.otherPermissions.canViewAdmin).toBe(false);
  });
});
