import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs, TINY_PNG } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;
/** A short WebM recorded by chromium itself (MediaRecorder on a canvas): a real, playable video. */
let webm: Buffer;

/** A 0.5 s 440 Hz mono 8 kHz PCM WAV. */
function wav(): Buffer {
  const n = 4000;
  const b = Buffer.alloc(44 + n);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(n, 40);
  for (let i = 0; i < n; i++) b[44 + i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / 8000));
  return b;
}

async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext('2d')!;
    const rec = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => (rec.onstop = r));
    rec.start();
    for (let i = 0; i < 8; i++) {
      g.fillStyle = `hsl(${i * 40}, 70%, 50%)`;
      g.fillRect(0, 0, 64, 48);
      await new Promise((r) => setTimeout(r, 60));
    }
    rec.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let s = '';
    for (const x of bytes) s += String.fromCharCode(x);
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

const GOODS = { url: 'https://shop.example.com/item/42', title: '向日葵种子礼盒', price: '19.9' };

async function writeThread(page: Page, kind: string): Promise<number> {
  await page.goto(forum.url + '/thread/post');
  await hydrated(page);
  await page.locator('input[name="title"]').fill(`${kind} 多媒体帖子`);
  const area = page.getByTestId('editor-area');
  await area.waitFor();
  await area.click();
  await page.keyboard.type(`${kind} 的正文：视频、音频、商品和位置。`);
  await page
    .getByTestId('image-input')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
  await area.locator('img[data-attachment-id]').waitFor();
  await page
    .getByTestId('video-input')
    .setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: webm });
  await page.getByTestId('video-chip').waitFor();
  await page
    .getByTestId('audio-input')
    .setInputFiles({ name: '鸟鸣.wav', mimeType: 'audio/wav', buffer: wav() });
  await page.getByTestId('audio-chip').waitFor();
  await page.getByTestId('add-goods').click();
  await page.locator('input[name="goods-url"]').fill(GOODS.url);
  await page.locator('input[name="goods-title"]').fill(GOODS.title);
  await page.locator('input[name="goods-price"]').fill(GOODS.price);
  await page.locator('input[name="goods-image"]').fill(`${forum.url}/favicon.svg`);
  await page.getByTestId('add-position').click();
  await page.getByTestId('locate').click();
  await page.getByTestId('coords').filter({ hasText: '23.13' }).waitFor();
  await page.locator('input[name="position-location"]').fill('花城广场');
  await page.locator('input[name="position-address"]').fill('广州市天河区珠江新城');
  await shot(page, 'editor-blocks', kind);
  await page.getByTestId('publish').click();
  await page.waitForURL(/\/thread\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Checks every block on the thread page, including that the media really load and play. */
async function expectBlocks(page: Page): Promise<void> {
  const video = page.getByTestId('video-block').locator('video');
  expect(await video.getAttribute('src')).toMatch(/^\/api\/v3\/attachments\/[0-9a-f-]{36}$/);
  expect(await video.getAttribute('controls')).not.toBeNull();
  await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('video')!.readyState >= 1);
  const audio = page.getByTestId('audio-block').locator('audio');
  expect(await audio.getAttribute('src')).toMatch(/^\/api\/v3\/attachments\//);
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('audio')!.duration > 0.4);
  const card = page.getByTestId('goods-card');
  expect(await card.getAttribute('href')).toBe(GOODS.url);
  expect(await card.getAttribute('target')).toBe('_blank');
  expect(await card.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  expect(await card.innerText()).toContain(GOODS.title);
  expect(await card.innerText()).toContain('¥19.90');
  const place = page.getByTestId('position-line');
  expect(await place.innerText()).toContain('花城广场 · 广州市天河区珠江新城');
  expect(await place.locator('svg[role="img"]').getAttribute('aria-label')).toBe('位置');
}

describe.skipIf(noChromiumReason !== null)(
  `editor blocks${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ thread_post_interval: '0' });
      browser = await launch();
      const { context, page } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/');
      webm = await recordWebm(page);
      await context.close();
      expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: writes a thread with video, audio, goods and a place; sees each; an edit keeps them`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await context.grantPermissions(['geolocation'], { origin: forum.url });
        await context.setGeolocation({ latitude: 23.13, longitude: 113.26 });
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        const id = await writeThread(page, kind);
        await page.getByTestId('thread-page').waitFor();
        await hydrated(page);
        await expectBlocks(page);
        await shot(page, 'thread-blocks', kind);

        await page.goto(`${forum.url}/thread/post?id=${id}`);
        await hydrated(page);
        await page.getByTestId('video-chip').waitFor();
        await page.getByTestId('audio-chip').waitFor();
        expect(await page.locator('input[name="goods-price"]').inputValue()).toBe('19.90');
        expect(await page.locator('input[name="position-location"]').inputValue()).toBe('花城广场');
        await page.getByTestId('publish').click();
        await page.waitForURL(new RegExp(`/thread/${id}$`));
        await page.getByTestId('thread-page').waitFor();
        await hydrated(page);
        await expectBlocks(page);
        // The edit kept every upload bound to the thread: a guest is still served each of them.
        const urls = await page.evaluate(() =>
          Array.from(document.querySelectorAll('[data-testid="thread-body"] img, video, audio')).map(
            (el) => el.getAttribute('src') ?? '',
          ),
        );
        expect(urls).toHaveLength(3);
        const guest = await browser.newContext();
        for (const u of urls) expect((await guest.request.get(forum.url + u)).status(), u).toBe(200);
        await guest.close();
        expect(errors).toEqual([]);
        await context.close();
      });
    }

    it('pc: a member without video and audio permissions sees only the blocks their group allows', async () => {
      const signup = await browser.newContext();
      const r = await api(signup, forum.url, 'POST', '/api/v3/users/username.register', {
        username: 'blockmember',
        password: 'member-pass-1',
      });
      expect(r.Code, r.Message).toBe(0);
      await signup.close();
      const { context, page, errors } = await openContext(browser, 'pc');
      await loginAs(page, forum.url, 'blockmember', 'member-pass-1');
      await page.goto(forum.url + '/thread/post');
      await hydrated(page);
      await page.getByTestId('add-goods').waitFor();
      expect(await page.getByTestId('add-position').count()).toBe(1);
      expect(await page.getByTestId('video-input').count()).toBe(0);
      expect(await page.getByTestId('audio-input').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
