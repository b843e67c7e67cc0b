import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';
import { openMember } from './support/members.ts';

// Issue 12 item 8: recharge through the sandbox, set a pay password, pay an order from the wallet through
// the pay dialog, at pc and h5 widths.
let forum: RunningForum;
let browser: Browser;
let payeeId = 0;

/** Fen from a yuan string with at most two decimals (test-only kind; no floats). */
function fen(yuan: string): bigint {
  const [whole, part = ''] = yuan.split('.');
  return BigInt(whole!) * 100n + BigInt(part.padEnd(2, '0').slice(0, 2));
}

describe.skipIf(noChromiumReason !== null)(
  `wallet pages${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_charge: '1', pay_sandbox_open: '1' });
      // A paid-thread-like order whose whole amount goes to the payee (paid content arrives with its own helper).
      forum.registerOrderKind({
        type: 3,
        async prepare(_ctx: unknown, input: { amount?: string; payeeId?: number }) {
          return { amountFen: fen(input.amount ?? '0'), payeeId: input.payeeId, title: 'A paid thread' };
        },
        async credits(_ctx: unknown, order: { amountFen: bigint; payeeId: number }) {
          return [{ account: { kind: 'member_available', userId: order.payeeId }, amount: order.amountFen }];
        },
      });
      browser = await launch();
      const { context } = await openContext(browser, 'pc');
      const r = await api<{ userId: number }>(context, forum.url, 'POST', '/api/v3/users/username.register', {
        username: 'payee_w',
        password: 'secret123',
      });
      payeeId = r.Data.userId;
      await context.close();
    });
    afterAll(async () => {
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
            `${forum.url}/wallet/pay?type=3&amount=12.50&payeeId=${payeeId}&title=A%20paid%20thread`,
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
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  },
);
