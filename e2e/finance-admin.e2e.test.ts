import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';
import { openAdmin, toastSaying } from './support/admin.ts';

// The admin's finance pages at 1280 px: totals and a chart after money moved, a withdrawal reviewed through
// the buttons (approve, then mark paid), fund details, orders and the withdrawal settings.
let forum: RunningForum;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let member: { token: string; userId: number; username: string };

const asAdmin = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  api<T>(admin.context, forum.url, method, path, body);

describe.skipIf(noChromiumReason !== null)(
  `admin finance pages${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
      admin = await openAdmin(browser, forum.url);
      await asAdmin('POST', '/api/backAdmin/settings.create', {
        data: [{ key: 'cash_rate', value: '0.05', tag: 'cash' }],
      });
      // A member with money applies for a withdrawal through the API (the web page has its own test).
      const username = `fin${Date.now() % 100000}`;
      const ctx = await browser.newContext();
      const reg = await api<{ userId: number }>(ctx, forum.url, 'POST', '/api/v3/users/username.register', {
        username,
        password: 'secret123',
        nickname: username,
      });
      expect(reg.Code).toBe(0);
      member = { token: '', userId: reg.Data.userId, username };
      await asAdmin('POST', '/api/backAdmin/update.user.wallet', {
        userId: member.userId,
        operate: 1,
        amount: '200',
        idempotencyKey: 'e2e-fin-credit-1',
      });
      const csrf = (await ctx.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
      const res = await ctx.request.post(`${forum.url}/api/v3/wallet/cash`, {
        data: { cashApplyAmount: '40', receiveAccount: 'bank 6222', idempotencyKey: 'e2e-fin-cash-1' },
        headers: { 'x-csrf-token': csrf },
      });
      expect(((await res.json()) as { Code: number }).Code).toBe(0);
      await ctx.close();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('reviews a withdrawal with the buttons: approve, then mark paid', async () => {
      const { page } = admin;
      await page.goto(`${forum.url}/admin/withdrawals`);
      const row = page.getByTestId('cash-row').first();
      await row.waitFor();
      expect(await row.innerText()).toContain(member.username);
      expect(await row.getByTestId('cash-status').getAttribute('data-status')).toBe('1');
      await row.getByTestId('cash-review-2').click();
      await toastSaying(page, '已保存').first().waitFor();
      await expect.poll(() => row.getByTestId('cash-status').getAttribute('data-status')).toBe('4');
      await row.getByTestId('cash-review-5').click();
      await expect.poll(() => row.getByTestId('cash-status').getAttribute('data-status')).toBe('5');
      expect(await row.innerText()).toContain('38.00');
      await shot(page, 'admin-withdrawals', 'pc');
    });

    it('shows the totals as cards and a chart, by day and by month', async () => {
      const { page } = admin;
      await page.goto(`${forum.url}/admin/finance`);
      await page.getByTestId('admin-finance').waitFor();
      await expect.poll(() => page.getByTestId('finance-totalWithdrawal').innerText()).toContain('¥40.00');
      expect(await page.getByTestId('finance-withdrawalProfit').innerText()).toContain('¥2.00');
      expect(await page.getByTestId('finance-totalWallet').innerText()).toContain('¥160.00');
      expect(await page.getByTestId('finance-orderCount').innerText()).toContain('0');
      await page.getByTestId('finance-chart').locator('svg').waitFor();
      await shot(page, 'admin-finance', 'pc');
      await page.getByRole('button', { name: '按月' }).click();
      await page.getByTestId('finance-chart').locator('svg').waitFor();
    });

    it('lists fund details, orders and edits the withdrawal settings', async () => {
      const { page } = admin;
      await page.goto(`${forum.url}/admin/funds`);
      await page.getByTestId('fund-row').first().waitFor();
      expect(await page.getByTestId('fund-row').count()).toBeGreaterThanOrEqual(4);
      await shot(page, 'admin-funds', 'pc');
      // A merged order (red packet + bounty, type 11), paid: the list shows its parts under its type.
      const me = await asAdmin<{ id: number }>('GET', '/api/v3/user');
      await asAdmin('POST', '/api/backAdmin/update.user.wallet', {
        userId: me.Data.id,
        operate: 1,
        amount: '20',
        idempotencyKey: 'e2e-fin-credit-admin',
      });
      await asAdmin('POST', '/api/v3/users/pay-password.update', {
        payPassword: '123456',
        payPasswordConfirmation: '123456',
      });
      const expiredAt = new Date(Date.now() + 48 * 3600_000).toISOString();
      const draft = await asAdmin<{ threadId: number }>('POST', '/api/v3/thread.create', {
        categoryId: 1,
        title: '红包和悬赏',
        draft: true,
        content: {
          text: '<p>合并支付</p>',
          indexes: {
            rp: { tomId: 106, body: { rule: 0, number: 2, price: '2' } },
            rw: { tomId: 107, body: { type: 0, price: '3', expiredAt } },
          },
        },
      });
      expect(draft.Code, draft.Message).toBe(0);
      const order = await asAdmin<{ orderSn: string }>('POST', '/api/v3/order.create', {
        type: 11,
        threadId: draft.Data.threadId,
      });
      expect(order.Code, order.Message).toBe(0);
      const paid = await asAdmin('POST', '/api/v3/trade/pay/order', {
        orderSn: order.Data.orderSn,
        paymentType: 20,
        payPassword: '123456',
      });
      expect(paid.Code, paid.Message).toBe(0);
      await page.goto(`${forum.url}/admin/orders`);
      await page.getByTestId('admin-orders').waitFor();
      const parts = page.getByTestId('order-row').first().getByTestId('order-parts');
      await parts.waitFor();
      expect(await parts.innerText()).toBe('红包 2.00 + 悬赏 3.00');
      await shot(page, 'admin-orders', 'pc');
      await page.goto(`${forum.url}/admin/cash-settings`);
      const rate = page.locator('input[name="cash_rate"]');
      await rate.waitFor();
      expect(await rate.inputValue()).toBe('0.05');
      await rate.fill('2');
      await page.getByTestId('settings-save').click();
      await page.getByTestId('error-cash_rate').waitFor();
      await rate.fill('0.02');
      await page.getByTestId('settings-save').click();
      await toastSaying(page, '已保存').first().waitFor();
      await shot(page, 'admin-cash-settings', 'pc');
      const stored = await asAdmin<{ value: string }>('GET', '/api/settings.v2?key=cash_rate&tag=cash');
      expect(stored.Data.value).toBe('0.02');
    });
  },
);
