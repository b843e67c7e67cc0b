import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';
import { openAdmin } from './support/admin.ts';
import { openMember } from './support/members.ts';

// Paid groups and the paid site (issue 12 items 5 and 6), at both widths: a member buys a paid group on
// /my/upgrade and may then post; on a paid site a visitor signs up on the join page and pays to get in.
let forum: RunningForum;
let browser: Browser;
let admin: BrowserContext;
let goldId = 0;

const adminCall = <T = any>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  api<T>(admin, forum.url, method, path, body);
const credit = (userId: number, amount: string) =>
  adminCall('POST', '/api/backAdmin/update.user.wallet', {
    userId,
    operate: 1,
    amount,
    idempotencyKey: `e2e-credit-${userId}-${amount}`,
  });

/** Pays in the open pay box, setting the pay password first (a new member has none). */
async function payInDialog(page: Page, kind: string, name: string) {
  const box = page.getByTestId('pay-dialog');
  await box.waitFor();
  await box.locator('input[name="payPassword"]').fill('246810');
  await box.locator('input[name="payPasswordConfirmation"]').fill('246810');
  await shot(page, `${name}-dialog`, kind);
  await box.locator('button[type="submit"]').click();
  await box.waitFor({ state: 'detached' });
}

describe.skipIf(noChromiumReason !== null)(
  `paid site and paid groups${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({
        site_name: '付费论坛',
        thread_post_interval: '0',
        site_pay_group_close: '1',
      });
      browser = await launch();
      admin = (await openAdmin(browser, forum.url)).context;
      // Plain members may not start threads here; the paid group may.
      const members = await adminCall<{ permissions: string[] }>(
        'GET',
        '/api/group.resource.v2?id=10&include=permission',
      );
      const withoutPosting = members.Data.permissions.filter((p) => !/createThread$/.test(p));
      expect(
        (
          await adminCall('POST', '/api/backAdmin/permission.update', {
            groupId: 10,
            permissions: withoutPosting,
          })
        ).Code,
      ).toBe(0);
      const gold = await adminCall<{ id: number }>('POST', '/api/groups.create.v2', {
        name: '金牌会员',
        description: '可以发帖',
        isPaid: true,
        fee: 5,
        days: 30,
        level: 1,
      });
      expect(gold.Code).toBe(0);
      goldId = gold.Data.id;
      const perms = [...withoutPosting, 'createThread', 'switch.createThread'];
      expect(
        (await adminCall('POST', '/api/backAdmin/permission.update', { groupId: goldId, permissions: perms }))
          .Code,
      ).toBe(0);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: joins a paid group on /my/upgrade and then posts with its rights`, async () => {
        const m = await openMember(browser, forum.url, kind, `买家${kind}`);
        expect((await credit(m.userId, '50')).Code).toBe(0);
        const post = () =>
          api(m.context, forum.url, 'POST', '/api/v3/thread.create', {
            categoryId: 1,
            title: `付费组的帖子 ${kind}`,
            content: { text: `<p>付费组成员发帖 ${kind}</p>` },
          });
        expect((await post()).Code).toBe(-4002);
        await m.page.goto(forum.url + '/my/upgrade');
        await hydrated(m.page);
        const card = m.page.getByTestId('upgrade-card').filter({ hasText: '金牌会员' });
        await card.waitFor();
        await shot(m.page, 'paid-upgrade-before', kind);
        await card.getByRole('button').click();
        await payInDialog(m.page, kind, 'paid-upgrade');
        await card.locator('.upgrade-card__current').waitFor();
        await shot(m.page, 'paid-upgrade-after', kind);
        const created = await post();
        expect(created.Code).toBe(0);
        const threadId = (created.Data as { threadId: number }).threadId;
        await m.page.goto(`${forum.url}/thread/${threadId}`);
        await hydrated(m.page);
        await m.page.getByText(`付费组成员发帖 ${kind}`).first().waitFor();
        await m.context.close();
      }, 90_000);
    }

    it('the administrator makes and revokes invite links; a member shares theirs on /invite', async () => {
      const { page } = await openAdmin(browser, forum.url);
      await page.goto(`${forum.url}/admin/invites`);
      await page.getByTestId('admin-invites').waitFor();
      await page.locator('select[name="groupId"]').selectOption(String(goldId));
      await page.getByTestId('admin-invites').getByRole('button').first().click();
      await page.getByTestId('invite-row').first().waitFor();
      await page.locator('select[name="groupId"]').selectOption(String(goldId));
      await page.getByTestId('admin-invites').getByRole('button').first().click();
      await page.getByTestId('invite-row').nth(1).waitFor();
      await page.getByTestId('invite-row').first().getByRole('button').click();
      await page
        .getByTestId('invite-row')
        .first()
        .filter({ hasText: /已失效|Revoked/ })
        .waitFor();
      await shot(page, 'paid-admin-invites', 'pc');
      await page.close();
      await forum.grant(10, 'other.canInviteUserScale');
      for (const kind of ['pc', 'h5'] as const) {
        const m = await openMember(browser, forum.url, kind, `邀请人${kind}`);
        await m.page.goto(forum.url + '/invite');
        await hydrated(m.page);
        await m.page.getByTestId('invite-link').filter({ hasText: 'inviteCode=' }).waitFor();
        const link = await m.page.getByTestId('invite-link').innerText();
        // A friend signs up through the link: they show in the inviter's list.
        const friend = await openContext(browser, kind);
        await friend.page.goto(link);
        await hydrated(friend.page);
        await friend.page.locator('input[name="username"]').fill(`fr${kind}${Date.now() % 100000}`);
        await friend.page.locator('input[name="password"]').fill('secret123');
        await friend.page.locator('input[name="confirm"]').fill('secret123');
        await friend.page.getByTestId('register-form').locator('button[type="submit"]').click();
        await friend.page.waitForURL(forum.url + '/');
        await friend.context.close();
        await m.page.reload();
        await hydrated(m.page);
        await m.page.getByTestId('invitees').waitFor();
        await shot(m.page, 'paid-invite', kind);
        await m.context.close();
      }
    }, 120_000);

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a visitor is sent to the join page, signs up and pays to join the site`, async () => {
        await forum.setSettings({ site_mode: 'pay', site_price: '9.90', site_expire: '365' });
        const { context, page } = await openContext(browser, kind);
        await page.goto(forum.url + '/');
        await page.waitForURL(/\/forum\/partner-invite$/);
        await hydrated(page);
        expect(await page.getByTestId('join-price').innerText()).toBe('¥9.90');
        await shot(page, 'paid-join-guest', kind);
        await page.locator('.join-card__primary').click();
        await page.waitForURL(/\/user\/register/);
        await hydrated(page);
        const username = `join${kind}${Date.now() % 100000}`;
        await page.locator('input[name="username"]').fill(username);
        await page.locator('input[name="password"]').fill('secret123');
        await page.locator('input[name="confirm"]').fill('secret123');
        await page.getByTestId('register-form').locator('button[type="submit"]').click();
        // Signed up but not paid: back on the join page, now with the pay button.
        await page.waitForURL(/\/forum\/partner-invite$/);
        const payButton = page.getByTestId('join-pay');
        await payButton.waitFor();
        const me = await api<{ id: number }>(context, forum.url, 'GET', '/api/v3/user');
        expect((await credit(me.Data.id, '20')).Code).toBe(0);
        await shot(page, 'paid-join-member', kind);
        await payButton.click();
        await payInDialog(page, kind, 'paid-join');
        await page.waitForURL(forum.url + '/');
        await hydrated(page);
        expect((await api(context, forum.url, 'GET', '/api/v3/thread.list')).Code).toBe(0);
        await page.waitForTimeout(300);
        expect(new URL(page.url()).pathname).toBe('/');
        await shot(page, 'paid-join-home', kind);

        // Renewal (order type 8) on /my/renew: the membership's end moves on by the site's 365 days.
        const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
        await page.goto(forum.url + '/my/renew');
        await hydrated(page);
        const until = page.getByTestId('join-paid-until');
        expect(await until.innerText()).toContain(day(365));
        await page.getByTestId('join-renew').click();
        const box = page.getByTestId('pay-dialog');
        await box.waitFor();
        await box.locator('input[name="payPassword"]').fill('246810');
        await shot(page, 'paid-renew-dialog', kind);
        await box.locator('button[type="submit"]').click();
        await box.waitFor({ state: 'detached' });
        await page.goto(forum.url + '/join');
        await hydrated(page);
        expect(await page.getByTestId('join-paid-until').innerText()).toContain(day(730));
        await shot(page, 'paid-renewed', kind);
        await context.close();
        await forum.setSettings({ site_mode: 'public' });
      }, 120_000);
    }
  },
);
