import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { loginAs, TINY_PNG } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;

/** Opens a fresh editor (no saved draft) and waits for the rich text area. */
async function openEditor(page: Page): Promise<void> {
  await page.goto(forum.url + '/thread/post');
  await hydrated(page);
  await page.getByTestId('editor-area').waitFor();
}

/** Uploads the tiny PNG with the toolbar's image button and waits for it in the text. */
async function uploadImage(page: Page, n = 1): Promise<void> {
  await page
    .getByTestId('image-input')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page
    .getByTestId('editor-area')
    .locator('img[data-attachment-id]')
    .nth(n - 1)
    .waitFor();
}

/** Publishes and waits for the new thread's page. */
async function publish(page: Page): Promise<void> {
  await page.getByTestId('publish').click();
  await page.waitForURL(/\/thread\/\d+$/);
  await page.getByTestId('thread-page').waitFor();
  await hydrated(page);
}

/** True when the element is wholly inside the viewport. */
function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
}

describe.skipIf(noChromiumReason !== null)(
  `editor${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
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
      it(`${kind}: text typed right after an image upload keeps the image; undo keeps it too`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        await openEditor(page);
        await page.locator('input[name="title"]').fill(`${kind} 图文帖`);
        const area = page.getByTestId('editor-area');
        await area.click();
        await uploadImage(page);
        await page.keyboard.type('紧接着图片输入的文字');
        expect(await area.locator('img').count()).toBe(1);
        // Undo takes back the typing, not the image (the upload is its own undo step).
        await page.keyboard.press('ControlOrMeta+z');
        expect(await area.locator('img').count()).toBe(1);
        expect(await area.innerText()).not.toContain('紧接着图片输入的文字');
        await page.keyboard.press('ControlOrMeta+Shift+z');
        expect(await area.innerText()).toContain('紧接着图片输入的文字');
        // A second upload in the middle of a paragraph, then typing: both images stay.
        await area.locator('p', { hasText: '紧接着' }).click();
        await page.keyboard.press('End');
        await uploadImage(page, 2);
        await page.keyboard.type('第二段');
        expect(await area.locator('img').count()).toBe(2);
        // A clicked (selected) image is not replaced by typing, by key presses or by text input (IME).
        await area.locator('img').first().click();
        await page.keyboard.type('abc');
        await area.locator('img').first().click();
        await page.keyboard.insertText('输入法');
        expect(await area.locator('img').count()).toBe(2);
        expect(await area.innerText()).toContain('abc');
        expect(await area.innerText()).toContain('输入法');
        await shot(page, 'editor-image-text', kind);
        await publish(page);
        const body = page.getByTestId('thread-body');
        expect(await body.locator('img').count()).toBe(2);
        expect(await body.innerText()).toContain('紧接着图片输入的文字');
        expect(await body.innerText()).toContain('第二段');
        expect(await body.innerText()).toContain('输入法');
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: a published thread opens at its title and shows an inline image once`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        await openEditor(page);
        await page.locator('input[name="title"]').fill(`${kind} 长帖子标题`);
        await page.getByTestId('editor-area').click();
        // A body long enough that the publish button is below the fold.
        for (let i = 0; i < 25; i++) await page.keyboard.type(`第${i}行文字\n`);
        await uploadImage(page);
        await page.keyboard.type('图后文字');
        await page.getByTestId('publish').scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await publish(page);
        expect(await page.getByTestId('thread-body').locator('img').count()).toBe(1);
        expect(await page.locator('.thread-main img[src^="/api/v3/attachments/"]').count()).toBe(1);
        expect(await page.locator('.thread-main .gallery').count()).toBe(0);
        expect(await inViewport(page, '.thread-head__title')).toBe(true);
        await shot(page, 'thread-published', kind);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
