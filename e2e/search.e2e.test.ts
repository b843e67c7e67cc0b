import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs } from './support/forum-api.ts';
import { openMember } from './support/members.ts';

let forum: RunningForum;
let browser: Browser;

describe.skipIf(noChromiumReason !== null)(
  `discover: thread pages and the users tab${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      // The page tests post thirteen threads in a row.
      await forum.setSettings({ thread_post_interval: '0' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: thread results come 10 to a page; pc pages on, h5 loads the rest as the list end shows`, async () => {
        const author = await openMember(browser, forum.url, kind, `翻页作者${kind}`);
        const word = `翻页词${kind}${Math.random().toString(36).slice(2, 6)}`;
        const made: number[] = [];
        for (let i = 1; i <= 13; i++) {
          const r = await api<{ threadId: number }>(
            author.context,
            forum.url,
            'POST',
            '/api/v3/thread.create',
            {
              categoryId: 1,
              title: `${word} 第${i}篇`,
              content: { text: `<p>${word} 的第${i}篇正文</p>` },
            },
          );
          expect(r.Code, r.Message).toBe(0);
          made.push(r.Data.threadId);
        }
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(`${forum.url}/search?keyword=${encodeURIComponent(word)}`);
        await hydrated(page);
        const cards = page.getByTestId('search-threads').locator('[data-thread-id]');
        await cards.first().waitFor();
        expect(await cards.count()).toBe(10);
        const ids = async () =>
          (await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-thread-id'))))).sort(
            (a, b) => a - b,
          );
        if (kind === 'pc') {
          expect(await page.locator('.pager').innerText()).toContain('第 1 / 2 页');
          await page.getByTestId('next-page').click();
          await page.waitForURL(/page=2/);
          await page.locator('.pager').getByText('第 2 / 2 页').waitFor();
          expect(await cards.count()).toBe(3);
          await shot(page, 'search-threads-page2', kind);
          // The first page's ten and the second's three are the thirteen, none twice.
          await page.goBack();
          await page.locator('.pager').getByText('第 1 / 2 页').waitFor();
          const first = await ids();
          await page.getByTestId('next-page').click();
          await page.locator('.pager').getByText('第 2 / 2 页').waitFor();
          expect([...first, ...(await ids())].sort((a, b) => a - b)).toEqual(made);
          // The same results rendered for pc, then the window narrowed below 800 px: the page becomes h5 in the
          // browser and its list end, which did not exist at first, must still load the rest as it shows.
          await page.goto(`${forum.url}/search?keyword=${encodeURIComponent(word)}`);
          await hydrated(page);
          await page.setViewportSize({ width: 375, height: 812 });
          await page.locator('.h5-header').waitFor();
          expect(await page.locator('.pager').count()).toBe(0);
          await page.locator('.list-end').scrollIntoViewIfNeeded();
          await page.locator('.list-end').getByText('没有更多了').waitFor();
          expect(await ids()).toEqual(made);
        } else {
          expect(await page.locator('.pager').count()).toBe(0);
          await page.locator('.list-end').scrollIntoViewIfNeeded();
          await page.locator('.list-end').getByText('没有更多了').waitFor();
          expect(await ids()).toEqual(made);
          await shot(page, 'search-threads-all', kind);
        }
        expect(errors).toEqual([]);
        await context.close();
        await author.context.close();
      });

      it(`${kind}: a logged-in user finds another by a Chinese nickname fragment`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        const tag = Math.random().toString(36).slice(2, 6);
        // The one to find, with markup in the nickname that must show as text.
        const other = await api<{ userId: number }>(
          context,
          forum.url,
          'POST',
          '/api/v3/users/username.register',
          { username: `sun${kind}${tag}`, password: 'secret123', nickname: `向日葵<b>${kind}` },
        );
        expect(other.Code).toBe(0);
        await context.clearCookies();
        const me = await api(context, forum.url, 'POST', '/api/v3/users/username.register', {
          username: `me${kind}${tag}`,
          password: 'secret123',
          nickname: `观察者${kind}`,
        });
        expect(me.Code).toBe(0);
        // Log in through the form: the page keeps its own login marker, which an API-only login would not set.
        await context.clearCookies();
        await loginAs(page, forum.url, `me${kind}${tag}`, 'secret123');

        await page.goto(`${forum.url}/search?keyword=${encodeURIComponent('日葵')}&tab=users`);
        await hydrated(page);
        const card = page.locator(`[data-testid="user-card"][data-user-id="${other.Data.userId}"]`);
        await card.waitFor();
        expect(await card.locator('mark').first().innerText()).toBe('日葵');
        expect(await card.locator('.user-card__name').innerText()).toContain(`向日葵<b>${kind}`);
        expect(await card.locator('b').count()).toBe(0);
        await shot(page, 'search-users', kind);

        // Searching again from the form keeps the tab and finds by the username too.
        await page.getByTestId('search-page').locator('input[type="search"]').fill(`sun${kind}${tag}`);
        await page.getByTestId('search-page').getByTestId('search-submit').click();
        await page.waitForURL(/tab=users/);
        await page.locator(`[data-testid="user-card"][data-user-id="${other.Data.userId}"]`).waitFor();
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: a guest finds users on a site with public profiles; on a private one is asked to log in and comes back`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(`${forum.url}/search?keyword=${encodeURIComponent('日葵')}&tab=users`);
        await hydrated(page);
        await page.getByTestId('search-users').waitFor();
        expect(await page.getByTestId('search-users-login').count()).toBe(0);
        await forum.setSettings({ user_profile_public: '0' });
        await page.reload();
        await hydrated(page);
        const prompt = page.getByTestId('search-users-login');
        await prompt.waitFor();
        expect(await prompt.innerText()).toContain('登录后即可查看用户');
        const href = await prompt.locator('a').getAttribute('href');
        expect(href).toBe(
          `/user/login?returnTo=${encodeURIComponent('/search?keyword=%E6%97%A5%E8%91%B5&tab=users')}`,
        );
        await shot(page, 'search-users-guest', kind);
        await forum.setSettings({ user_profile_public: '1' });
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
