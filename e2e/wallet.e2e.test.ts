import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';
import { openMember } from './support/members.ts';

// Issue 12 item 8: recharge through the sandbox, set a pay password, pay an order from the wallet through
// the pay dialog, at pc and h5 widths.
let forum: RunningForum;
let browser: Browser;
let threadId = 0;
let payee: BrowserContext | undefined;

describe.skipIf(noChromiumReason !== null)(
  `wallet pages${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_charge: '1', pay_sandbox_open: '1' });
      browser = await launch();
      // The payee's paid thread (12.50, the whole price to the author: the site's shares are not set).
      const { context } = await openContext(browser, 'pc');
      const r = await api(context, forum.url, 'POST', '/api/v3/users/username.register', {
        username: 'payee_w',
        password: 'secret123',
      });
      expect(r.Code, r.Message).toBe(0);
      const thread = await api<{ threadId: number }>(context, forum.url, 'POST', '/api/v3/thread.create', {
        categoryId: 1,
        title: 'A paid thread',
        content: { text: '<p>paid words</p>' },
        price: 12.5,
        freeWords: 0,
      });
      expect(thread.Code, thread.Message).toBe(0);
      threadId = thread.Data.threadId;
      payee = context;
    });
    afterAll(async () => {
      await payee?.close();
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: pay password, sandbox recharge, wallet payment through the dialog`, async () => {
        const { page, errors, context } = await openMember(browser, forum.url, kind, `钱包${kind}`);
        try {
          // Pay password.
          await page.goto(`${forum.url}/wallet/pay-password`);
          await hydrated(page);
          await page.getByTestId('pw-new').fill('246810');
          await page.getByTestId('pw-again').fill('246810');
          await shot(page, 'wallet-pay-password', kind);
          await page.getByTestId('pw-save').click();
          await page.locator('[data-testid="pay-password-page"][data-has="true"]').waitFor();

          // Recharge through the sandbox page and back to the result.
          await page.goto(`${forum.url}/wallet/recharge`);
          await hydrated(page);
          await page.getByTestId('pay-type-90').waitFor();
          await page.getByTestId('recharge-amount').fill('50');
          await shot(page, 'wallet-recharge', kind);
          await page.getByTestId('recharge-submit').click();
          await page.waitForURL(/\/pay\/sandbox\/\d{22}/);
          await shot(page, 'wallet-sandbox', kind);
          await page.locator('#sandbox-complete').click();
          await page.waitForURL(/\/wallet\/recharge\?orderSn=\d{22}/);
          await hydrated(page);
          await page.locator('[data-testid="recharge-result"][data-status="1"]').waitFor();
          await expect.poll(() => page.getByTestId('recharge-balance').innerText()).toBe('50.00');
          await shot(page, 'wallet-recharge-result', kind);

          // Pay 12.50 from the wallet through the dialog.
          await page.goto(
            `${forum.url}/wallet/pay?type=3&amount=12.50&threadId=${threadId}&title=A%20paid%20thread`,
          );
          await hydrated(page);
          await page.getByTestId('pay-password').waitFor();
          await page.getByTestId('pay-password').fill('246810');
          await shot(page, 'wallet-pay-dialog', kind);
          await page.getByTestId('pay-confirm').click();
          await page.getByTestId('pay-done').waitFor();

          // The wallet shows the balance and the log, filterable by type.
          await page.goto(`${forum.url}/wallet`);
          await hydrated(page);
          await expect.poll(() => page.getByTestId('wallet-available').innerText()).toBe('37.50');
          await expect.poll(() => page.getByTestId('wallet-log').locator('li').count()).toBe(2);
          await shot(page, 'wallet', kind);
          await page.getByTestId('wallet-type').selectOption('180');
          await page.getByTestId('wallet-filter').locator('button[type="submit"]').click();
          await expect.poll(() => page.getByTestId('wallet-log').locator('li').count()).toBe(1);
          // The payer's line is the paid-thread expense (61), the author's the paid-thread income (60).
          await page.getByTestId('wallet-type').selectOption('61');
          await page.getByTestId('wallet-filter').locator('button[type="submit"]').click();
          await expect
            .poll(() => page.getByTestId('wallet-log').locator('li').innerText())
            .toContain('-12.50');
          const sold = await api<{ pageData: Array<{ changeType: number; amount: string }> }>(
            payee!,
            forum.url,
            'GET',
            '/api/v3/wallet/log?perPage=1',
          );
          expect(sold.Data.pageData.map((l) => [l.changeType, l.amount])).toEqual([[60, '12.50']]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  },
);
