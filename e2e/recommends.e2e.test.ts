import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;
let admin: BrowserContext;
const ids: Record<string, number> = {};
let topicId = 0;

/** The topic's view count as a member reads it (members never get the shared guest reply). */
async function topicViews(): Promise<number> {
  const r = await api<{ pageData: Array<{ viewCount: number }> }>(
    admin,
    forum.url,
    'GET',
    `/api/v3/topics.list?filter[topicId]=${topicId}`,
  );
  return r.Data.pageData[0]!.viewCount;
}

describe.skipIf(noChromiumReason !== null)(
  `home recommendations and topic views${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: '测试论坛', thread_post_interval: '0' });
      browser = await launch();
      const ctx = await openContext(browser, 'pc');
      admin = ctx.context;
      await loginAs(ctx.page, forum.url, 'admin', 'admin-pass-123');
      for (const [key, title] of [
        ['calm', '平常的帖子'],
        ['hot', '大家都在看的帖子'],
        ['pick', '站长推荐的帖子'],
      ] as const) {
        const r = await api<{ threadId: number; topicId: number }>(
          admin,
          forum.url,
          'POST',
          '/api/v3/thread.create',
          {
            categoryId: 1,
            title,
            content: { text: `<p>${title}，一起聊聊 #推荐话题# 吧</p>` },
          },
        );
        expect(r.Code).toBe(0);
        ids[key] = r.Data.threadId;
        topicId = r.Data.topicId;
      }
      for (let i = 0; i < 5; i++)
        await api(admin, forum.url, 'GET', `/api/v3/view.count?threadId=${ids.hot}`);
      const site = await api(admin, forum.url, 'POST', '/api/v3/threads/operate', {
        threadId: ids.pick,
        isSite: true,
      });
      expect(site.Code).toBe(0);
    });
    afterAll(async () => {
      await admin?.close();
      await browser?.close();
      await forum?.close();
    });

    it('pc: the right column lists the pick first, then the hottest, and leads to the thread', async () => {
      const { context, page, errors } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/');
      await hydrated(page);
      const items = page.getByTestId('recommend').getByTestId('recommend-item');
      expect(await items.count()).toBe(3);
      expect(await items.nth(0).innerText()).toContain('站长推荐的帖子');
      expect(await items.nth(0).getAttribute('data-site')).toBe('1');
      expect(await items.nth(1).innerText()).toContain('大家都在看的帖子');
      expect(await items.nth(1).innerText()).toMatch(/5/);
      expect(await items.nth(2).innerText()).toContain('平常的帖子');
      // The column sits to the right of the list and inside the 1280 px page.
      const column = await page.getByTestId('recommend').boundingBox();
      const list = await page.getByTestId('thread-list').boundingBox();
      expect(column!.x).toBeGreaterThan(list!.x + list!.width - 1);
      expect(column!.x + column!.width).toBeLessThanOrEqual(1280);
      await shot(page, 'home-recommends', 'pc');
      await items.nth(0).locator('a').click();
      await page.waitForURL(`${forum.url}/thread/${ids.pick}`);
      await page.getByTestId('thread-page').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('h5: the phone home has no right column and fits 375 px', async () => {
      const { context, page, errors } = await openContext(browser, 'h5');
      await page.goto(forum.url + '/');
      await hydrated(page);
      expect(await page.getByTestId('thread-list').innerText()).toContain('站长推荐的帖子');
      expect(await page.getByTestId('recommend').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, 'home-recommends', 'h5');
      expect(errors).toEqual([]);
      await context.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a topic page visit counts one view from the browser; the server render alone none`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        const before = await topicViews();
        // What a crawler gets: the rendered page, no script run, no view.
        const html = await context.request.get(`${forum.url}/topic/${topicId}`);
        expect(html.status()).toBe(200);
        expect(await topicViews()).toBe(before);
        await page.goto(`${forum.url}/topic/${topicId}`);
        await hydrated(page);
        await expect.poll(topicViews).toBe(before + 1);
        await page.getByTestId('topic-page').waitFor();
        expect(await page.locator('h1').innerText()).toBe('#推荐话题#');
        await shot(page, 'topic-views', kind);
        expect(await topicViews()).toBe(before + 1);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
