import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, uploadFile, type TestApp } from '../../test/harness.js';

let t: TestApp;
type U = { token: string; userId: number };
let ann: U;
let ben: U;
let cat: U;

beforeAll(async () => {
  t = await startTestApp();
  [ann, ben, cat] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
});
afterAll(async () => t?.close());

const post = (token: string | undefined, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const get = (token: string | undefined, path: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', `/api/v3/${path}`, { token, query });

describe('private messages', () => {
  it('sends, lists with the latest message and unread count, reads, pages back by cursor', async () => {
    const first = await post(ann.token, 'dialog.create', {
      recipientUserId: ben.userId,
      messageText: '你好，Ben',
    });
    expect(first.Code).toBe(0);
    const dialogId = first.Data.dialogId as number;
    for (let i = 0; i < 24; i++) {
      const r = await post(i % 2 ? ann.token : ben.token, 'dialog/message.create', {
        dialogId,
        messageText: `第${i}条`,
      });
      expect(r.Code).toBe(0);
    }
    const benList = await get(ben.token, 'dialog');
    expect(benList.Data.pageData).toHaveLength(1);
    expect(benList.Data.pageData[0]).toMatchObject({
      dialogId,
      user: expect.objectContaining({ userId: ann.userId }),
      lastMessage: expect.objectContaining({ messageText: '第23条', isMine: false }),
      unreadCount: 1,
    });
    // The total counts Ben's welcome notice too.
    expect((await get(ben.token, 'unreadnotification')).Data).toMatchObject({
      dialogNotifications: 1,
      totalUnread: 2,
    });
    expect((await post(ben.token, 'dialog.update', { dialogId })).Data).toEqual({ dialogId, unreadCount: 0 });
    expect((await get(ben.token, 'unreadnotification')).Data.dialogMessageUnread).toBe(0);

    const seen: string[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await get(ann.token, 'dialog/message', {
        dialogId: String(dialogId),
        perPage: '10',
        ...(before ? { beforeId: String(before) } : {}),
      });
      expect(page.Code).toBe(0);
      seen.push(...page.Data.pageData.map((m: { messageText: string }) => m.messageText));
      if (!page.Data.hasMore) break;
      before = page.Data.pageData.at(-1).id;
    }
    expect(seen).toHaveLength(25);
    expect(seen[0]).toBe('第23条');
    expect(seen.at(-1)).toBe('你好，Ben');

    // The original clients page by number (`filter[dialogId]`, `page`, `perPage`) in the standard list shape.
    const byPage: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await get(ann.token, 'dialog/message', {
        'filter[dialogId]': String(dialogId),
        page: String(page),
        perPage: '10',
      });
      expect(r.Code).toBe(0);
      expect(r.Data).toMatchObject({
        currentPage: page,
        perPage: 10,
        totalCount: 25,
        totalPage: 3,
        hasMore: page < 3,
      });
      expect(r.Data.pageData).toHaveLength(page < 3 ? 10 : 5);
      byPage.push(...r.Data.pageData.map((m: { messageText: string }) => m.messageText));
    }
    // Page 2 follows page 1 (it used to repeat it): every message once, newest first, as the cursor gives them.
    expect(byPage).toEqual(seen);
    const past = await get(ann.token, 'dialog/message', {
      dialogId: String(dialogId),
      page: '4',
      perPage: '10',
    });
    expect(past.Data).toMatchObject({ pageData: [], currentPage: 4, totalCount: 25, hasMore: false });
    // With a cursor the counts are of the messages before it.
    const older = await get(ann.token, 'dialog/message', {
      dialogId: String(dialogId),
      beforeId: String(before),
      perPage: '10',
    });
    expect(older.Data).toMatchObject({ totalCount: 5, totalPage: 1, hasMore: false });
    expect((await get(ann.token, 'dialog/message', { dialogId: String(dialogId), page: '0' })).Code).toBe(
      -4001,
    );
    expect((await get(ann.token, 'dialog.record', { userId: String(ben.userId) })).Data.dialogId).toBe(
      dialogId,
    );
    expect((await get(ann.token, 'dialog.record', { userId: String(cat.userId) })).Data.dialogId).toBeNull();
  });

  it('deletes on one side only; a new message brings the dialog back with only what follows', async () => {
    const r = await post(cat.token, 'dialog.create', { recipientUserId: ann.userId, messageText: '旧消息' });
    const dialogId = r.Data.dialogId;
    expect((await post(ann.token, 'dialog.delete', { id: dialogId })).Code).toBe(0);
    const annList = await get(ann.token, 'dialog');
    expect(annList.Data.pageData.map((d: { dialogId: number }) => d.dialogId)).not.toContain(dialogId);
    const catSide = await get(cat.token, 'dialog/message', { dialogId: String(dialogId) });
    expect(catSide.Data.pageData).toHaveLength(1);
    await post(cat.token, 'dialog/message.create', { dialogId, messageText: '新消息' });
    const annSide = await get(ann.token, 'dialog/message', { dialogId: String(dialogId) });
    expect(annSide.Data.pageData.map((m: { messageText: string }) => m.messageText)).toEqual(['新消息']);
  });

  it('refuses guests, strangers to a dialog, bad input naming the field, and blocks either way', async () => {
    expect(
      (await post(undefined, 'dialog.create', { recipientUserId: ben.userId, messageText: 'x' })).Code,
    ).toBe(-3001);
    expect((await get(undefined, 'dialog')).Code).toBe(-3001);
    const long = await post(ann.token, 'dialog.create', {
      recipientUserId: ben.userId,
      messageText: 'x'.repeat(451),
    });
    expect(long.Code).toBe(-4001);
    expect(long.Message).toContain('messageText');
    const bad = await post(ann.token, 'dialog.create', { recipientUserId: 'abc', messageText: 'x' });
    expect(bad.Code).toBe(-4001);
    expect(bad.Message).toContain('recipientUserId');
    expect(
      (await post(ann.token, 'dialog.create', { recipientUserId: ben.userId, messageText: '  ' })).Code,
    ).toBe(-4001);
    expect(
      (await post(ann.token, 'dialog.create', { recipientUserId: ann.userId, messageText: 'me' })).Code,
    ).toBe(-4001);
    expect((await post(ann.token, 'dialog.create', { recipientUserId: 999999, messageText: 'x' })).Code).toBe(
      -4004,
    );
    const { Data } = await post(ann.token, 'dialog.create', {
      recipientUserId: ben.userId,
      messageText: 'x',
    });
    // Cat is not in Ann and Ben's dialog: as if it did not exist.
    expect((await get(cat.token, 'dialog/message', { dialogId: String(Data.dialogId) })).Code).toBe(-4004);
    expect(
      (await post(cat.token, 'dialog/message.create', { dialogId: Data.dialogId, messageText: 'x' })).Code,
    ).toBe(-4004);
    expect((await post(cat.token, 'dialog.delete', { id: Data.dialogId })).Code).toBe(-4004);

    expect((await post(ben.token, 'users/deny.create', { id: ann.userId })).Code).toBe(0);
    expect(
      (await post(ann.token, 'dialog.create', { recipientUserId: ben.userId, messageText: 'x' })).Code,
    ).toBe(-7061);
    expect(
      (await post(ben.token, 'dialog/message.create', { dialogId: Data.dialogId, messageText: 'x' })).Code,
    ).toBe(-7068);
    await post(ben.token, 'users/deny.delete', { id: ann.userId });
    expect(
      (await post(ann.token, 'dialog.create', { recipientUserId: ben.userId, messageText: 'ok' })).Code,
    ).toBe(0);
  });

  it('needs dialog.create; dialog stop words; the site-wide switch answers -11000', async () => {
    const db = t.app.forum.database;
    const stop = (words: string[]) =>
      call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
        token: admin,
        body: { words, overwrite: true },
      });
    const admin = (await adminUser(t.app)).token;
    expect((await stop(['坏词={IGNORE}|{IGNORE}|{IGNORE}|{BANNED}|{IGNORE}'])).Code).toBe(0);
    const banned = await post(ann.token, 'dialog.create', {
      recipientUserId: cat.userId,
      messageText: '这是坏词',
    });
    expect(banned.Code).toBe(-4001);
    expect((await stop(['{1}={IGNORE}|{IGNORE}|{IGNORE}|{BANNED}|{IGNORE}'])).Code).toBe(0);
    expect(
      (await post(ann.token, 'dialog.create', { recipientUserId: cat.userId, messageText: 'hi' })).Code,
    ).toBe(-11000);
    expect((await stop(['{1}={IGNORE}|{IGNORE}|{IGNORE}|{IGNORE}|{IGNORE}'])).Code).toBe(0);
    expect(
      (await post(ann.token, 'dialog.create', { recipientUserId: cat.userId, messageText: 'hi' })).Code,
    ).toBe(0);
    await db.exec(`DELETE FROM group_permissions WHERE group_id = 10 AND permission = 'dialog.create'`);
    await t.app.forum.groups.changed();
    await t.app.forum.users.sessionsChanged();
    try {
      const denied = await post(ann.token, 'dialog.create', {
        recipientUserId: cat.userId,
        messageText: 'hi',
      });
      expect(denied.Code).toBe(-4002);
    } finally {
      await db.exec(`INSERT INTO group_permissions (group_id, permission) VALUES (10, 'dialog.create')`);
      await t.app.forum.groups.changed();
      await t.app.forum.users.sessionsChanged();
    }
  });

  it('sends an uploaded message image that only the two sides may open', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const up = await uploadFile(t.app, ann.token, { name: 'a.png', data: png, mime: 'image/png' }, 4);
    expect(up.Code).toBe(0);
    const sent = await post(ann.token, 'dialog.create', {
      recipientUserId: cat.userId,
      attachmentId: up.Data.id,
    });
    expect(sent.Code).toBe(0);
    const url = sent.Data.message.imageUrl as string;
    expect(url).toContain('/api/v3/attachments/');
    const open = (token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await open(cat.token)).statusCode).toBe(200);
    expect((await open(ben.token)).statusCode).toBe(404);
    // A thread image (type 1) cannot be passed off as a message image.
    const other = await uploadFile(t.app, ann.token, { name: 'b.png', data: png, mime: 'image/png' }, 1);
    const wrong = await post(ann.token, 'dialog.create', {
      recipientUserId: cat.userId,
      attachmentId: other.Data.id,
    });
    expect(wrong.Code).toBe(-4001);
  });

  it("keeps the guests' cached replies: a message, a read and a deleted notification change nothing they see", async () => {
    const cache = t.app.forum.guestCache;
    const threadList = () => get(undefined, 'thread.list', { perPage: '10' });
    await threadList();
    const generation = cache.current();
    const sent = await post(cat.token, 'dialog.create', {
      recipientUserId: ann.userId,
      messageText: 'guests never see this',
    });
    expect(sent.Code).toBe(0);
    expect((await post(ann.token, 'dialog.update', { dialogId: sent.Data.dialogId })).Code).toBe(0);
    expect((await post(ann.token, 'notification.delete', { type: 'system' })).Code).toBe(0);
    expect(cache.current()).toBe(generation);
    // A write guests do see (a new thread) still clears it.
    const thread = await post(cat.token, 'thread.create', {
      categoryId: 1,
      title: 'seen by guests',
      content: { text: '<p>hi</p>' },
    });
    expect(thread.Code).toBe(0);
    expect(cache.current()).toBeGreaterThan(generation);
  });
});
