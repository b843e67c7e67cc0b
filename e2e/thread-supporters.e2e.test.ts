import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openAdmin } from './support/admin.ts';
import path from 'node:path';
import { ARTIFACTS, hydrated, launch, shot } from './support/browser.ts';
import { api } from './support/forum-api.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';

// Issue 27 §2: a tip leaves a trace on the thread. A member tips through the thread's tip dialog and then finds
// themself in the "N people tipped" row and its list (with their own amount); the paid readers have a row too.
// Both widths, Chinese then English.
let forum: RunningForum;
let browser: Browser;
const PAY_PASSWORD = '123456';

async function credit(userId: number, amount: string) {
  const admin = await openAdmin(browser, forum.url);
  const r = await api(admin.context, forum.url, 'POST', '/api/backAdmin/update.user.wallet', {
    userId,
    operate: 1,
    amount,
    idempotencyKey: `e2e-supporters-${userId}`,
  });
  expect(r.Code, r.Message).toBe(0);
  await admin.context.close();
}

/** A funded member with a pay password, ready to pay from the wallet. */
async function payer(kind: 'pc' | 'h5', nickname: string) {
  const m = await openMember(browser, forum.url, kind, nickname);
  await credit(m.userId, '50');
  const set = await api(m.context, forum.url, 'POST', '/api/v3/users/pay-password.update', {
    payPassword: PAY_PASSWORD,
    payPasswordConfirmation: PAY_PASSWORD,
  });
  expect(set.Code, set.Message).toBe(0);
  return m;
}

/** Pays an order from the wallet in one call (the setup's tips and purchases, not the one under test). */
async function payByApi(context: BrowserContext, order: object) {
  const r = await api(context, forum.url, 'POST', '/api/v3/order.create', {
    ...order,
    walletPay: { payPassword: PAY_PASSWORD },
  });
  expect(r.Code, r.Message).toBe(0);
}

/** The screen as the member sees it with the dialog open (a full-page shot would smear the fixed layers). */
const screen = (page: Page, name: string, kind: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}-${kind}.png`) });

const rowText = (page: Page, kind: 'tips' | 'paid') =>
  page.getByTestId(`supporters-${kind}`).locator('.thread-supporters__text').innerText();

describe.skipIf(noChromiumReason !== null)(
  `tippers and paid readers on a thread${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ thread_post_interval: '0' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a member tips through the dialog and sees themself among the tippers`, async () => {
        const author = await openMember(browser, forum.url, kind, `作者${kind}`);
        const created = await api<{ threadId: number }>(
          author.context,
          forum.url,
          'POST',
          '/api/v3/thread.create',
          {
            categoryId: 1,
            title: `打赏主题 ${kind}`,
            content: { text: '<p>值得打赏的内容，前面免费。后面是付费部分。</p>' },
            price: 2,
            freeWords: 0.5,
          },
        );
        expect(created.Code, created.Message).toBe(0);
        const threadId = created.Data.threadId;
        // Someone else has bought the thread and tipped it already.
        const early = await payer(kind, `早到读者${kind}`);
        await payByApi(early.context, { type: 3, threadId });
        await payByApi(early.context, { type: 2, threadId, amount: 0.8 });
        await early.context.close();

        const me = await payer(kind, `打赏者${kind}`);
        const { page, errors } = me;
        await page.goto(`${forum.url}/thread/${threadId}`);
        await hydrated(page);
        await page.getByTestId('supporters-tips-avatars').locator('.ui-avatar').first().waitFor();
        expect(await rowText(page, 'tips')).toBe('1 人打赏');
        expect(await rowText(page, 'paid')).toBe('1 人已付费');
        await shot(page, 'supporters-before', kind);

        // The tip, through the thread's own tip button and pay dialog.
        await page.getByTestId('thread-tip').click();
        await page.getByTestId('pay-dialog').waitFor();
        await page.getByTestId('pay-amount-input').fill('1.5');
        await page.getByTestId('pay-password').fill(PAY_PASSWORD);
        await page.getByTestId('pay-confirm').click();
        await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
        // No reload: the row counts the tip and shows the tipper's avatar first.
        await page.waitForFunction(
          () => document.querySelector('[data-testid="supporters-tips"]')?.getAttribute('data-count') === '2',
        );
        const mine = page.getByTestId('supporters-tips-avatars').locator(`[title="打赏者${kind}"]`);
        await mine.waitFor();
        expect(await rowText(page, 'tips')).toBe('2 人打赏');
        await shot(page, 'supporters-after-tip', kind);

        // The list: newest first, the viewer's own amount shown, nobody else's.
        await page.getByTestId('supporters-tips').click();
        const dialog = page.getByTestId('supporters-dialog');
        await dialog.getByTestId('supporter').nth(1).waitFor();
        expect(await dialog.locator('#supporters-title').innerText()).toContain('打赏的人');
        const entries = dialog.getByTestId('supporter');
        expect(await entries.count()).toBe(2);
        expect(await entries.nth(0).getAttribute('data-user-id')).toBe(String(me.userId));
        expect(await entries.nth(0).innerText()).toContain(`打赏者${kind}`);
        expect(await entries.nth(0).getByTestId('supporter-amount').innerText()).toBe('¥1.50');
        expect(await entries.nth(1).innerText()).toContain(`早到读者${kind}`);
        expect(await entries.nth(1).getByTestId('supporter-amount').count()).toBe(0);
        await screen(page, 'supporters-dialog', kind);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // The paid readers' list from its own row.
        await page.getByTestId('supporters-paid').click();
        await dialog.getByTestId('supporter').first().waitFor();
        expect(await dialog.locator('#supporters-title').innerText()).toContain('付费的人');
        expect(await dialog.getByTestId('supporter').count()).toBe(1);
        await dialog.getByTestId('supporters-close').click();
        await dialog.waitFor({ state: 'detached' });

        // The same page in English.
        await me.context.addCookies([{ name: 'forum_lang', value: 'en', url: forum.url }]);
        await page.reload();
        await hydrated(page);
        await page.getByTestId('supporters-tips-avatars').locator('.ui-avatar').first().waitFor();
        expect(await rowText(page, 'tips')).toBe('2 people tipped');
        expect(await rowText(page, 'paid')).toBe('1 person paid to read');
        await page.getByTestId('supporters-tips').click();
        await dialog.getByTestId('supporter').nth(1).waitFor();
        expect(await dialog.locator('#supporters-title').innerText()).toContain('Tipped by');
        // Relative times follow the page's language too.
        expect(await dialog.innerText()).not.toMatch(/[前刚]/);
        await screen(page, 'supporters-dialog-en', kind);
        await page.keyboard.press('Escape');
        await shot(page, 'supporters-en', kind);
        expect(errors).toEqual([]);
        await Promise.all([author.context.close(), me.context.close()]);
      });
    }

    it('a thread nobody tipped or paid for shows no rows and asks for no list', async () => {
      const author = await openMember(browser, forum.url, 'pc', '无人打赏作者');
      const created = await api<{ threadId: number }>(
        author.context,
        forum.url,
        'POST',
        '/api/v3/thread.create',
        { categoryId: 1, title: '无人打赏', content: { text: '<p>还没有人打赏。</p>' } },
      );
      expect(created.Code, created.Message).toBe(0);
      const asked: string[] = [];
      author.page.on('request', (r) => r.url().includes('thread.likedusers') && asked.push(r.url()));
      await author.page.goto(`${forum.url}/thread/${created.Data.threadId}`);
      await hydrated(author.page);
      await author.page.getByTestId('thread-reactions').waitFor();
      expect(await author.page.getByTestId('thread-supporters').count()).toBe(0);
      expect(asked).toEqual([]);
      await author.context.close();
    });
  },
);
