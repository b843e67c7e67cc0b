import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs } from './support/forum-api.ts';
import { openMember } from './support/members.ts';

// Issue 12 item 4: an author writes a thread with a red packet, pays it from the wallet in the pay dialog and
// publishes; another member replies and sees the share they got. At both widths.
let forum: RunningForum;
let browser: Browser;

/** Credits a member's wallet through the admin call (no recharge page in this branch). */
async function credit(userId: number, amount: string, key: string) {
  const { context, page } = await openContext(browser, 'pc');
  await loginAs(page, forum.url, 'admin', 'admin-pass-123');
  const r = await api(context, forum.url, 'POST', '/api/backAdmin/update.user.wallet', {
    userId,
    operate: 1,
    amount,
    idempotencyKey: key,
  });
  expect(r.Code, r.Message).toBe(0);
  await context.close();
}

/** The wallet balance of the member logged in on `context` (yuan). */
async function balanceOf(context: BrowserContext): Promise<string> {
  const r = await api<{ availableAmount: string }>(context, forum.url, 'GET', '/api/v3/wallet/user');
  return r.Data.availableAmount;
}

/**
 * A member with `yuan` in the wallet and the pay password 123456, on the editor with the title and text typed;
 * answers the member (their page is the editor).
 */
async function authorWriting(kind: 'pc' | 'h5', nickname: string, yuan: string, title: string, text: string) {
  const author = await openMember(browser, forum.url, kind, nickname);
  await credit(author.userId, yuan, `e2e-${author.userId}-${Date.now()}`);
  const pw = await api(author.context, forum.url, 'POST', '/api/v3/users/pay-password.update', {
    payPassword: '123456',
    payPasswordConfirmation: '123456',
  });
  expect(pw.Code, pw.Message).toBe(0);
  const page = author.page;
  await page.goto(forum.url + '/thread/post');
  await hydrated(page);
  await page.locator('input[name="title"]').fill(title);
  const area = page.getByTestId('editor-area');
  await area.waitFor();
  await area.click();
  await page.keyboard.type(text);
  return author;
}

describe.skipIf(noChromiumReason !== null)(
  `red packets${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
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
      it(`${kind}: the author pays a red packet by wallet and publishes; a member replies and gets a share`, async () => {
        const author = await authorWriting(
          kind,
          `红包作者${kind}`,
          '100',
          `${kind} 回复领红包`,
          '新年快乐，回复本帖领红包！',
        );
        const page = author.page;
        await page.getByTestId('add-redpacket').click();
        await page.locator('input[name="rp-number"]').fill('5');
        await page.locator('input[name="rp-price"]').fill('8.88');
        await shot(page, 'redpacket-editor', kind);
        await page.getByTestId('publish').click();
        const dialog = page.getByTestId('pay-dialog');
        await dialog.waitFor();
        expect(await dialog.getByTestId('pay-amount').innerText()).toContain('8.88');
        await dialog.locator('input[name="payPassword"]').fill('123456');
        await shot(page, 'redpacket-pay', kind);
        await dialog.getByTestId('pay-confirm').click();
        await page.waitForURL(/\/thread\/\d+$/);
        const url = page.url();
        const block = page.getByTestId('redpacket-block');
        await block.waitFor();
        expect(await block.innerText()).toContain('5 个红包，共 ¥8.88');
        expect(await page.getByTestId('redpacket-state').innerText()).toContain('剩余 5 个，¥8.88');
        expect(await balanceOf(author.context)).toBe('91.12');
        await shot(page, 'redpacket-thread', kind);

        const member = await openMember(browser, forum.url, kind, `抢红包${kind}`);
        await member.page.goto(url);
        await hydrated(member.page);
        await member.page.getByTestId('reply-box').locator('textarea').fill('谢谢老板！');
        await member.page.getByTestId('reply-box').getByTestId('reply-submit').click();
        const got = member.page.getByTestId('redpacket-got');
        await got.waitFor();
        expect(await got.innerText()).toMatch(/你抢到了 ¥\d+\.\d{2}/);
        expect(await member.page.getByTestId('redpacket-state').innerText()).toContain('剩余 4 个');
        const check = await api<{ isReceived: boolean; amount: string }>(
          member.context,
          forum.url,
          'GET',
          `/api/v3/check.user.get.redpacket?threadId=${url.split('/').pop()}`,
        );
        expect(check.Data.isReceived).toBe(true);
        expect(await balanceOf(member.context)).toBe(check.Data.amount);
        await shot(member.page, 'redpacket-grabbed', kind);
        expect(author.errors).toEqual([]);
        expect(member.errors).toEqual([]);
        await author.context.close();
        await member.context.close();
      }, 120_000);

      it(`${kind}: a bounty is paid and published; the author rewards a member's reply`, async () => {
        const author = await authorWriting(
          kind,
          `悬赏作者${kind}`,
          '50',
          `${kind} 悬赏：怎么养多肉？`,
          '多肉总是烂根，求经验。',
        );
        const page = author.page;
        await page.getByTestId('add-bounty').click();
        await page.locator('input[name="rw-price"]').fill('20');
        await shot(page, 'bounty-editor', kind);
        await page.getByTestId('publish').click();
        const dialog = page.getByTestId('pay-dialog');
        await dialog.locator('input[name="payPassword"]').fill('123456');
        await dialog.getByTestId('pay-confirm').click();
        await page.waitForURL(/\/thread\/\d+$/);
        const url = page.url();
        expect(await page.getByTestId('bounty-state').innerText()).toContain('剩余 ¥20.00');

        const member = await openMember(browser, forum.url, kind, `答题者${kind}`);
        await member.page.goto(url);
        await hydrated(member.page);
        await member.page.getByTestId('reply-box').locator('textarea').fill('少浇水，多晒太阳。');
        await member.page.getByTestId('reply-box').getByTestId('reply-submit').click();
        await member.page.getByTestId('reply').first().waitFor();
        // A member sees no reward action; the author does.
        expect(await member.page.getByTestId('reply-reward').count()).toBe(0);

        await page.reload();
        await hydrated(page);
        page.once('dialog', (d) => void d.accept('5'));
        await page.getByTestId('reply-reward').click();
        await page.getByTestId('reply-rewarded').waitFor();
        expect(await page.getByTestId('reply-rewarded').innerText()).toContain('¥5.00');
        expect(await page.getByTestId('bounty-state').innerText()).toContain('剩余 ¥15.00');
        await shot(page, 'bounty-rewarded', kind);
        expect(await balanceOf(member.context)).toBe('5.00');
        expect(author.errors).toEqual([]);
        await author.context.close();
        await member.context.close();
      }, 120_000);

      it(`${kind}: a red packet and a bounty are paid together in one order, then both show on the thread`, async () => {
        const author = await authorWriting(
          kind,
          `红包悬赏${kind}`,
          '60',
          `${kind} 答对有赏，回复还有红包`,
          '这盆花叫什么名字？',
        );
        const page = author.page;
        const created: number[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/api/v3/order.create')) created.push(JSON.parse(r.postData() ?? '{}').type);
        });
        await page.getByTestId('add-redpacket').click();
        await page.locator('input[name="rp-number"]').fill('3');
        await page.locator('input[name="rp-price"]').fill('6.66');
        await page.getByTestId('add-bounty').click();
        await page.locator('input[name="rw-price"]').fill('12');
        await page.getByTestId('publish').click();
        const dialog = page.getByTestId('pay-dialog');
        await dialog.waitFor();
        // One dialog for both: each part, then the total.
        const parts = await dialog.getByTestId('pay-parts').locator('li').allInnerTexts();
        expect(parts.map((p) => p.replace(/\s+/g, ' '))).toEqual(['红包 ¥ 6.66', '悬赏问答 ¥ 12.00']);
        expect(await dialog.getByTestId('pay-amount').innerText()).toContain('18.66');
        await dialog.locator('input[name="payPassword"]').fill('123456');
        await shot(page, 'redpacket-bounty-pay', kind);
        await dialog.getByTestId('pay-confirm').click();
        await page.waitForURL(/\/thread\/\d+$/);
        expect(created).toEqual([11]);
        await page.getByTestId('redpacket-block').waitFor();
        expect(await page.getByTestId('redpacket-block').innerText()).toContain('3 个红包，共 ¥6.66');
        expect(await page.getByTestId('redpacket-state').innerText()).toContain('剩余 3 个，¥6.66');
        expect(await page.getByTestId('bounty-state').innerText()).toContain('剩余 ¥12.00');
        expect(await balanceOf(author.context)).toBe('41.34');
        await shot(page, 'redpacket-bounty-thread', kind);
        expect(author.errors).toEqual([]);
        await author.context.close();
      }, 120_000);
    }
  },
);
