import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { call, createThread, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// A plain reply stores its notifications in its own statement (issue 30 item 4): the writer's name and avatar,
// and the post's id, are filled in there. These tests pin what the reader gets, and that no second statement
// stores them.
let t: TestApp;
type U = { token: string; userId: number; username: string };
let ann: U;
let ben: U;
let cat: U;

type Query = (...args: unknown[]) => unknown;
/** Every statement text this process sends while `on` (the driver's query, wrapped before the app starts). */
const seen: string[] = [];
let on = false;
const proto = pg.Client.prototype as unknown as { query: Query };
const original = proto.query;
proto.query = function (this: unknown, ...args: unknown[]) {
  const first = args[0];
  if (on) seen.push(typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? ''));
  return original.apply(this, args);
};

beforeAll(async () => {
  t = await startTestApp();
  [ann, ben, cat] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
});
afterAll(async () => {
  proto.query = original;
  await t?.close();
});

const post = (token: string, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const replied = async (u: U) =>
  (await call(t.app, 'GET', '/api/v3/notification', { token: u.token, query: { 'filter[type]': 'replied' } }))
    .Data.pageData as Array<Record<string, unknown>>;
/** A user's stored notification rows and realtime events of them, newest first. */
const stored = async (u: U) => {
  const rows = await t.app.forum.database.exec(
    'select data from notifications where user_id = $1 order by id desc',
    [u.userId],
  );
  const events = await t.app.forum.database.exec(
    `select payload from user_events where user_id = $1 and kind = 'notification' order by id desc`,
    [u.userId],
  );
  return {
    data: rows.rows.map((r) => r.data as Record<string, unknown>),
    events: events.rows.map((r) => r.payload as Record<string, unknown>),
  };
};

describe('a plain reply and its notifications in one statement', () => {
  it("fills the writer's name and avatar exactly, whatever they contain, and the post's id", async () => {
    // Quotes, a backslash, a newline-free control-looking text and characters beyond the BMP: all JSON escapes.
    const nickname = 'Ben "the \\ quoted" 🐼 {username}';
    const avatar = 'https://img.example/a "b".png';
    await t.app.forum.database.exec('update users set nickname = $1, avatar = $2 where id = $3', [
      nickname,
      avatar,
      ben.userId,
    ]);
    const threadId = await createThread(t.app, ann.token, '一条语句');
    on = true;
    const r = await post(ben.token, 'posts.create', {
      id: threadId,
      content: '回复：带 "引号" 与 \\ 反斜杠',
    });
    on = false;
    expect(r.Code).toBe(0);
    // Stored with the reply: no statement of its own.
    expect(seen.filter((s) => /insert into "notifications"/i.test(s))).toEqual([]);
    const { data, events } = await stored(ann);
    expect(data[0]).toMatchObject({
      event: 'content.replied',
      postId: r.Data.id,
      threadId,
      content: `${nickname} 回复了你：回复：带 "引号" 与 \\ 反斜杠`,
      en: { content: `${nickname} replied to you: 回复：带 "引号" 与 \\ 反斜杠` },
      sender: { userId: ben.userId, nickname, avatarUrl: avatar },
    });
    expect(events[0]).toMatchObject({ postId: r.Data.id, content: data[0]!.content, isRead: false });
    expect((await replied(ann))[0]).toMatchObject({ postId: r.Data.id, threadId, content: data[0]!.content });
  });

  it('a nickname left empty reads as the login name; the marks never come from what members write', async () => {
    await t.app.forum.database.exec("update users set nickname = '' where id = $1", [cat.userId]);
    // A title and a reply that carry the private character the marks are made of, and a mark itself.
    const threadId = await createThread(t.app, ann.token, 'title \uE000name\uE000 end');
    const r = await post(cat.token, 'posts.create', { id: threadId, content: 'text \uE000avatar\uE000 end' });
    expect(r.Code).toBe(0);
    const { data } = await stored(ann);
    expect(data[0]).toMatchObject({
      postId: r.Data.id,
      threadTitle: 'title name end',
      sender: { userId: cat.userId, nickname: cat.username },
    });
    expect(data[0]!.content).toBe(`${cat.username} 回复了你：text avatar end`);
  });

  it('tells no one who blocked the writer, nor the writer on their own thread; the reply stands', async () => {
    const threadId = await createThread(t.app, ann.token, '拉黑之后');
    expect((await post(ann.token, 'users/deny.create', { id: cat.userId })).Code).toBe(0);
    const before = (await stored(ann)).data.length;
    const r = await post(cat.token, 'posts.create', { id: threadId, content: '被拉黑者的回复' });
    expect(r.Code).toBe(0);
    expect((await post(ann.token, 'posts.create', { id: threadId, content: '自己的回复' })).Code).toBe(0);
    expect((await stored(ann)).data.length).toBe(before);
    const replies = await call(t.app, 'GET', '/api/v3/posts.list', {
      token: ann.token,
      query: { 'filter[thread]': String(threadId) },
    });
    expect(JSON.stringify(replies.Data)).toContain('被拉黑者的回复');
    await post(ann.token, 'users/deny.delete', { id: cat.userId });
  });

  it('replies sent at once, to several threads, each tell their own thread author with their own post', async () => {
    const [a1, b1] = await Promise.all([
      createThread(t.app, ann.token, '并发一'),
      createThread(t.app, ben.token, '并发二'),
    ]);
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(cat.token, 'posts.create', { id: i % 2 ? b1 : a1, content: `并发回复 ${i}` }),
      ),
    );
    expect(sent.every((s) => s.Code === 0)).toBe(true);
    for (const [u, threadId, parity] of [
      [ann, a1, 0],
      [ben, b1, 1],
    ] as const) {
      const mine = (await stored(u)).data.filter((d) => d.threadId === threadId);
      const want = sent.filter((_, i) => i % 2 === parity);
      expect(mine.map((d) => d.postId).sort()).toEqual(want.map((s) => s.Data.id as number).sort());
      for (const d of mine) {
        const i = sent.findIndex((s) => s.Data.id === d.postId);
        expect(d.content).toContain(`并发回复 ${i}`);
      }
    }
  });
});
