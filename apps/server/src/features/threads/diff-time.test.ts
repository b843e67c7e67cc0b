import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createThread, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { diffTime } from './threads.presenter.js';

const CJK = /[\u3400-\u9fff]/;
const now = Date.parse('2024-06-01T12:00:00Z');
const ago = (s: number) => new Date(now - s * 1000);

describe('diffTime in the reader language', () => {
  it('writes the original clients’ Chinese by default, English for an English reader', () => {
    expect(diffTime(ago(10), 'zh', now)).toBe('刚刚');
    expect(diffTime(ago(29 * 60), 'zh', now)).toBe('29分钟前');
    expect(diffTime(ago(5 * 3600), 'zh', now)).toBe('5小时前');
    expect(diffTime(ago(3 * 86400), 'zh', now)).toBe('3天前');
    expect(diffTime(ago(10), 'en', now)).toBe('just now');
    expect(diffTime(ago(60), 'en', now)).toBe('1 minute ago');
    expect(diffTime(ago(29 * 60), 'en', now)).toBe('29 minutes ago');
    expect(diffTime(ago(5 * 3600), 'en', now)).toBe('5 hours ago');
    expect(diffTime(ago(86400), 'en', now)).toBe('1 day ago');
    // From 30 days on, the date: the same in both languages.
    expect(diffTime(ago(40 * 86400), 'en', now)).toBe('2024-04-22');
    expect(diffTime(ago(40 * 86400), 'zh', now)).toBe('2024-04-22');
  });
});

describe('diffTime over the API', () => {
  let t: TestApp;
  let member: { token: string; userId: number };
  let threadId: number;
  const en = { cookie: 'forum_lang=en' };

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerUser(t.app);
    threadId = await createThread(t.app, member.token, 'diffTime 语言');
    // Twenty-nine minutes old: "29分钟前" / "29 minutes ago".
    await t.app.forum.database.exec(
      `UPDATE threads SET created_at = now() - interval '29 minutes 10 seconds' WHERE id = $1`,
      [threadId],
    );
  });
  afterAll(async () => t?.close());

  const item = (items: Array<{ threadId: number; diffTime: string }>) =>
    items.find((i) => i.threadId === threadId)?.diffTime;

  it('follows the language cookie, then Accept-Language, on lists and the detail, for guests and members', async () => {
    for (const token of [undefined, member.token]) {
      // Asked in Chinese first: a shared (cached) page must not answer the English reader in Chinese.
      const zh = await call(t.app, 'GET', '/api/v3/thread.list', { token, query: { perPage: '20' } });
      expect(item(zh.Data.pageData)).toBe('29分钟前');
      const byCookie = await call(t.app, 'GET', '/api/v3/thread.list', {
        token,
        query: { perPage: '20' },
        headers: en,
      });
      expect(item(byCookie.Data.pageData)).toBe('29 minutes ago');
      const byHeader = await call(t.app, 'GET', '/api/v3/thread.list', {
        token,
        query: { perPage: '20' },
        headers: { 'accept-language': 'en-US,en;q=0.8' },
      });
      expect(item(byHeader.Data.pageData)).toBe('29 minutes ago');
      // The chosen language beats the browser's.
      const chosen = await call(t.app, 'GET', '/api/v3/thread.list', {
        token,
        query: { perPage: '20' },
        headers: { cookie: 'forum_lang=zh', 'accept-language': 'en' },
      });
      expect(item(chosen.Data.pageData)).toBe('29分钟前');

      const detailZh = await call(t.app, 'GET', '/api/v3/thread.detail', {
        token,
        query: { threadId: `${threadId}` },
      });
      expect(detailZh.Data.diffTime).toBe('29分钟前');
      const detailEn = await call(t.app, 'GET', '/api/v3/thread.detail', {
        token,
        query: { threadId: `${threadId}` },
        headers: en,
      });
      expect(detailEn.Data.diffTime).toBe('29 minutes ago');
    }
  });

  it('is English on the viewer overlay and in a write’s reply for an English reader', async () => {
    const overlay = await call(t.app, 'GET', '/api/v3/viewer.overlay', {
      token: member.token,
      query: { threadIds: `${threadId}` },
      headers: en,
    });
    expect(overlay.Code, overlay.Message).toBe(0);
    expect(item(overlay.Data.threads)).toBe('29 minutes ago');
    const fav = await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: member.token,
      body: { threadId, isFavorite: true },
      headers: en,
    });
    expect(fav.Code, fav.Message).toBe(0);
    expect(fav.Data.diffTime).toBe('29 minutes ago');
    expect(fav.Data.diffTime).not.toMatch(CJK);
  });

  it('says a refusal in the reader language', async () => {
    // The site's posting interval (30 s by default) refuses the next thread at once.
    const body = { categoryId: 1, title: 'again', content: { text: '<p>again</p>', indexes: {} } };
    const first = await call(t.app, 'POST', '/api/v3/thread.create', { token: member.token, body });
    expect(first.Code, first.Message).toBe(0);
    const zh = await call(t.app, 'POST', '/api/v3/thread.create', { token: member.token, body });
    expect(zh.Message).toMatch(/^发帖太快/);
    const enReply = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: member.token,
      body,
      headers: en,
    });
    expect(enReply.Code).toBe(zh.Code);
    expect(enReply.Message).toMatch(/^Posting too fast: try again in \d+ seconds$/);
  });
});
