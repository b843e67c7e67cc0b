import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;

/** Member group id of a fresh install (the default group of new users). */
const MEMBER_GROUP = 10;

describe.skipIf(noChromiumReason !== null)(
  `topics and captcha${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: '测试论坛', thread_post_interval: '0' });
      await forum.grant(MEMBER_GROUP, 'createThreadWithCaptcha');
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a #话题# in a thread links to the topic page, and /topic lists it`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        const made = await api<{ threadId: number }>(context, forum.url, 'POST', '/api/v3/thread.create', {
          categoryId: 1,
          title: `${kind} 话题帖`,
          content: { text: '<p>一起聊聊 #话题# 吧</p>' },
        });
        expect(made.Code).toBe(0);
        await page.goto(`${forum.url}/thread/${made.Data.threadId}`);
        await hydrated(page);
        const link = page.getByTestId('thread-body').locator('a.topic');
        expect(await link.innerText()).toBe('#话题#');
        const href = await link.getAttribute('href');
        expect(href).toMatch(/^\/topic\/\d+$/);
        await shot(page, 'topic-link', kind);
        await link.click();
        await page.waitForURL(forum.url + href!);
        await page.getByTestId('topic-page').waitFor();
        expect(await page.locator('h1').innerText()).toBe('#话题#');
        expect(await page.getByTestId('thread-list').innerText()).toContain(`${kind} 话题帖`);
        await shot(page, 'topic-page', kind);

        // The discover page's topics tab leads to the full list.
        await page.goto(`${forum.url}/search?tab=topics`);
        await hydrated(page);
        await page.getByTestId('all-topics').click();
        await page.waitForURL(`${forum.url}/topic`);
        const item = page.getByTestId('topic-list').locator(`a[href="${href}"]`);
        expect(await item.innerText()).toBe('#话题#');
        expect(await page.title()).toContain('热门话题');
        await shot(page, 'topic-list', kind);
        await page.locator('a[data-sort="views"]').click();
        await page.waitForURL(/sort=views/);
        await page.getByTestId('topic-list').locator(`a[href="${href}"]`).waitFor();
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: a member whose group needs a captcha posts and replies (the browser solves it)`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        const username = `cap${kind}${Math.random().toString(36).slice(2, 6)}`;
        const reg = await api(context, forum.url, 'POST', '/api/v3/users/username.register', {
          username,
          password: 'secret123',
        });
        expect(reg.Code).toBe(0);
        await context.clearCookies();
        await loginAs(page, forum.url, username, 'secret123');

        await page.goto(forum.url + '/thread/post');
        await hydrated(page);
        await page.locator('input[name="title"]').fill(`${kind} 验证码帖子`);
        const area = page.getByTestId('editor-area');
        await area.waitFor();
        await area.click();
        await page.keyboard.type('需要先回答验证问题。');
        await page.getByTestId('publish').click();
        // The site's proof of work is solved by the browser: nothing for the member to answer.
        await page.waitForURL(/\/thread\/\d+$/);
        await page.getByTestId('thread-page').waitFor();
        expect(await page.getByTestId('thread-body').innerText()).toContain('需要先回答验证问题');

        // The reply box learns from the server's answer (-4001 with captcha) and solves one then.
        await hydrated(page);
        await page.getByTestId('reply-box').locator('textarea').fill('验证后的回复');
        await page.getByTestId('reply-box').getByTestId('reply-submit').click();
        await page.getByTestId('reply').filter({ hasText: '验证后的回复' }).waitFor();
        expect(await page.getByTestId('captcha-prompt').count()).toBe(0);
        // The first, unanswered reply is refused with HTTP 400 on purpose.
        expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
        await context.close();
      });
    }
  },
);
