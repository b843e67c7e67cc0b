import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  call,
  createThread,
  registerUser,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';
import { Notifier } from './notifier.js';
import { seedTemplates } from './templates.js';

// Notifications in the reader's language: Chinese by default, English for English readers, both editable.
let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U;
let ben: U;

beforeAll(async () => {
  t = await startTestApp();
  [admin, ann, ben] = await Promise.all([adminUser(t.app), registerUser(t.app), registerUser(t.app)]);
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
});
afterAll(async () => t?.close());

type Item = { event: string; title: string; content: string; threadId: number | null };
/** A member's notifications of one type, as a reader with these headers gets them. */
const list = async (u: U, type: string, headers: Record<string, string> = {}) => {
  const r = await call(t.app, 'GET', '/api/v3/notification', {
    token: u.token,
    headers,
    query: { 'filter[type]': type },
  });
  expect(r.Code, r.Message).toBe(0);
  return r.Data.pageData as Item[];
};
const EN = { cookie: 'forum_lang=en' };
const tpls = async (token = admin.token) =>
  call(t.app, 'GET', '/api/backAdmin/notification/tpl', { token, query: { name: '', typeStatus: '' } });
const update = (body: object, token = admin.token) =>
  call(t.app, 'POST', '/api/backAdmin/notification/tpl/update', { token, body });
const replied = async () => {
  const all = (await tpls()).Data as Array<{ id: number; noticeId: string } & Record<string, string>>;
  return all.find((x) => x.noticeId === 'content.replied')!;
};
/** Ben replies on a new thread of Ann's; returns the thread. */
const reply = async (title: string, text: string) => {
  const threadId = await createThread(t.app, ann.token, title);
  const r = await call(t.app, 'POST', '/api/v3/posts.create', {
    token: ben.token,
    body: { id: threadId, content: text },
  });
  expect(r.Code, r.Message).toBe(0);
  return threadId;
};

describe('notifications in the reader’s language', () => {
  it('a Chinese reader gets Chinese, an English reader English (the site cookie, else Accept-Language)', async () => {
    const threadId = await reply('双语帖', 'hello there');
    const zh = (await list(ann, 'replied')).find((n) => n.threadId === threadId)!;
    expect(zh).toMatchObject({
      title: '收到回复',
      content: expect.stringContaining('回复了你：hello there'),
    });
    const en = (await list(ann, 'replied', EN)).find((n) => n.threadId === threadId)!;
    expect(en).toMatchObject({
      title: 'New reply',
      content: expect.stringMatching(/ replied to you: hello there$/),
    });
    const byHeader = (await list(ann, 'replied', { 'accept-language': 'en-GB,en;q=0.9' }))[0]!;
    expect(byHeader.title).toBe('New reply');
    // The language chosen on the site wins over the browser's.
    const chosen = await list(ann, 'replied', { cookie: 'forum_lang=zh', 'accept-language': 'en' });
    expect(chosen[0]!.title).toBe('收到回复');
  });

  it('a new member is welcomed to the site by its name (the default name without one), in both languages', async () => {
    const welcome = async (u: U, headers: Record<string, string> = {}) =>
      (await list(u, 'system', headers)).find((n) => n.event === 'registered')!;
    const unnamed = await registerUser(t.app, 'welcome_a');
    expect(await welcome(unnamed)).toMatchObject({
      title: '欢迎加入',
      content: '欢迎你加入论坛，welcome_a！',
    });
    expect(await welcome(unnamed, EN)).toMatchObject({ content: 'Welcome to Forum, welcome_a!' });

    await t.app.forum.settings.set([{ key: 'site_name', tag: 'default', value: '星空论坛' }]);
    const named = await registerUser(t.app, 'welcome_b');
    expect((await welcome(named)).content).toBe('欢迎你加入星空论坛，welcome_b！');
    expect(await welcome(named, EN)).toMatchObject({
      title: 'Welcome',
      content: 'Welcome to 星空论坛, welcome_b!',
    });
  });

  it('rows written before the English existed (and imported ones) show their Chinese to everyone', async () => {
    await t.app.forum.database.exec(
      `INSERT INTO notifications (user_id, type, data) VALUES ($1, 'system', $2)`,
      [ann.userId, JSON.stringify({ event: 'user.banned', title: '旧通知', content: '旧的中文内容' })],
    );
    const [n] = await list(ann, 'system', EN);
    expect(n).toMatchObject({ title: '旧通知', content: '旧的中文内容' });
  });

  it('an anonymous sender and a membership without an end read in each language', async () => {
    const notifier = new Notifier(t.app.forum.database.db, t.app.forum.bus);
    await notifier.send([
      { event: 'content.liked', userId: ann.userId, senderId: ben.userId, anonymous: true, excerpt: '赞' },
      {
        event: 'site.renewal',
        userId: ann.userId,
        senderId: null,
        amountFen: 1000n,
        vars: { expiresAt: { zh: '长期有效', en: 'further notice' } },
      },
    ]);
    expect((await list(ann, 'liked'))[0]!.content).toBe('匿名用户 赞了你的内容：赞');
    expect((await list(ann, 'liked', EN))[0]!.content).toBe('Anonymous liked your post: 赞');
    expect((await list(ann, 'system'))[0]!.content).toBe('你的站点会员已生效，有效期：长期有效');
    expect((await list(ann, 'system', EN))[0]!.content).toBe(
      'Your site membership is active, valid until further notice',
    );
  });
});

describe('templates in two languages', () => {
  it('every template has its English; the admin list shows both and the English name', async () => {
    const all = (await tpls()).Data as Array<Record<string, string>>;
    expect(all).toHaveLength(33);
    for (const row of all) {
      expect(row.titleEn, row.noticeId).not.toBe('');
      expect(row.contentEn, row.noticeId).not.toBe('');
      expect(row.typeNameEn, row.noticeId).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(all.find((x) => x.noticeId === 'content.replied')).toMatchObject({
      typeName: '内容回复通知',
      typeNameEn: 'Reply',
      titleEn: 'New reply',
      contentEn: '{username} replied to you: {content}',
    });
  });

  it('an administrator’s English edit is used for English readers; the Chinese stays', async () => {
    const tpl = await replied();
    const edit = await update({ id: tpl.id, titleEn: 'Someone answered', contentEn: 'Answer: {content}' });
    expect(edit.Code, edit.Message).toBe(0);
    expect(edit.Data).toMatchObject({ titleEn: 'Someone answered', contentEn: 'Answer: {content}' });
    const threadId = await reply('编辑英文模板', 'edited words');
    const en = (await list(ann, 'replied', EN)).find((n) => n.threadId === threadId)!;
    expect(en).toMatchObject({ title: 'Someone answered', content: 'Answer: edited words' });
    const zh = (await list(ann, 'replied')).find((n) => n.threadId === threadId)!;
    expect(zh.title).toBe('收到回复');

    // An emptied English shows English readers the Chinese.
    expect((await update({ id: tpl.id, titleEn: '', contentEn: '' })).Code).toBe(0);
    const again = await reply('清空英文模板', 'plain');
    const fallback = (await list(ann, 'replied', EN)).find((n) => n.threadId === again)!;
    expect(fallback).toMatchObject({
      title: '收到回复',
      content: expect.stringContaining('回复了你：plain'),
    });
  });

  it('seeding again keeps edits in both languages and gives older rows their English once', async () => {
    const tpl = await replied();
    expect(
      (await update({ id: tpl.id, content: '改过的中文 {content}', contentEn: 'Edited {content}' })).Code,
    ).toBe(0);
    // A row as it was before the English columns: the Chinese edited, no English.
    await t.app.forum.database.exec(
      `UPDATE notification_tpls SET title = '改过的标题', title_en = NULL, content_en = NULL
        WHERE notice_id = 'user.banned' AND type = 0`,
    );
    await seedTemplates(t.app.forum.database.db);
    const all = (await tpls()).Data as Array<Record<string, string>>;
    expect(all.find((x) => x.noticeId === 'content.replied')).toMatchObject({
      content: '改过的中文 {content}',
      contentEn: 'Edited {content}',
    });
    expect(all.find((x) => x.noticeId === 'user.banned')).toMatchObject({
      title: '改过的标题',
      titleEn: 'Account banned',
      contentEn: 'Your account has been banned. Reason: {reason}',
    });
  });

  it('bad input is -4001 naming the field; members and guests are -4002', async () => {
    const tpl = await replied();
    const long = await update({ id: tpl.id, contentEn: 'x'.repeat(2001) });
    expect(long.Code).toBe(-4001);
    expect(long.Message).toContain('contentEn');
    const wrongType = await update({ id: tpl.id, titleEn: 42 });
    expect(wrongType.Code).toBe(-4001);
    expect(wrongType.Message).toContain('titleEn');
    expect((await update({ id: 999999, titleEn: 'x' })).Code).toBe(-4004);
    expect((await update({ id: tpl.id, titleEn: 'member' }, ann.token)).Code).toBe(-4002);
    expect((await update({ id: tpl.id, titleEn: 'guest' }, '')).Code).toBe(-4002);
    expect((await tpls(ann.token)).Code).toBe(-4002);
    expect((await replied()).titleEn).not.toBe('member');
  });
});
