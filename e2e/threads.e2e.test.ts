import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs, TINY_PNG } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;
const threadIds: Record<string, number> = {};

async function writeThread(page: Page, kind: string): Promise<number> {
  await page.goto(forum.url + '/thread/post');
  await hydrated(page);
  await page.locator('input[name="title"]').fill(`${kind} 投票帖子`);
  const area = page.getByTestId('editor-area');
  await area.waitFor();
  await area.click();
  await page.keyboard.type(`这是${kind}的正文，讨论向日葵种植。`);
  await page
    .getByTestId('image-input')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
  await area.locator('img[data-attachment-id]').waitFor();
  await page.getByTestId('add-vote').click();
  await page.locator('input[name="voteTitle"]').fill('喜欢哪种花');
  await page.locator('input[name="option-0"]').fill('向日葵');
  await page.locator('input[name="option-1"]').fill('玫瑰');
  await shot(page, 'editor', kind);
  await page.getByTestId('publish').click();
  await page.waitForURL(/\/thread\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe.skipIf(noChromiumReason !== null)(
  `threads and posts${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: '测试论坛', thread_post_interval: '0' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: admin writes a thread with text, an image and a vote, and votes`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        const id = await writeThread(page, kind);
        threadIds[kind] = id;
        await page.getByTestId('thread-page').waitFor();
        const body = page.getByTestId('thread-body');
        expect(await body.innerText()).toContain('向日葵种植');
        const src = await body.locator('img').first().getAttribute('src');
        expect(src).toMatch(/^\/api\/v3\/attachments\//);
        expect(await page.title()).toContain(`${kind} 投票帖子`);
        expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
        await hydrated(page);
        await page.getByTestId('vote-block').getByText('向日葵').click();
        await page.getByTestId('vote-submit').click();
        await page.getByTestId('vote-block').locator('.vote__result').first().waitFor();
        await shot(page, 'thread', kind);
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: reply, comment on the reply, like, favourite, pin and mark essence`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        await page.goto(`${forum.url}/thread/${threadIds[kind]}`);
        await hydrated(page);
        await page.getByTestId('like').click();
        await page.getByTestId('like').filter({ hasText: '已赞' }).waitFor();
        await page.getByTestId('favorite').click();
        await page.getByTestId('favorite').filter({ hasText: '已收藏' }).waitFor();
        await page.getByTestId('reply-box').locator('textarea').fill('第一条回复 <b>not bold</b>');
        await page.getByTestId('reply-box').getByTestId('reply-submit').click();
        const reply = page.getByTestId('reply').first();
        await reply.waitFor();
        expect(await reply.innerText()).toContain('<b>not bold</b>');
        await reply.getByTestId('post-comment').click();
        await reply.getByTestId('comment-box').locator('textarea').fill('楼中楼评论');
        await reply.getByTestId('comment-box').getByTestId('reply-submit').click();
        await reply.getByTestId('comment').filter({ hasText: '楼中楼评论' }).waitFor();
        await reply.getByTestId('post-like').first().click();
        await reply.locator('[data-testid="post-like"][aria-pressed="true"]').first().waitFor();
        await page.getByTestId('stick').click();
        await page.getByTestId('tag-pinned').waitFor();
        await page.getByTestId('essence').click();
        await page.getByTestId('tag-essence').waitFor();
        await page.reload();
        await hydrated(page);
        expect(await page.getByTestId('reply').count()).toBeGreaterThan(0);
        expect(await page.getByTestId('comment').count()).toBeGreaterThan(0);
        await page.getByTestId('tag-essence').waitFor();
        // The like shows as the likers' avatar group.
        await page.getByTestId('thread-likers').waitFor();
        await shot(page, 'thread-replies', kind);
        await page.goto(`${forum.url}/?tab=essence`);
        await page.locator(`[data-thread-id="${threadIds[kind]}"]`).waitFor();
        await page.getByTestId('pinned-item').first().waitFor();
        await shot(page, 'home-threads', kind);
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: a guest sees threads but no post button, reply box, reactions or moderation`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/');
        await hydrated(page);
        await page.getByTestId('thread-card').first().waitFor();
        expect(await page.getByTestId('post-button').count()).toBe(0);
        expect(await page.locator('[data-tab="following"]').count()).toBe(0);
        await shot(page, 'home-guest', kind);
        await page.goto(`${forum.url}/thread/${threadIds[kind]}`);
        await hydrated(page);
        expect(await page.getByTestId('thread-body').innerText()).toContain('向日葵种植');
        for (const id of ['reply-box', 'like', 'favorite', 'thread-admin', 'post-delete', 'vote-submit']) {
          expect(await page.getByTestId(id).count(), id).toBe(0);
        }
        await shot(page, 'thread-guest', kind);
        await page.goto(forum.url + '/thread/post');
        await page.waitForURL(forum.url + '/user/login');
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: search finds a thread by a Chinese word in its body and highlights it`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/search?keyword=' + encodeURIComponent('向日葵'));
        await hydrated(page);
        const card = page.locator(`[data-testid="search-threads"] [data-thread-id="${threadIds[kind]}"]`);
        await card.waitFor();
        expect(await card.locator('mark').first().innerText()).toBe('向日葵');
        await shot(page, 'search', kind);
        await page.goto(forum.url + '/search?tab=topics');
        await page.getByTestId('search-topics').waitFor();
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: stop words replace one word, send a thread to review, and reject another`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        const set = await api(context, forum.url, 'POST', '/api/backAdmin/stopwords.batch', {
          words: [`坏词${kind}=好词`, `审核词${kind}={MOD}`, `禁止词${kind}={BANNED}`],
        });
        expect(set.Code).toBe(0);
        const write = async (text: string) => {
          await page.goto(forum.url + '/thread/post');
          await hydrated(page);
          const area = page.getByTestId('editor-area');
          await area.click();
          await page.keyboard.type(text);
          await page.getByTestId('publish').click();
        };
        await write(`这里有坏词${kind}出现`);
        await page.waitForURL(/\/thread\/\d+$/);
        expect(await page.getByTestId('thread-body').innerText()).toContain('这里有好词出现');
        await write(`这里有审核词${kind}出现`);
        await page.waitForURL(/\/thread\/\d+$/);
        await page.getByTestId('pending-notice').waitFor();
        await shot(page, 'thread-pending', kind);
        await write(`这里有禁止词${kind}出现`);
        await page.locator('.ui-toast').waitFor();
        expect(new URL(page.url()).pathname).toBe('/thread/post');
        expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
        await context.close();
      });
    }
  },
);
