import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';
import { openAdmin, toastSaying } from './support/admin.ts';

// The site has no dead ends: from `/`, by clicks only (the first address is the only one typed), a guest and a
// member reach every page of spec §2 and every member page, at both widths. Along the way a member reports a
// thread and a reply, and the administrator finds both in the admin's reports page through the site's own link.
let forum: RunningForum;
let browser: Browser;
let threadId = 0;
const AUTHOR = { username: 'nav_author', password: 'secret123', nickname: '导航作者' };
const TITLE = '导航测试帖子';

type Kind = 'pc' | 'h5';

/** Clicks `target` and waits for the address to be `path` (and the query, when given) with no not-found page. */
async function clickTo(page: Page, target: Locator, path: string | RegExp, query?: Record<string, string>) {
  await target.first().click();
  await page.waitForURL((u) => {
    if (typeof path === 'string' ? u.pathname !== path : !path.test(u.pathname)) return false;
    return Object.entries(query ?? {}).every(([k, v]) => u.searchParams.get(k) === v);
  });
  await page.waitForLoadState('domcontentloaded');
  expect(await page.getByTestId('not-found').count(), `${path} is not the not-found page`).toBe(0);
}

/** The pc header's user menu opens on hover (spec §4: 250 ms). */
async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menu').waitFor();
}

/** An h5 link: the tab bar's on the main pages, the header's elsewhere (sub-pages have no tab bar). */
async function h5Link(page: Page, tab: string, href: string): Promise<Locator> {
  return (await page.getByTestId('tabbar').count())
    ? page.getByTestId(tab)
    : page.locator(`.h5-header__nav a[href="${href}"]`);
}

/** The personal centre, from the user menu (pc) or the tab bar / header (h5). */
async function toMy(page: Page, kind: Kind) {
  if (kind === 'pc') {
    await openUserMenu(page);
    await clickTo(page, page.getByTestId('menu-my'), '/my');
  } else {
    await clickTo(page, await h5Link(page, 'tab-my', '/my'), '/my');
  }
  await page.getByTestId('my').waitFor();
}

/** Home, from the header (pc) or the tab bar / header (h5). */
async function toHome(page: Page, kind: Kind) {
  const link =
    kind === 'pc' ? page.locator('.pc-header__nav a[href="/"]') : await h5Link(page, 'tab-home', '/');
  await clickTo(page, link, '/');
}

/** Back to the wallet: the user menu's entry (pc) or the header's back button (h5). */
async function toWallet(page: Page, kind: Kind) {
  if (kind === 'pc') {
    await openUserMenu(page);
    await clickTo(page, page.getByTestId('menu-wallet'), '/wallet');
  } else {
    await clickTo(page, page.locator('.h5-header__back'), '/wallet');
  }
}

/** Logs in through the login page reached by a click, with the form, and waits to be home again. */
async function logInByClicks(page: Page, kind: Kind, username: string, password: string) {
  if (kind === 'pc') await clickTo(page, page.getByTestId('login-button'), '/user/login');
  else await clickTo(page, page.getByTestId('tab-my'), '/user/login');
  await hydrated(page);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-form').locator('button[type="submit"]').click();
  await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/my');
  await hydrated(page);
}

describe.skipIf(noChromiumReason !== null)(
  `site navigation${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum({ SMS_PROVIDER: 'console' });
      await forum.setSettings({
        site_name: '导航论坛',
        thread_post_interval: '0',
        // The paid-group shop is open, so members get the paid-groups entry.
        site_pay_group_close: '1',
      });
      // Members may invite (the invite entry), and text messages are on (phone login, reset, bind phone).
      await forum.grant(10, 'other.canInviteUserScale');
      browser = await launch();
      const admin = await openAdmin(browser, forum.url);
      expect(
        (
          await api(admin.context, forum.url, 'POST', '/api/backAdmin/settings.create', {
            data: [{ key: 'qcloud_sms', value: '1', tag: 'qcloud' }],
          })
        ).Code,
      ).toBe(0);
      await admin.context.close();

      const { context } = await openContext(browser, 'pc');
      expect((await api(context, forum.url, 'POST', '/api/v3/users/username.register', AUTHOR)).Code).toBe(0);
      await context.clearCookies();
      expect((await api(context, forum.url, 'POST', '/api/v3/users/username.login', AUTHOR)).Code).toBe(0);
      const made = await api<{ threadId: number }>(context, forum.url, 'POST', '/api/v3/thread.create', {
        categoryId: 1,
        title: TITLE,
        content: { text: '<p>从首页点进来 #导航话题# 看看</p>' },
      });
      expect(made.Code).toBe(0);
      threadId = made.Data.threadId;
      const reply = await api(context, forum.url, 'POST', '/api/v3/posts.create', {
        id: threadId,
        content: '<p>作者自己的第一条回复</p>',
      });
      expect(reply.Code).toBe(0);
      await context.close();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a guest reaches discover, topics, a thread and every login-flow page by clicks`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/');
        await hydrated(page);
        if (kind === 'h5') {
          // The tab bar is fixed to the bottom of a 375 px screen, and the page is padded above it.
          const bar = await page.getByTestId('tabbar').boundingBox();
          expect(bar).not.toBeNull();
          expect(Math.round(bar!.y + bar!.height)).toBe(812);
          expect(bar!.width).toBe(375);
          const pad = await page.getByTestId('app').evaluate((el) => getComputedStyle(el).paddingBottom);
          expect(parseFloat(pad)).toBeGreaterThanOrEqual(bar!.height - 1);
          await page.getByTestId('tab-message').waitFor();
          await page.getByTestId('tab-post').waitFor();
          await shot(page, 'nav-tabbar-guest', kind);
        }

        // Discover (spec §2: shown because guests may view threads here), with its search box.
        await clickTo(page, page.getByTestId(kind === 'pc' ? 'nav-search' : 'tab-discover'), '/search');
        const box = page.getByTestId('search-page').locator('input[name="keyword"]');
        await box.fill('导航');
        await page.getByTestId('search-submit').click();
        await page.waitForURL((u) => u.searchParams.get('keyword') === '导航');
        await page.getByTestId('search-threads').getByText(TITLE).first().waitFor();
        if (kind === 'pc') {
          // The header's own search box goes to the same page.
          await page.locator('.pc-header__search input').fill('话题');
          await page.locator('.pc-header__search button').click();
          await page.waitForURL((u) => u.searchParams.get('keyword') === '话题');
        }
        // Topics: the discover page's topics tab, the list of all topics, one topic.
        await clickTo(page, page.locator('[data-tab="topics"]'), '/search', { tab: 'topics' });
        await clickTo(page, page.getByTestId('all-topics'), '/topic');
        await clickTo(page, page.getByTestId('topic-list').locator('a[href^="/topic/"]'), /^\/topic\/\d+$/);
        // A thread from the home list.
        await toHome(page, kind);
        await clickTo(
          page,
          page.getByTestId('thread-card').filter({ hasText: TITLE }).locator(`a[href="/thread/${threadId}"]`),
          `/thread/${threadId}`,
        );
        // A guest's report goes to the login page (spec §6: "Please log in first!").
        await page.getByTestId('report-thread').waitFor();
        // The toast lasts 1.5 s: watched from before the click, so a slow page load cannot hide it first.
        const told = toastSaying(page, '请先登录').waitFor();
        await page.getByTestId('report-thread').click();
        await told;
        await page.waitForURL((u) => u.pathname === '/user/login');

        // Login-flow pages, each from a link on the one before.
        await clickTo(page, page.locator('a[href="/user/register"]'), '/user/register');
        await clickTo(page, page.locator('a[href="/user/agreement?type=register"]'), '/user/agreement', {
          type: 'register',
        });
        await page.goBack();
        await clickTo(page, page.locator('a[href="/user/agreement?type=privacy"]'), '/user/agreement', {
          type: 'privacy',
        });
        await page.goBack();
        await clickTo(page, page.locator('a[href="/user/login"]'), '/user/login');
        await clickTo(page, page.locator('a[href="/user/phone-login"]'), '/user/phone-login');
        await clickTo(page, page.locator('a[href="/user/username-login"]'), '/user/username-login');
        await clickTo(page, page.locator('a[href="/user/reset-password"]'), '/user/reset-password');
        if (kind === 'h5') {
          // Not on the login flows (once the page has rendered: the address changes first).
          await page
            .locator('[data-testid="reset-password-form"], [data-testid="reset-unavailable"]')
            .first()
            .waitFor();
          expect(await page.getByTestId('tabbar').count()).toBe(0);
        }
        expect(errors).toEqual([]);
        await context.close();
      }, 120_000);

      it(`${kind}: a member reaches every member page by clicks and reports a thread and a reply`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        const username = `navm_${kind}`;
        expect(
          (
            await api(context, forum.url, 'POST', '/api/v3/users/username.register', {
              username,
              password: 'secret123',
              nickname: `导航${kind}`,
            })
          ).Code,
        ).toBe(0);
        await context.clearCookies();
        await page.goto(forum.url + '/');
        await hydrated(page);
        await logInByClicks(page, kind, username, 'secret123');
        if (page.url().endsWith('/my')) await toHome(page, kind);

        if (kind === 'pc') {
          await openUserMenu(page);
          await shot(page, 'nav-user-menu', kind);
          // Members see wallet, invite and paid groups, never the admin entry.
          for (const key of ['my', 'wallet', 'invite', 'upgrade', 'logout']) {
            await page.getByTestId(`menu-${key}`).waitFor();
          }
          expect(await page.getByTestId('menu-admin').count()).toBe(0);
          expect(await page.getByTestId('menu-renew').count()).toBe(0);
          await clickTo(page, page.getByTestId('menu-wallet'), '/wallet');
        } else {
          await shot(page, 'nav-tabbar-member', kind);
        }

        // The personal centre and each of its sections.
        await toMy(page, kind);
        await shot(page, 'nav-my', kind);
        expect(await page.getByTestId('my-link-admin').count()).toBe(0);
        expect(await page.getByTestId('my-link-renew').count()).toBe(0);
        const sections: Array<[string, string]> = [
          ['drafts', '/my/draft'],
          ['likes', '/my/like'],
          ['favorites', '/my/collect'],
          ['purchases', '/my/buy'],
          ['follows', '/my/follows'],
          ['fans', '/my/fans'],
          ['blocks', '/my/block'],
          ['settings', '/my/edit'],
          ['threads', '/my'],
        ];
        for (const [key, path] of sections) {
          if (kind === 'h5' && path !== '/my') await toMy(page, kind);
          await clickTo(page, page.getByTestId(`my-nav-${key}`), path);
          await page.locator(`[data-section="${key}"]`).waitFor();
          if (key === 'settings') {
            // Account settings: binding a phone (text messages are on).
            await clickTo(page, page.locator('a[href="/user/bind-phone"]'), '/user/bind-phone');
            await toMy(page, kind);
          }
        }
        // My own profile.
        await clickTo(
          page,
          page.getByTestId('my-head').locator('.my-head__profile'),
          '/user/' + (await myId()),
        );
        await page.getByTestId('profile').waitFor();
        // Wallet and its pages.
        await toMy(page, kind);
        await clickTo(page, page.getByTestId('my-link-wallet'), '/wallet');
        await clickTo(page, page.locator('a[href="/wallet/recharge"]'), '/wallet/recharge');
        await toWallet(page, kind);
        await clickTo(page, page.locator('a[href="/wallet/withdrawal"]'), '/wallet/withdrawal');
        await clickTo(page, page.locator('a[href="/wallet"]'), '/wallet');
        await clickTo(page, page.locator('a[href="/wallet/pay-password"]'), '/wallet/pay-password');
        await clickTo(page, page.locator('a[href="/wallet"]'), '/wallet');
        // Messages and a notification list.
        await toMy(page, kind);
        await clickTo(page, page.getByTestId('my-link-message'), '/message');
        await clickTo(page, page.getByTestId('notice-link-account'), '/message', { page: 'account' });
        // The address changes before React commits the new page (the router renders in a transition): wait for
        // the page itself, then look for the tab bar.
        await page.getByTestId('notification-list').waitFor();
        if (kind === 'h5') expect(await page.getByTestId('tabbar').count()).toBe(0);
        // Invite and paid groups.
        await toMy(page, kind);
        await clickTo(page, page.getByTestId('my-link-invite'), '/invite');
        await page.getByTestId('invite-link').waitFor();
        await toMy(page, kind);
        await clickTo(page, page.getByTestId('my-link-upgrade'), '/my/upgrade');
        await page.getByTestId('upgrade-page').waitFor();

        // Post: the tab bar's centre button (h5) or the home page's button (pc); no tab bar in the editor.
        if (kind === 'h5') {
          await toMy(page, kind);
          await clickTo(page, page.getByTestId('tab-post'), '/thread/post');
          await page.getByTestId('editor-page').waitFor();
          expect(await page.getByTestId('tabbar').count()).toBe(0);
        } else {
          await toHome(page, kind);
          await clickTo(page, page.getByTestId('post-button'), '/thread/post');
        }
        await page.getByTestId('editor-page').waitFor();

        // Another member: found in discover's people tab; their profile, a private chat, a report.
        await toHome(page, kind);
        await clickTo(page, page.getByTestId(kind === 'pc' ? 'nav-search' : 'tab-discover'), '/search');
        await page.getByTestId('search-page').locator('input[name="keyword"]').fill(AUTHOR.nickname);
        await page.getByTestId('search-submit').click();
        await page.waitForURL((u) => u.searchParams.get('keyword') === AUTHOR.nickname);
        await clickTo(page, page.locator('[data-tab="users"]'), '/search', { tab: 'users' });
        const profileLink = page.getByTestId('user-profile-link').filter({ hasText: AUTHOR.nickname });
        await profileLink.first().click();
        await page.waitForURL((u) => u.pathname.startsWith('/user/'));
        await page.getByTestId('profile').waitFor();
        await page.getByTestId('report-user').click();
        await page.getByTestId('report-reason-flood').check();
        await page.getByTestId('report-submit').click();
        await page.getByTestId('report-dialog').waitFor({ state: 'detached' });
        await page.getByTestId('profile-message').click();
        await page.waitForURL((u) => u.pathname === '/message' && u.searchParams.get('page') === 'chat');
        await page.getByTestId('chat').waitFor();
        if (kind === 'h5') expect(await page.getByTestId('tabbar').count()).toBe(0);

        // The thread: report it, then report its reply (with a written reason).
        await toHome(page, kind);
        await clickTo(
          page,
          page.getByTestId('thread-card').filter({ hasText: TITLE }).locator(`a[href="/thread/${threadId}"]`),
          `/thread/${threadId}`,
        );
        await page.getByTestId('report-thread').click();
        await page.getByTestId('report-dialog').waitFor();
        // Nothing picked, nothing written: the dialog asks for a reason and sends nothing.
        await page.getByTestId('report-submit').click();
        await page.getByTestId('report-error').waitFor();
        await page.getByTestId('report-reason-spam').check();
        expect(await page.getByTestId('report-error').count()).toBe(0);
        await shot(page, 'nav-report-dialog', kind);
        const thanked = toastSaying(page, '举报成功').waitFor();
        await page.getByTestId('report-submit').click();
        await thanked;
        await page.getByTestId('report-dialog').waitFor({ state: 'detached' });
        const reply = page.getByTestId('reply').filter({ hasText: '作者自己的第一条回复' });
        await reply.getByTestId('report-post').click();
        await page.getByTestId('report-text').fill(`${kind} 回复里有广告链接`);
        await page.getByTestId('report-submit').click();
        await page.getByTestId('report-dialog').waitFor({ state: 'detached' });

        // Log out (pc: the user menu; h5: the personal centre's button) and land home as a guest.
        if (kind === 'pc') {
          await openUserMenu(page);
          await page.getByTestId('menu-logout').click();
        } else {
          await toMy(page, kind);
          await page.getByTestId('my-logout').click();
        }
        await page.waitForURL((u) => u.pathname === '/');
        await page.getByTestId(kind === 'pc' ? 'login-button' : 'tab-my').waitFor();
        expect(errors).toEqual([]);
        await context.close();

        async function myId(): Promise<number> {
          const me = await api<{ user: { userId: number } }>(context, forum.url, 'GET', '/api/v3/forum');
          return me.Data.user.userId;
        }
      }, 240_000);

      it(`${kind}: on a paid site a guest lands on the join page and a member whose membership ends finds renew`, async () => {
        await forum.setSettings({ site_mode: 'pay', site_price: '9.90', site_expire: '365' });
        const username = `navr_${kind}`;
        const { context, page, errors } = await openContext(browser, kind);
        try {
          const reg = await api<{ userId: number }>(
            context,
            forum.url,
            'POST',
            '/api/v3/users/username.register',
            {
              username,
              password: 'secret123',
            },
          );
          expect(reg.Code).toBe(0);
          await context.clearCookies();
          // A paid member (the member group, not the unpaid one) whose membership ends in a month.
          await forum.moveUser(reg.Data.userId, 10);
          await forum.exec(`UPDATE users SET expired_at = now() + interval '30 days' WHERE id = $1`, [
            reg.Data.userId,
          ]);
          // A guest opening `/` is sent to the join page (spec §2: reachable without a full login).
          await page.goto(forum.url + '/');
          await page.waitForURL((u) => u.pathname === '/forum/partner-invite');
          await page.getByTestId('partner-invite').waitFor();
          await clickTo(
            page,
            page.getByTestId('partner-invite').locator('a[href="/user/login"]'),
            '/user/login',
          );
          await page.locator('input[name="username"]').fill(username);
          await page.locator('input[name="password"]').fill('secret123');
          await page.getByTestId('login-form').locator('button[type="submit"]').click();
          await page.waitForURL((u) => u.pathname === '/');
          await hydrated(page);
          if (kind === 'pc') {
            await openUserMenu(page);
            await page.getByTestId('menu-renew').waitFor();
            await page.keyboard.press('Escape');
          }
          await toMy(page, kind);
          await clickTo(page, page.getByTestId('my-link-renew'), '/my/renew');
          await page.getByTestId('join-renew').waitFor();
          expect(errors).toEqual([]);
        } finally {
          await context.close();
          await forum.setSettings({ site_mode: 'public' });
        }
      }, 120_000);

      it(`${kind}: an administrator finds the admin area from the site and the reports are there`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/');
        await hydrated(page);
        await logInByClicks(page, kind, 'admin', 'admin-pass-123');
        if (kind === 'pc') {
          await openUserMenu(page);
          await page.getByTestId('menu-admin').waitFor();
          await page.getByTestId('menu-admin').click();
        } else {
          await toMy(page, kind);
          await page.getByTestId('my-link-admin').click();
        }
        await page.waitForURL((u) => u.pathname.startsWith('/admin'));
        if (kind === 'pc') {
          await page.locator('a[href="/admin/reports"]').first().click();
          await page.getByTestId('admin-reports').waitFor();
          // Both widths' reports of the thread and the reply (the h5 run comes after this one in the file, so
          // the pc member's are checked here and the h5 member's in the h5 case).
          await page.getByTestId('report-row').filter({ hasText: '广告垃圾' }).first().waitFor();
          await page.getByTestId('report-row').filter({ hasText: 'pc 回复里有广告链接' }).waitFor();
          await page.getByTestId('report-row').filter({ hasText: '恶意灌水' }).first().waitFor();
          await shot(page, 'nav-admin-reports', kind);
        } else {
          const open = await api<{ pageData: Array<{ type: number; reason: string }> }>(
            context,
            forum.url,
            'GET',
            '/api/backAdmin/reports?status=0&perPage=50',
          );
          expect(open.Data.pageData.some((r) => r.type === 2 && r.reason === 'h5 回复里有广告链接')).toBe(
            true,
          );
          expect(open.Data.pageData.filter((r) => r.type === 1).length).toBe(2);
        }
        expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
        await context.close();
      }, 120_000);
    }

    it('discover (header entry and tab) is offered only to those who may view threads', async () => {
      await forum.exec(
        `DELETE FROM group_permissions WHERE group_id = 7 AND permission IN ('viewThreads', 'switch.viewThreads')`,
      );
      // Any grant reloads the groups' permissions (a made-up name changes nothing else).
      await forum.grant(7, 'test.reload');
      try {
        for (const kind of ['pc', 'h5'] as const) {
          const { context, page } = await openContext(browser, kind);
          await page.goto(forum.url + '/');
          await hydrated(page);
          if (kind === 'pc') await page.getByTestId('login-button').waitFor();
          else await page.getByTestId('tab-my').waitFor();
          expect(await page.getByTestId(kind === 'pc' ? 'nav-search' : 'tab-discover').count()).toBe(0);
          await context.close();
        }
      } finally {
        await forum.grant(7, 'viewThreads');
        await forum.grant(7, 'switch.viewThreads');
      }
    });
  },
);
