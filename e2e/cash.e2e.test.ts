import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { hydrated, launch, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';
import { openAdmin } from './support/admin.ts';
import { openMember } from './support/members.ts';

// A member applies for a withdrawal on /wallet/withdrawal (fee previewed), an administrator approves it and
// marks it paid through the admin API, and the member's list shows each status, at pc and h5 widths.
let forum: RunningForum;
let browser: Browser;
let admin: BrowserContext;

const asAdmin = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  api<T>(admin, forum.url, method, path, body);

describe.skipIf(noChromiumReason !== null)(
  `withdrawal page${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
      admin = (await openAdmin(browser, forum.url)).context;
      const set = await asAdmin('POST', '/api/backAdmin/settings.create', {
        data: [{ key: 'cash_rate', value: '0.01', tag: 'cash' }],
      });
      expect(set.Code).toBe(0);
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: apply, then see it approved and paid`, async () => {
        const m = await openMember(browser, forum.url, kind, `提现${kind}`);
        const credit = await asAdmin('POST', '/api/backAdmin/update.user.wallet', {
          userId: m.userId,
          operate: 1,
          amount: '100',
          idempotencyKey: `e2e-credit-${kind}-${Date.now()}`,
        });
        expect(credit.Code).toBe(0);
        const { page } = m;
        await page.goto(`${forum.url}/wallet/withdrawal`);
        await hydrated(page);
        await expect.poll(() => page.getByTestId('cash-available').innerText()).toBe('¥100.00');
        await page.locator('input[name="cashApplyAmount"]').fill('10.01');
        await page.locator('input[name="receiveAccount"]').fill('alipay 13800000000');
        // 10.01 × 1 % = 0.1001 yuan, rounded up to 0.11.
        await expect.poll(() => page.getByTestId('cash-fee').innerText()).toContain('¥0.11');
        await expect.poll(() => page.getByTestId('cash-fee').innerText()).toContain('¥9.90');
        await shot(page, 'withdrawal-form', kind);
        await page.getByTestId('withdrawal-page').locator('button[type="submit"]').click();
        const item = page.getByTestId('cash-item').first();
        await expect.poll(() => item.getAttribute('data-status')).toBe('1');
        expect(await page.getByTestId('cash-frozen').innerText()).toBe('¥10.01');
        expect(await item.innerText()).toContain('待审核');

        const list = await asAdmin<{ pageData: { id: number }[] }>(
          'GET',
          `/api/backAdmin/users.cash.logs?username=${m.username}`,
        );
        const id = list.Data.pageData[0]!.id;
        expect((await asAdmin('POST', '/api/backAdmin/wallet.cash.review', { id, cashStatus: 2 })).Code).toBe(
          0,
        );
        await page.reload();
        await hydrated(page);
        await expect.poll(() => item.getAttribute('data-status')).toBe('4');
        expect((await asAdmin('POST', '/api/backAdmin/wallet.cash.review', { id, cashStatus: 5 })).Code).toBe(
          0,
        );
        await page.reload();
        await hydrated(page);
        await expect.poll(() => item.getAttribute('data-status')).toBe('5');
        expect(await item.innerText()).toContain('已打款');
        expect(await page.getByTestId('cash-frozen').innerText()).toBe('¥0.00');
        expect(await page.getByTestId('cash-available').innerText()).toBe('¥89.99');
        await shot(page, 'withdrawal-paid', kind);
        expect(m.errors).toEqual([]);
      });
    }
  },
);
