import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { openAdmin, toastSaying } from './support/admin.ts';
import { launch, openContext, shot } from './support/browser.ts';
import { api, loginAs } from './support/forum-api.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';

// The administrator releases a member's frozen balance from the users page (a withdrawal stuck in review
// holds 40.00 here): more than is frozen is refused, a release moves it to the available balance.
let forum: RunningForum;
let browser: Browser;
let admin: BrowserContext;
let member: { userId: number; username: string };

const walletOf = async () =>
  (
    await api<{ availableFen: number; freezeFen: number }>(
      admin,
      forum.url,
      'GET',
      `/api/backAdmin/user.wallet?userId=${member.userId}`,
    )
  ).Data;

describe.skipIf(noChromiumReason !== null)(
  `admin wallet release${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
      admin = (await openAdmin(browser, forum.url)).context;
      const username = `held${Date.now() % 100000}`;
      const ctx = await browser.newContext();
      const reg = await api<{ userId: number }>(ctx, forum.url, 'POST', '/api/v3/users/username.register', {
        username,
        password: 'secret123',
      });
      expect(reg.Code, reg.Message).toBe(0);
      member = { userId: reg.Data.userId, username };
      const credit = await api(admin, forum.url, 'POST', '/api/backAdmin/update.user.wallet', {
        userId: member.userId,
        operate: 1,
        amount: '100',
        idempotencyKey: 'e2e-held-credit-1',
      });
      expect(credit.Code, credit.Message).toBe(0);
      const cash = await api(ctx, forum.url, 'POST', '/api/v3/wallet/cash', {
        cashApplyAmount: '40',
        receiveAccount: 'bank 6222',
        idempotencyKey: 'e2e-held-cash-1',
      });
      expect(cash.Code, cash.Message).toBe(0);
      await ctx.close();
      expect(await walletOf()).toMatchObject({ availableFen: 6000, freezeFen: 4000 });
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const [kind, release, left] of [
      ['pc', '15', '25.00'],
      ['h5', '10.5', '14.50'],
    ] as const) {
      it(`${kind}: opens a member's wallet on the users page, is refused too much, releases part of it`, async () => {
        const { page, context, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        await page.goto(`${forum.url}/admin/users`);
        await page.locator('input[name="username"]').fill(member.username);
        await page.getByTestId('users-search').click();
        const row = page.getByTestId('user-row').filter({ hasText: member.username });
        await row.getByTestId('user-wallet-open').click();
        const panel = page.getByTestId('user-wallet');
        const frozen = panel.getByTestId('wallet-frozen');
        await frozen.filter({ hasText: /\d/ }).waitFor();
        const before = await frozen.innerText();

        await panel.locator('input[name="amount"]').fill('999');
        await panel.locator('input[name="reason"]').fill('提现卡住，人工解冻');
        await panel.getByTestId('wallet-unfreeze').click();
        await toastSaying(page, 'frozen balance').waitFor();
        expect(await frozen.innerText()).toBe(before);

        await panel.locator('input[name="amount"]').fill(release);
        await panel.getByTestId('wallet-unfreeze').click();
        await toastSaying(page, '已解冻').waitFor();
        await frozen.filter({ hasText: left }).waitFor();
        expect(await panel.locator('input[name="amount"]').inputValue()).toBe('');
        await shot(page, 'admin-user-wallet', kind);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(kind === 'h5' ? 375 : 1280);
        // The refused release is the one 400 the browser logs.
        expect(errors).toEqual([expect.stringContaining('status of 400')]);
        await context.close();
      });
    }

    it('the release is in the member’s wallet log and the admin action log', async () => {
      expect(await walletOf()).toMatchObject({ availableFen: 8550, freezeFen: 1450 });
      const log = await api<{ pageData: Array<{ path: string }> }>(
        admin,
        forum.url,
        'GET',
        '/api/backAdmin/actions',
      );
      expect(log.Data.pageData.filter((a) => a.path === '/api/backAdmin/user.wallet.unfreeze')).toHaveLength(
        2,
      );
    });
  },
);
