import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openAdmin, toastSaying } from './support/admin.ts';
import { loginAs } from './support/forum-api.ts';

// The admin's background jobs page: reached from the menu, it lists the jobs that used up their retries
// (name, error, attempts, time) and retries one; it fits a phone's width.
let forum: RunningForum;
let browser: Browser;
let healed = false;
const ids: string[] = [];

/** Waits (up to 20 s) until the queue says the job is in `state`. */
async function reaches(name: string, id: string, state: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await forum.jobs.stateOf(name, id))?.state === state) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} never reached ${state}`);
}

describe.skipIf(noChromiumReason !== null)(
  `admin background jobs${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
      // A job that fails (once healed, it works), with no retries so it shows as failed at once.
      forum.jobs.work(
        'e2e_webhook',
        async () => {
          if (!healed) throw new Error('connect ECONNREFUSED 127.0.0.1:9 (webhook endpoint not answering)');
        },
        { retryLimit: 0 },
      );
      for (const n of [1, 2]) ids.push((await forum.jobs.send('e2e_webhook', { n }))!);
      for (const id of ids) await reaches('e2e_webhook', id, 'failed');
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('pc: the menu leads to the failed jobs; one is retried and leaves the list', async () => {
      const { page, context, errors } = await openAdmin(browser, forum.url);
      await page.goto(`${forum.url}/admin`);
      await page.getByRole('link', { name: '后台任务' }).click();
      await page.waitForURL(/\/admin\/jobs$/);
      const view = page.getByTestId('admin-jobs');
      await expect.poll(() => view.getByTestId('job-row').count()).toBe(2);
      const first = view.getByTestId('job-row').first();
      const text = await first.innerText();
      expect(text).toContain('e2e_webhook');
      expect(text).toContain('ECONNREFUSED');
      expect(text).toMatch(/\b1\b/);
      // The header names the columns in Chinese.
      expect(await view.locator('thead').innerText()).toMatch(
        /任务[\s\S]*错误[\s\S]*尝试次数[\s\S]*失败时间/,
      );
      await shot(page, 'admin-jobs', 'pc');

      healed = true;
      await first.getByTestId('job-retry').click();
      await toastSaying(page, '已重新排队').first().waitFor();
      await expect
        .poll(
          async () => {
            await view.getByTestId('jobs-reload').click();
            return view.getByTestId('job-row').count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      const states = await Promise.all(ids.map((id) => forum.jobs.stateOf('e2e_webhook', id)));
      expect(states.map((s) => s?.state).sort()).toEqual(['completed', 'failed']);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);

    it('h5: the page fits 375 px; the table scrolls in its box', async () => {
      const opened = await openContext(browser, 'h5');
      await loginAs(opened.page, forum.url, 'admin', 'admin-pass-123');
      await opened.page.goto(`${forum.url}/admin/jobs`);
      await opened.page.getByTestId('job-row').first().waitFor();
      const width = await opened.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await shot(opened.page, 'admin-jobs', 'h5');
      await opened.context.close();
    }, 60_000);
  },
);
