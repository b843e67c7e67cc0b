import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openAdmin, toastSaying } from './support/admin.ts';

// The admin's Storage page at 1280 px: COS on without a bucket is refused inline; a complete form is stored
// under the original's keys (tag qcloud) and shown again after a reload, the secret key masked.
let forum: RunningForum;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };

const stored = async (key: string) =>
  (
    (await forum.exec('SELECT value FROM settings WHERE key = $1 AND tag = $2', [key, 'qcloud'])) as {
      rows: Array<{ value: string }>;
    }
  ).rows[0]?.value;

describe.skipIf(noChromiumReason !== null)(
  `admin storage settings${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
      admin = await openAdmin(browser, forum.url);
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('refuses COS without its bucket, then stores a complete form and masks the key', async () => {
      const { page } = admin;
      await page.goto(`${forum.url}/admin/storage`);
      const form = page.getByTestId('admin-storage');
      await form.locator('input[name="qcloud_cos"]').waitFor();
      await expect.poll(() => form.getByTestId('hint-qcloud_cos').innerText()).toContain('storage:migrate');
      await form.locator('input[name="qcloud_cos"]').check();
      await form.getByTestId('settings-save').click();
      await form.getByTestId('error-qcloud_cos_bucket_name').waitFor();
      expect(await stored('qcloud_cos')).not.toBe('1');
      await form.locator('input[name="qcloud_cos_bucket_name"]').fill('forum-1250000000');
      await form.locator('input[name="qcloud_cos_bucket_area"]').fill('ap-guangzhou');
      await form.locator('input[name="qcloud_cos_cdn_url"]').fill('https://img.example.test');
      await form.locator('input[name="qcloud_secret_id"]').fill('AKIDexample');
      await form.locator('input[name="qcloud_secret_key"]').fill('example-secret-key');
      await form.getByTestId('settings-save').click();
      await toastSaying(page, '已保存').first().waitFor();
      await expect.poll(() => stored('qcloud_cos')).toBe('1');
      expect(await stored('qcloud_cos_bucket_name')).toBe('forum-1250000000');
      expect(await stored('qcloud_secret_key')).toBe('example-secret-key');
      await page.reload();
      await form.locator('input[name="qcloud_cos"]').waitFor();
      expect(await form.locator('input[name="qcloud_cos"]').isChecked()).toBe(true);
      expect(await form.locator('input[name="qcloud_secret_key"]').inputValue()).toBe('******');
      await shot(page, 'admin-storage', 'pc');
    });
  },
);
