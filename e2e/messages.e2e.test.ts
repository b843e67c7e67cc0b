import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';
import { api } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;
/** A logged-in member at one width, their welcome notice read (listing reads it): the badge counts this test's. */
const member = async (kind: 'pc' | 'h5', nickname: string) => {
  const m = await openMember(browser, forum.url, kind, nickname);
  expect((await api(m.context, forum.url, 'GET', '/api/v3/notification?filter[type]=system')).Code).toBe(0);
  await m.page.reload();
  await hydrated(m.page);
  return m;
};

const badge = (page: Page) => page.getByTestId('nav-message').getByTestId('badge-count');

describe.skipIf(noChromiumReason !== null)(
  `private messages and notifications${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ thread_post_interval: '0' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: two members chat; each sees the other's message within a second, no reload`, async () => {
        const a = await member(kind, `甲${kind}`);
        const b = await member(kind, `乙${kind}`);
        await a.page.goto(`${forum.url}/message?page=chat&userId=${b.userId}&nickname=x`);
        await hydrated(a.page);
        await a.page.getByTestId('chat').waitFor();
        // B sits on the home page: the badge must light up without a reload.
        await a.page.getByTestId('chat-input').fill('你好，乙！');
        await a.page.getByTestId('chat-send').click();
        await a.page.getByTestId('chat-message').filter({ hasText: '你好，乙！' }).waitFor();
        await badge(b.page).waitFor({ timeout: 1000 });
        expect(await badge(b.page).innerText()).toBe('1');

        await b.page.getByTestId('nav-message').click();
        await b.page.getByTestId('dialog-item').first().waitFor();
        expect(await b.page.getByTestId('dialog-item').first().innerText()).toContain('你好，乙！');
        await shot(b.page, 'message-centre', kind);
        await b.page.getByTestId('dialog-item').first().click();
        await b.page.getByTestId('chat-message').filter({ hasText: '你好，乙！' }).waitFor();
        // Opening the chat read it: the badge goes.
        await badge(b.page).waitFor({ state: 'detached' });
        await b.page.getByTestId('chat-input').fill('收到，甲。');
        await b.page.getByTestId('chat-send').click();
        await a.page.getByTestId('chat-message').filter({ hasText: '收到，甲。' }).waitFor({ timeout: 1000 });
        await shot(a.page, 'chat', kind);
        expect(a.errors).toEqual([]);
        expect(b.errors).toEqual([]);
        await a.context.close();
        await b.context.close();
      });

      it(`${kind}: a reply to my thread appears in my notifications; the badge shows 99+ above 99`, async () => {
        const a = await member(kind, `作者${kind}`);
        const b = await member(kind, `回复者${kind}`);
        const created = await api<{ threadId: number }>(
          a.context,
          forum.url,
          'POST',
          '/api/v3/thread.create',
          {
            categoryId: 1,
            title: `${kind} 通知帖`,
            content: { text: '等回复' },
          },
        );
        expect(created.Code).toBe(0);
        const threadId = created.Data.threadId;
        const r = await api(b.context, forum.url, 'POST', '/api/v3/posts.create', {
          id: threadId,
          content: '我来回复',
        });
        expect(r.Code).toBe(0);
        await badge(a.page).waitFor();
        await a.page.getByTestId('nav-message').click();
        await a.page.getByTestId('notice-link-thread').click();
        const item = a.page.getByTestId('notification').first();
        await item.waitFor();
        expect(await item.innerText()).toContain('我来回复');
        await shot(a.page, 'notifications', kind);
        await item.getByTestId('notification-thread').click();
        await a.page.waitForURL(new RegExp(`/thread/${threadId}$`));

        // 120 more replies: the badge caps at 99+.
        await Promise.all(
          Array.from({ length: 120 }, (_, i) =>
            api(b.context, forum.url, 'POST', '/api/v3/posts.create', { id: threadId, content: `回复 ${i}` }),
          ),
        );
        await badge(a.page).filter({ hasText: '99+' }).waitFor();
        expect(a.errors).toEqual([]);
        await a.context.close();
        await b.context.close();
      });
    }

    it('a guest opening /message is sent to login and comes back', async () => {
      const { context, page } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/message');
      await page.waitForURL(/\/user\/login/);
      await context.close();
    });
  },
);
