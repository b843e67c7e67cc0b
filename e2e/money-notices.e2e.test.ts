import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { openAdmin } from './support/admin.ts';
import { launch, shot } from './support/browser.ts';
import { api } from './support/forum-api.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';

// Issue 12 follow-ups in the browser: a member is tipped and finds it, with the amount and the thread, under
// the financial notifications, in Chinese and in English.
let forum: RunningForum;
let browser: Browser;

/** Gives a member money and a pay password, then tips a thread from their wallet. */
async function tip(context: BrowserContext, userId: number, threadId: number, amount: string) {
  const admin = await openAdmin(browser, forum.url);
  const credit = await api(admin.context, forum.url, 'POST', '/api/backAdmin/update.user.wallet', {
    userId,
    operate: 1,
    amount: '100',
    idempotencyKey: `e2e-notice-credit-${userId}`,
  });
  expect(credit.Code, credit.Message).toBe(0);
  await admin.context.close();
  const pw = { payPassword: '123456', payPasswordConfirmation: '123456' };
  expect((await api(context, forum.url, 'POST', '/api/v3/users/pay-password.update', pw)).Code).toBe(0);
  const order = await api<{ orderSn: string }>(context, forum.url, 'POST', '/api/v3/order.create', {
    type: 2,
    threadId,
    amount,
  });
  expect(order.Code, order.Message).toBe(0);
  const paid = await api(context, forum.url, 'POST', '/api/v3/trade/pay/order', {
    orderSn: order.Data.orderSn,
    paymentType: 20,
    payPassword: '123456',
  });
  expect(paid.Code, paid.Message).toBe(0);
}

/** Stores one notification of each other money kind for `userId` (rendered texts as the templates make them). */
async function others(userId: number, fromId: number, threadId: number) {
  const rows: Array<[string, string, number | null, object]> = [
    [
      'receiveredpacket',
      'redpacket.received',
      fromId,
      { amount: '1.25', orderType: 9, content: '你在「帖」中领到了 1.25 元红包' },
    ],
    [
      'threadrewarded',
      'bounty.answered',
      fromId,
      { amount: '8.00', orderType: 10, content: '你在「帖」中获得了 8.00 元悬赏' },
    ],
    [
      'threadrewardedexpired',
      'bounty.shared',
      null,
      { amount: '3.33', orderType: 10, content: '「帖」的悬赏已过期，你分得剩余赏金 3.33 元' },
    ],
    [
      'threadrewardedexpired',
      'bounty.expired',
      null,
      { amount: '10.00', orderType: 10, content: '「帖」的悬赏已过期，剩余 10.00 元已退回' },
    ],
    [
      'rewarded',
      'content.paid',
      fromId,
      { amount: '0.70', orderType: 7, content: '读者 支付了你的内容「帖」，收入 0.70 元' },
    ],
    [
      'rewarded',
      'commission.income',
      fromId,
      { amount: '0.30', orderType: 3, content: '你获得了 0.30 元分成收入' },
    ],
    [
      'system',
      'site.renewal',
      null,
      {
        amount: '10.00',
        orderType: 1,
        vars: { expiresAt: '长期有效' },
        content: '你的站点会员已生效，有效期：长期有效',
      },
    ],
    [
      'system',
      'group.upgraded',
      null,
      {
        amount: '3.00',
        orderType: 4,
        vars: { groupName: '金卡', expiresAt: '2027-01-24' },
        content: '你已升级为「金卡」，有效期：2027-01-24',
      },
    ],
    [
      'system',
      'group.renewed',
      null,
      {
        amount: '3.00',
        orderType: 4,
        vars: { groupName: '金卡', expiresAt: '2027-02-24' },
        content: '你的用户组「金卡」已续费，有效期：2027-02-24',
      },
    ],
    [
      'system',
      'group.expired',
      null,
      {
        vars: { groupName: '金卡', newGroupName: '普通会员' },
        content: '你的用户组「金卡」已到期，现为「普通会员」',
      },
    ],
  ];
  for (const [type, event, senderId, data] of rows) {
    await forum.exec(`INSERT INTO notifications (user_id, type, sender_id, data) VALUES ($1, $2, $3, $4)`, [
      userId,
      type,
      senderId,
      JSON.stringify({
        event,
        title: event,
        threadId: senderId ? threadId : null,
        threadTitle: senderId ? '帖' : '',
        ...data,
      }),
    ]);
  }
}

describe.skipIf(noChromiumReason !== null)(
  `money notifications${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
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
      it(`${kind}: a tipped author sees who tipped how much on which thread under financial notifications`, async () => {
        const author = await openMember(browser, forum.url, kind, `作者${kind}`);
        const fan = await openMember(browser, forum.url, kind, `读者${kind}`);
        const created = await api<{ threadId: number }>(
          author.context,
          forum.url,
          'POST',
          '/api/v3/thread.create',
          { categoryId: 1, title: `被打赏的帖子 ${kind}`, content: { text: '<p>写得好请打赏</p>' } },
        );
        expect(created.Code, created.Message).toBe(0);
        const threadId = created.Data.threadId;
        const { page } = author;
        await page.goto(`${forum.url}/message`);
        await page.getByTestId('message-centre').waitFor();
        await tip(fan.context, fan.userId, threadId, '6.66');

        // The financial category's count rises without a reload (the realtime channel).
        const link = page.getByTestId('notice-link-financial');
        await link.getByTestId('badge-count').filter({ hasText: '1' }).waitFor();
        await shot(page, 'money-notice-centre', kind);
        await link.click();
        const list = page.getByTestId('notification-list');
        await list.and(page.locator('[data-category="financial"]')).waitFor();
        const item = page.getByTestId('notification').first();
        await item.getByTestId('notification-amount').waitFor();
        expect(await item.getAttribute('data-type')).toBe('rewarded');
        expect(await item.getByTestId('notification-amount').innerText()).toBe('+¥6.66');
        const text = await item.innerText();
        expect(text).toContain(`读者${kind} 打赏了你`);
        expect(text).toContain('6.66 元');
        expect(await item.getByTestId('notification-thread').innerText()).toBe(`被打赏的帖子 ${kind}`);
        await shot(page, 'money-notice-tip', kind);

        // English: the heading and the server's text are the viewer's language; the amount stays.
        await page.getByTestId('lang-en').click();
        await item.getByText(`读者${kind} tipped you`).waitFor();
        await item.getByText(`tipped ¥6.66 on your “被打赏的帖子 ${kind}”`).waitFor();
        expect(await item.innerText()).not.toContain('打赏了你');
        expect(await item.getByTestId('notification-amount').innerText()).toBe('+¥6.66');
        await shot(page, 'money-notice-tip-en', kind);
        await page.getByTestId('lang-zh').click();

        await item.getByTestId('notification-thread').click();
        await page.waitForURL(new RegExp(`/thread/${threadId}$`));

        // Every other money kind, as the server stores them (the API tests make them for real), for a look.
        await others(author.userId, fan.userId, threadId);
        for (const category of ['financial', 'account'] as const) {
          await page.goto(`${forum.url}/message?page=${category}`);
          await page
            .getByTestId('notification')
            .nth(category === 'financial' ? 6 : 3)
            .waitFor();
          await shot(page, `money-notices-${category}`, kind);
        }
        expect(author.errors).toEqual([]);
        expect(fan.errors).toEqual([]);
        await author.context.close();
        await fan.context.close();
      });
    }
  },
);
