import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;
/** The member the mention picker finds. */
let memberId = 0;

/** Rows of one SQL query on the forum's database. */
async function rows<T>(sql: string, params: unknown[]): Promise<T[]> {
  return ((await forum.exec(sql, params)) as { rows: T[] }).rows;
}

/** Hands image files to the text area as a paste or a drop event carrying them (as the browser would). */
async function sendFiles(page: Page, how: 'paste' | 'drop', name: string): Promise<void> {
  await page.getByTestId('editor-area').evaluate(
    (area, [how, name, b64]) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type: 'image/png' }));
      const r = area.getBoundingClientRect();
      const init = { bubbles: true, cancelable: true };
      area.dispatchEvent(
        how === 'paste'
          ? new ClipboardEvent('paste', { ...init, clipboardData: dt })
          : new DragEvent('drop', {
              ...init,
              dataTransfer: dt,
              clientX: r.right - 10,
              clientY: r.bottom - 10,
            }),
      );
    },
    [how, name, PICTURE.toString('base64')] as const,
  );
}

/** A CRC-32 for PNG chunks. */
function crc32(buf: Buffer): number {
  let c = -1;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return (c ^ -1) >>> 0;
}

/** A 240×160 RGB PNG with a colour gradient: big enough to be seen in the screenshots. */
function picture(): Buffer {
  const w = 240;
  const h = 160;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = 40 + x;
      raw[o + 1] = 120 + (y >> 1);
      raw[o + 2] = 200;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PICTURE = picture();

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
    .setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: PICTURE });
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
      const { context } = await openContext(browser, 'pc');
      const reg = await api<{ userId: number }>(
        context,
        forum.url,
        'POST',
        '/api/v3/users/username.register',
        {
          username: 'huahua',
          password: 'secret123',
          nickname: '花花',
        },
      );
      memberId = reg.Data.userId;
      await context.close();
      await forum.exec(`INSERT INTO topics (user_id, content, thread_count) VALUES (1, '向日葵', 3)`);
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

      it(`${kind}: Ctrl+Enter publishes from the text, without a line break`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        await openEditor(page);
        await page.locator('input[name="title"]').fill(`${kind} 快捷发布`);
        await page.getByTestId('editor-area').click();
        await page.keyboard.type('用快捷键发布');
        await page.keyboard.press('Control+Enter');
        await page.waitForURL(/\/thread\/\d+$/);
        await page.getByTestId('thread-page').waitFor();
        const body = page.getByTestId('thread-body');
        expect(await body.innerText()).toContain('用快捷键发布');
        expect(await body.locator('br').count()).toBe(0);
        expect(await page.locator('.thread-head__title').innerText()).toBe(`${kind} 快捷发布`);
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: the draft is saved while typing, restored after a reload and cleared after publishing`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        await openEditor(page);
        await page.locator('input[name="title"]').fill(`${kind} 草稿标题`);
        const area = page.getByTestId('editor-area');
        await area.click();
        await page.keyboard.type('写了一半的草稿');
        await uploadImage(page);
        // Reloaded at once (inside the autosave delay): the words are saved on the way out.
        await page.reload();
        await hydrated(page);
        await area.waitFor();
        expect(await page.locator('input[name="title"]').inputValue()).toBe(`${kind} 草稿标题`);
        expect(await area.innerText()).toContain('写了一半的草稿');
        expect(await area.locator('img[data-attachment-id]').count()).toBe(1);
        await shot(page, 'editor-draft-restored', kind);
        await area.click();
        await page.keyboard.press('End');
        await page.keyboard.type('，续写');
        await publish(page);
        expect(await page.getByTestId('thread-body').innerText()).toContain('写了一半的草稿');
        expect(await page.getByTestId('thread-body').innerText()).toContain('续写');
        expect(
          await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('forum_draft_'))),
        ).toEqual([]);
        await openEditor(page);
        expect(await page.locator('input[name="title"]').inputValue()).toBe('');
        expect((await page.getByTestId('editor-area').innerText()).trim()).toBe('');
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: emoji, @mention and #topic# pickers write what the server reads; the preview shows the body`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        await openEditor(page);
        await page.locator('input[name="title"]').fill(`${kind} 选择器`);
        const area = page.getByTestId('editor-area');
        await area.click();
        await page.keyboard.type('你好');
        await page.getByTestId('emoji-toggle').click();
        const emoji = page.getByTestId('emoji-option').first();
        const code = (await emoji.getAttribute('title'))!;
        expect(code).toMatch(/^:[a-z0-9_]+:$/);
        // The picker shows the pictures (served by the site), not the codes.
        await expect
          .poll(() => emoji.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        await shot(page, 'editor-emoji-picker', kind);
        await emoji.click();
        expect(await area.innerText()).toContain(`你好${code}`);
        await page.getByTestId('mention-toggle').click();
        await page.locator('input[name="mention-search"]').fill('花');
        await page.getByTestId('mention-option').filter({ hasText: '花花' }).waitFor();
        await shot(page, 'editor-mention-picker', kind);
        await page.getByTestId('mention-option').filter({ hasText: '花花' }).click();
        await page.getByTestId('topic-toggle').click();
        await page.locator('input[name="topic-search"]').fill('向日');
        await page.getByTestId('topic-option').filter({ hasText: '#向日葵#' }).click();
        await page.getByTestId('topic-toggle').click();
        await page.locator('input[name="topic-search"]').fill(`${kind}新话题`);
        await page.getByTestId('topic-new').click();
        await page.keyboard.type('结尾');
        const text = await area.innerText();
        expect(text).toContain('@花花 #向日葵# ');
        expect(text).toContain(`#${kind}新话题# 结尾`);
        await page.getByTestId('preview-toggle').click();
        const preview = page.getByTestId('editor-preview');
        expect(await preview.innerText()).toContain(`#${kind}新话题# 结尾`);
        expect(await area.isVisible()).toBe(false);
        await shot(page, 'editor-preview', kind);
        await page.getByTestId('preview-toggle').click();
        expect(await area.isVisible()).toBe(true);
        expect(await preview.count()).toBe(0);
        await publish(page);
        const id = Number(new URL(page.url()).pathname.split('/').pop());
        const body = page.getByTestId('thread-body');
        // The code became its picture in the post (and the picture loads).
        const picture = body.locator(`img.emoji[alt="${code}"]`);
        await expect
          .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
        // In the line at text size, not a picture across the page.
        expect((await picture.boundingBox())!.height).toBeLessThan(40);
        await shot(page, 'thread-emoji', kind);
        expect(await body.innerText()).toContain('@花花');
        expect(await body.locator('a.topic').allInnerTexts()).toEqual(['#向日葵#', `#${kind}新话题#`]);
        const mentioned = await rows<{ user_id: number }>(
          'SELECT m.user_id FROM post_mentions m JOIN posts p ON p.id = m.post_id WHERE p.thread_id = $1',
          [id],
        );
        expect(mentioned.map((r) => r.user_id)).toEqual([memberId]);
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: pasted and dropped images upload with progress and land in the text`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        // Slow uploads, so the progress list can be seen.
        await page.route('**/api/v3/attachments?type=1', async (route) => {
          await new Promise((r) => setTimeout(r, 1200));
          await route.continue();
        });
        await openEditor(page);
        await page.locator('input[name="title"]').fill(`${kind} 粘贴拖入`);
        const area = page.getByTestId('editor-area');
        await area.click();
        await page.keyboard.type('粘贴：');
        await sendFiles(page, 'paste', 'pasted.png');
        const progress = page.getByTestId('upload-progress');
        await progress.filter({ hasText: 'pasted.png' }).waitFor();
        expect(await progress.locator('progress').count()).toBe(1);
        await shot(page, 'editor-upload-progress', kind);
        await area.locator('img[data-attachment-id]').first().waitFor();
        await progress.waitFor({ state: 'detached' });
        await page.keyboard.type('贴图后文字');
        await sendFiles(page, 'drop', 'dropped.png');
        await progress.filter({ hasText: 'dropped.png' }).waitFor();
        await area.locator('img[data-attachment-id]').nth(1).waitFor();
        await page.keyboard.type('拖图后文字');
        expect(await area.locator('img').count()).toBe(2);
        await publish(page);
        const body = page.getByTestId('thread-body');
        expect(await body.locator('img').count()).toBe(2);
        expect(await body.innerText()).toContain('贴图后文字');
        expect(await body.innerText()).toContain('拖图后文字');
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
