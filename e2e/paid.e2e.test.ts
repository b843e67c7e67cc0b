import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { openAdmin } from './support/admin.ts';
import { hydrated, launch, shot } from './support/browser.ts';
import { api, TINY_PNG, upload } from './support/forum-api.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';

// Issue 12 item 3 in the browser: a member buys a paid thread through the pay dialog (setting their pay
// password on the way) and reads it whole without a reload, tips the author, and finds it under /my/buy.
let forum: RunningForum;
let browser: Browser;
const TEXT = '付费正文开头部分。'.repeat(4) + '这里是只有付费读者才能看到的秘密段落。';
const SECRET = '秘密段落';

async function credit(userId: number, amount: string) {
  const admin = await openAdmin(browser, forum.url);
  const r = await api(admin.context, forum.url, 'POST', '/api/backAdmin/update.user.wallet', {
    userId,
    operate: 1,
    amount,
    idempotencyKey: `e2e-credit-${userId}`,
  });
  expect(r.Code, r.Message).toBe(0);
  await admin.context.close();
}

/** A thread of 5.50 with an image, its first 30 % free; answers its id. */
async function paidThread(context: BrowserContext, title: string): Promise<number> {
  const img = await upload(context, forum.url, 'p.png', TINY_PNG, 1, 'image/png');
  expect(img.Code, img.Message).toBe(0);
  const created = await api<{ threadId: number }>(context, forum.url, 'POST', '/api/v3/thread.create', {
    categoryId: 1,
    title,
    content: {
      text: `<p>${TEXT}</p>`,
      indexes: { '0': { tomId: 101, body: { imageIds: [img.Data.id] } } },
    },
    price: 5.5,
    freeWords: 0.3,
  });
  expect(created.Code, created.Message).toBe(0);
  return created.Data.threadId;
}

describe.skipIf(noChromiumReason !== null)(
  `paid content${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({
        thread_post_interval: '0',
        site_author_scale: '8',
        site_master_scale: '2',
        pay_sandbox_open: '1',
      });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: buy a paid thread and read it, tip the author, see the purchase`, async () => {
        const author = await openMember(browser, forum.url, kind, `作者${kind}`);
        const threadId = await paidThread(author.context, `付费主题 ${kind}`);
        // The author's editor shows the price fields.
        await author.page.goto(`${forum.url}/thread/post?id=${threadId}`);
        await hydrated(author.page);
        await author.page.getByTestId('price-editor').waitFor();
        expect(await author.page.getByTestId('editor-price').inputValue()).toBe('5.50');
        await shot(author.page, 'paid-editor', kind);

        const buyer = await openMember(browser, forum.url, kind, `读者${kind}`);
        await credit(buyer.userId, '100');
        const { page, errors } = buyer;
        await page.goto(`${forum.url}/thread/${threadId}`);
        await hydrated(page);
        await page.getByTestId('paid-lock').waitFor();
        expect(await page.getByTestId('thread-body').innerText()).not.toContain(SECRET);
        expect(await page.getByTestId('tag-price').innerText()).toContain('5.50');
        await shot(page, 'paid-thread-locked', kind);

        await page.getByTestId('paid-buy').click();
        await page.getByTestId('pay-dialog').waitFor();
        expect(await page.getByTestId('pay-amount').innerText()).toContain('5.50');
        // No pay password yet: the dialog sets one (typed twice), then pays with it.
        await page.getByTestId('pay-notset').waitFor();
        await page.getByTestId('pay-password').fill('123456');
        await page.getByTestId('pay-password-confirm').fill('123456');
        await shot(page, 'paid-dialog-set-password', kind);
        await page.getByTestId('pay-confirm').click();
        await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
        await page.getByTestId('paid-note').waitFor();
        expect(await page.getByTestId('thread-body').innerText()).toContain(SECRET);
        expect(await page.locator('.gallery img').count()).toBe(1);
        await shot(page, 'paid-thread-bought', kind);

        // A tip of 1.50: the author gets 8 tenths (1.20).
        await page.getByTestId('thread-tip').click();
        await page.getByTestId('pay-amount-input').fill('1.5');
        await page.getByTestId('pay-password').fill('123456');
        await shot(page, 'paid-tip-dialog', kind);
        await page.getByTestId('pay-confirm').click();
        await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
        const wallet = await api<{ availableAmount: string }>(
          author.context,
          forum.url,
          'GET',
          '/api/v3/wallet/user',
        );
        expect(wallet.Data.availableAmount).toBe('5.60'); // 4.40 of the thread + 1.20 of the tip

        await page.goto(`${forum.url}/my/buy`);
        await hydrated(page);
        await page.getByTestId('my-purchases').waitFor();
        expect(await page.getByTestId('my-purchases').innerText()).toContain(`付费主题 ${kind}`);
        await shot(page, 'paid-purchases', kind);
        expect(errors).toEqual([]);
        await Promise.all([author.context.close(), buyer.context.close()]);
      });
    }

    it('h5: buy a paid thread through the sandbox provider instead of the wallet', async () => {
      const author = await openMember(browser, forum.url, 'h5', '沙箱作者');
      const threadId = await paidThread(author.context, '沙箱付费主题');
      // An empty wallet: the provider is the only way to pay.
      const { page, context, errors } = await openMember(browser, forum.url, 'h5', '沙箱读者');
      await page.goto(`${forum.url}/thread/${threadId}`);
      await hydrated(page);
      await page.getByTestId('paid-buy').click();
      await page.getByTestId('pay-short').waitFor();
      await page.getByTestId('pay-type-90').check();
      await shot(page, 'paid-dialog-sandbox', 'h5');
      await page.getByTestId('pay-confirm').click();
      // The sandbox's page opens in a new tab; this one polls the order until it is paid.
      const [bank] = await Promise.all([context.waitForEvent('page'), page.getByTestId('pay-open').click()]);
      await shot(page, 'paid-dialog-sandbox-wait', 'h5');
      await bank.locator('#sandbox-complete').click();
      await bank.locator('#sandbox-result').waitFor();
      await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('paid-note').waitFor();
      expect(await page.getByTestId('thread-body').innerText()).toContain(SECRET);
      await shot(page, 'paid-thread-bought-sandbox', 'h5');
      expect(errors).toEqual([]);
      await Promise.all([author.context.close(), context.close()]);
    });
  },
);
