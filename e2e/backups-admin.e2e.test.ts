import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openAdmin, toastSaying } from './support/admin.ts';
import { api, loginAs } from './support/forum-api.ts';

// The dashboard's backups card: nothing yet, "back up now" writes one and shows it, a failure shows in red;
// the card fits a phone's width.
let forum: RunningForum;
let browser: Browser;

describe.skipIf(noChromiumReason !== null)(
  `admin backups card${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('pc: backs up now and shows the result; a failed run is shown with its reason', async () => {
      const { page, context, errors } = await openAdmin(browser, forum.url);
      await page.goto(`${forum.url}/admin`);
      const card = page.getByTestId('admin-backups');
      await card.waitFor();
      expect(await card.innerText()).toContain('尚未备份');
      await card.getByTestId('backup-now').click();
      await toastSaying(page, '备份完成').first().waitFor();
      await expect.poll(() => card.getByTestId('backup-last').innerText()).toContain('成功');
      expect(await card.innerText()).toMatch(/已有备份\s*1/);
      await shot(page, 'admin-backups', 'pc');
      // A folder that cannot be made: the run fails and the card says why.
      const set = await api(context, forum.url, 'POST', '/api/backAdmin/settings.create', {
        data: [{ key: 'backup_dir', value: '/proc/forum-backups-e2e/inner', tag: 'backup' }],
      });
      expect(set.Code).toBe(0);
      await page.reload();
      await card.getByTestId('backup-now').click();
      await expect.poll(() => card.getByTestId('backup-last').innerText()).toContain('失败');
      expect(await card.locator('.admin-backup__error').count()).toBe(1);
      await shot(page, 'admin-backups-failed', 'pc');
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);

    it('h5: the card fits 375 px', async () => {
      const opened = await openContext(browser, 'h5');
      await loginAs(opened.page, forum.url, 'admin', 'admin-pass-123');
      await opened.page.goto(`${forum.url}/admin`);
      await opened.page.getByTestId('admin-backups').waitFor();
      const width = await opened.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await opened.page.getByTestId('admin-backups').scrollIntoViewIfNeeded();
      await shot(opened.page, 'admin-backups', 'h5');
      await opened.context.close();
    });
  },
);
