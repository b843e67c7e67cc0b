import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { hydrated, launch, openContext, openInWechat, shot as rawShot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';
import { onlyBindWay } from './support/wechat.ts';
import { openAdmin, toastSaying } from './support/admin.ts';

// The spec §2 pages that only a situation leads to (navigation.e2e.test.ts walks the rest): WeChat login
// switched on, text messages on, registration review and sign-in fields, a thread deleted while its link is on
// screen. Each situation is set up through the API; the browser then starts at `/` and goes on by clicks only
// (the browser's back button included). A second browser, a phone inside WeChat, is opened where WeChat's
// consent page is needed: scanning the computer's QR code it opens that address, as a camera would; as the
// member's own WeChat (their session) it too starts at `/`. Transient pages (WeChat's hand-offs) are held on
// their API call long enough to read them.

interface Fake {
  start(port?: number): Promise<string>;
  close(): Promise<void>;
}
const OAUTH = path.resolve(import.meta.dirname, '../apps/server/src/features/oauth');
type Kind = 'pc' | 'h5';

let forum: RunningForum;
let browser: Browser;
let wechat: Fake & { appId: string; appSecret: string; origin: string };
let textField = 0;
let seq = 0;
const uniq = () => `${process.pid % 1000}${++seq}${Date.now() % 1000}`;
const newPhone = () => `137${String(process.pid % 10_000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;

/** Page errors less the 400s these flows answer by design (-7016 a WeChat without account, -7002 waiting). */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));

/** A screenshot once the toasts of the step before are gone (they would cover the page being looked at). */
async function shot(page: Page, name: string, kind: Kind) {
  await expect.poll(() => page.locator('.ui-toast:visible').count(), { timeout: 5_000 }).toBe(0);
  await rawShot(page, name, kind);
}

/** Clicks `target` and waits for the address to be `pathname` (and the query, when given). */
async function clickTo(page: Page, target: Locator, pathname: string, query?: Record<string, string>) {
  await target.first().click();
  await page.waitForURL(
    (u) =>
      u.pathname === pathname && Object.entries(query ?? {}).every(([k, v]) => u.searchParams.get(k) === v),
  );
}

/** The page is the one meant: its card title, no not-found or error page, no raw error text. */
async function shows(page: Page, title: string) {
  await page.locator('.auth-card__title').filter({ hasText: title }).waitFor();
  expect(await page.getByTestId('not-found').count(), `${page.url()} is not the not-found page`).toBe(0);
  expect(await page.getByTestId('error-page').count(), `${page.url()} is not the error page`).toBe(0);
  expect(await page.locator('body').innerText()).not.toMatch(/Validator|出错了|undefined|NaN|\{\{/);
}

/**
 * Holds the API call whose path ends with `suffix` until `check` ran, so a page that hands over at once (to
 * WeChat, or on to the next step) can be read; then lets it through.
 */
async function holding(page: Page, suffix: string, act: () => Promise<void>, check: () => Promise<void>) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held: Array<Promise<void>> = [];
  const match = (u: URL) => u.pathname.endsWith(suffix);
  await page.route(match, (route) => {
    // A request the page dropped meanwhile (it navigated away) cannot be continued: nothing to do then.
    held.push(gate.then(() => route.continue()).catch(() => undefined));
  });
  try {
    await act();
    await check();
  } finally {
    release();
    await Promise.all(held);
    await page.unroute(match);
  }
}

/** On the fake WeChat's consent page: be this WeChat user and allow (the button only; no address typed). */
async function consent(page: Page, openid: string, nickname: string) {
  await page.getByTestId('fake-allow').waitFor();
  await page.locator('input[name="openid"]').fill(openid);
  await page.locator('input[name="nickname"]').fill(nickname);
  await page.getByTestId('fake-allow').click();
}

/** The login page, from the header's button (pc) or the tab bar's "me" (h5, a guest is sent to log in). */
async function toLogin(page: Page, kind: Kind) {
  await clickTo(page, page.getByTestId(kind === 'pc' ? 'login-button' : 'tab-my'), '/user/login');
  await hydrated(page);
}

/** Account settings: the user menu (pc) or the tab bar (h5) to the personal centre, then its settings. */
async function toSettings(page: Page, kind: Kind) {
  if (kind === 'pc') {
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menu').waitFor();
    await clickTo(page, page.getByTestId('menu-my'), '/my');
  } else {
    await clickTo(page, page.getByTestId('tab-my'), '/my');
  }
  await clickTo(page, page.getByTestId('my-nav-settings'), '/my/edit');
  await page.getByTestId('security-section').waitFor();
}

/** Fills a phone, asks for the code and types what the console provider sent. */
async function phoneCode(page: Page, mobile: string) {
  await page.locator('input[name="mobile"]').fill(mobile);
  await page.getByTestId('sms-send').click();
  await expect.poll(() => forum.smsCode(mobile)).toBeTruthy();
  await page.locator('input[name="code"]').fill(forum.smsCode(mobile)!);
}

/** A member made through the API (optionally with a phone), logged out again: the browser logs in itself. */
async function member(context: BrowserContext, mobile?: string) {
  const username = `sit${uniq()}`.slice(0, 15);
  const res = await api<{ userId: number }>(context, forum.url, 'POST', '/api/v3/users/username.register', {
    username,
    password: 'secret123',
    nickname: `情境${seq}`,
  });
  expect(res.Code, res.Message).toBe(0);
  if (mobile) await forum.exec(`UPDATE users SET mobile = $2 WHERE id = $1`, [res.Data.userId, mobile]);
  await context.clearCookies();
  return username;
}

describe.skipIf(noChromiumReason !== null)(
  `navigation in situations${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      const { FakeWechat } = (await import(path.join(OAUTH, 'fake-wechat.ts'))) as {
        FakeWechat: new (a: string, b: string) => typeof wechat;
      };
      wechat = new FakeWechat('wxnavapp', 'wx-nav-secret');
      await wechat.start();
      forum = await startForum({ SMS_PROVIDER: 'console' });
      await forum.setSettings({ site_name: '情境论坛', thread_post_interval: '0' });
      browser = await launch();
      // WeChat login and text messages switched on, as the administrator does under login methods.
      const admin = await openAdmin(browser, forum.url);
      const wx = (key: string, value: string) => ({ key, value, tag: 'wx_offiaccount' });
      const on = await api(admin.context, forum.url, 'POST', '/api/backAdmin/settings.create', {
        data: [
          wx('offiaccount_close', '1'),
          wx('offiaccount_app_id', wechat.appId),
          wx('offiaccount_app_secret', wechat.appSecret),
          wx('wechat_oauth_authorize_url', `${wechat.origin}/connect/oauth2/authorize`),
          wx('wechat_api_origin', wechat.origin),
          { key: 'qcloud_sms', value: '1', tag: 'qcloud' },
        ],
      });
      expect(on.Code, on.Message).toBe(0);
      // One sign-in field, asked only while the situation of its test switches the fields on.
      const f = await api<{ id: number }>(
        admin.context,
        forum.url,
        'POST',
        '/api/admin/signinfields.create.v2',
        {
          name: '真实姓名',
          type: 0,
          sort: 1,
          required: true,
        },
      );
      expect(f.Code, f.Message).toBe(0);
      textField = f.Data.id;
      await api(admin.context, forum.url, 'POST', '/api/admin/signinfields.update.v2', {
        id: textField,
        status: 1,
      });
      await admin.context.close();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
      await wechat?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a new WeChat logs in: the WeChat pages, binding by username and phone, then a nickname`, async () => {
        // A computer scans the login QR (a second browser, the phone, opens it); a phone inside WeChat's browser
        // authorises directly.
        const { context, page, errors } =
          kind === 'pc' ? await openContext(browser, 'pc') : await openInWechat(browser);
        const phone = kind === 'pc' ? await openInWechat(browser) : null;
        const openid = `nav-new-${kind}-${uniq()}`;
        try {
          await page.goto(forum.url + '/');
          await hydrated(page);
          await toLogin(page, kind);
          if (kind === 'pc') {
            await clickTo(page, page.getByTestId('wechat-login'), '/user/wx-login');
            await shows(page, '微信扫码登录');
            const box = page.getByTestId('wx-qrcode');
            await page.locator('[data-testid="wx-qrcode"] svg path').first().waitFor();
            await shot(page, 'sit-wx-login', kind);
            // The phone scans: WeChat opens the code's address, the person allows, the phone says to go back.
            await phone!.page.goto((await box.getAttribute('data-url'))!);
            await consent(phone!.page, openid, `微信新人${kind}`);
            await phone!.page.waitForURL((u) => u.pathname === '/user/wx-authorization');
            await expect
              .poll(() => phone!.page.getByTestId('wx-authorization').textContent())
              .toContain('请回到显示二维码的页面');
            await shot(phone!.page, 'sit-wx-qr-done', 'h5');
            await page.waitForURL((u) => u.pathname === '/user/wx-select', { timeout: 15_000 });
          } else {
            await holding(
              page,
              '/wechat/h5.oauth',
              () => clickTo(page, page.getByTestId('wechat-login'), '/user/wx-auth', { action: 'login' }),
              async () => {
                await shows(page, '微信授权');
                await page.getByTestId('wx-auth').filter({ hasText: '正在跳转到微信授权' }).waitFor();
                await shot(page, 'sit-wx-auth', kind);
              },
            );
            await page.getByTestId('fake-allow').waitFor();
            await holding(
              page,
              '/wechat/h5.login',
              async () => {
                await consent(page, openid, `微信新人${kind}`);
                await page.waitForURL((u) => u.pathname === '/user/wx-authorization');
              },
              async () => {
                await shows(page, '微信授权');
                await page.getByTestId('wx-authorization').filter({ hasText: '正在完成微信授权' }).waitFor();
                await shot(page, 'sit-wx-authorization', kind);
              },
            );
            await page.waitForURL((u) => u.pathname === '/user/wx-select');
          }
          // The choice: create, bind an existing account, or bind a phone.
          await shows(page, '完善账号');
          await page
            .getByTestId('wx-select')
            .filter({ hasText: `微信新人${kind}` })
            .waitFor();
          await page.getByRole('button', { name: '创建新账号' }).waitFor();
          await shot(page, 'sit-wx-select', kind);
          await clickTo(page, page.getByRole('link', { name: '绑定已有账号' }), '/user/wx-bind-username');
          await shows(page, '绑定已有账号');
          await page.getByTestId('wx-bind-username-form').waitFor();
          await shot(page, 'sit-wx-bind-username', kind);
          await page.goBack();
          await page.waitForURL((u) => u.pathname === '/user/wx-select');
          await clickTo(page, page.getByRole('link', { name: '使用手机号绑定' }), '/user/wx-bind-phone');
          await shows(page, '绑定手机号');
          await phoneCode(page, newPhone());
          await shot(page, 'sit-wx-bind-phone', kind);
          // A phone no account has yet makes a new account, which picks its nickname first.
          await page.getByTestId('wx-bind-phone-form').locator('button[type="submit"]').click();
          await page.waitForURL((u) => u.pathname === '/user/bind-nickname');
          await shows(page, '设置昵称');
          await shot(page, 'sit-bind-nickname', kind);
          await page.locator('input[name="nickname"]').fill(`微信手机${kind}${seq}`);
          await page.getByRole('button', { name: '确定' }).click();
          await page.waitForURL((u) => u.pathname === (kind === 'pc' ? '/' : '/my'));
          await hydrated(page);
          // Logged in: the account's settings show the phone and the WeChat bound.
          await toSettings(page, kind);
          await page.getByTestId('wechat-binding').getByText('已绑定').waitFor();
          expect(unexpected(errors)).toEqual([]);
          if (phone) expect(unexpected(phone.errors)).toEqual([]);
        } finally {
          await context.close();
          await phone?.context.close();
        }
      }, 60_000);

      it(`${kind}: a member changes phone, binds and changes WeChat, and a guest finds the QR login`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        let wx: Awaited<ReturnType<typeof openInWechat>> | undefined;
        try {
          const mobile = newPhone();
          const username = await member(context, mobile);
          await page.goto(forum.url + '/');
          await hydrated(page);
          // Outside WeChat's browser (a computer, a phone's own browser) WeChat login is the QR page.
          await toLogin(page, kind);
          await clickTo(page, page.getByTestId('wechat-login'), '/user/wx-login');
          await shows(page, '微信扫码登录');
          await page.locator('[data-testid="wx-qrcode"] svg path').first().waitFor();
          if (kind === 'h5') {
            await page.getByText('截屏保存二维码').waitFor();
            await shot(page, 'sit-wx-login', kind);
          }
          await clickTo(page, page.getByRole('link', { name: '用户名登录' }), '/user/username-login');
          await hydrated(page);
          await page.locator('input[name="username"]').fill(username);
          await page.locator('input[name="password"]').fill('secret123');
          await page.getByTestId('login-form').locator('button[type="submit"]').click();
          // Back where the login was asked for: home (pc) or the personal centre (h5's "me" tab).
          await page.waitForURL((u) => u.pathname === (kind === 'pc' ? '/' : '/my'));
          await hydrated(page);

          // Text messages on and a phone bound: settings offer to change it.
          await toSettings(page, kind);
          await clickTo(
            page,
            page.getByTestId('security-section').getByRole('link', { name: '更换手机号' }),
            '/user/rebind',
          );
          await shows(page, '更换手机号');
          expect(await page.getByTestId('rebind-step').innerText()).toContain(
            `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
          );
          await shot(page, 'sit-rebind', kind);
          await page.goBack();
          await page.waitForURL((u) => u.pathname === '/my/edit');

          // WeChat not bound yet. This browser (a computer, a phone's own browser) gets the QR way only.
          const binding = page.getByTestId('wechat-binding');
          await clickTo(page, binding.getByRole('link', { name: '绑定微信' }), '/user/wx-bind');
          await shows(page, '绑定微信');
          await onlyBindWay(page, 'qr');
          await shot(page, 'sit-wx-bind', kind);
          await clickTo(page, page.getByTestId('wx-bind-by-qr'), '/user/wx-bind-qrcode', { type: 'bind' });
          await shows(page, '扫码绑定微信');
          await page.locator('[data-testid="wx-qrcode"] svg path').first().waitFor();
          await shot(page, 'sit-wx-bind-qrcode', kind);
          await page.goBack();
          await page.waitForURL((u) => u.pathname === '/user/wx-bind');

          // The member opens the forum in WeChat's browser on their phone (same session): there the page
          // offers WeChat's consent page only, and they bind by it.
          wx = await openInWechat(browser, { session: await context.storageState() });
          const phone = wx.page;
          await phone.goto(forum.url + '/');
          await hydrated(phone);
          await toSettings(phone, 'h5');
          const phoneBinding = phone.getByTestId('wechat-binding');
          await clickTo(phone, phoneBinding.getByRole('link', { name: '绑定微信' }), '/user/wx-bind');
          await shows(phone, '绑定微信');
          await onlyBindWay(phone, 'consent');
          await shot(phone, 'sit-wx-bind-in-wechat', 'h5');
          await holding(
            phone,
            '/wechat/h5.oauth',
            () =>
              clickTo(phone, phone.getByTestId('wx-bind-in-wechat'), '/user/wx-auth', {
                action: 'bind',
              }),
            () => shows(phone, '微信授权'),
          );
          await holding(
            phone,
            '/wechat/h5.bind',
            async () => {
              await consent(phone, `nav-bind-${kind}-${uniq()}`, '绑定者');
              await phone.waitForURL((u) => u.pathname === '/user/wx-authorization');
            },
            async () => {
              await shows(phone, '微信授权');
              await phone.getByTestId('wx-authorization').filter({ hasText: '正在完成微信授权' }).waitFor();
            },
          );
          await phone.waitForURL((u) => u.pathname === '/my/edit');
          await phoneBinding.getByText('已绑定').waitFor();

          // Back in the first browser, its settings show the binding once refreshed (it happened elsewhere).
          await page.goBack();
          await page.waitForURL((u) => u.pathname === '/my/edit');
          await page.reload();
          await hydrated(page);
          await binding.getByText('已绑定').waitFor();

          // Bound: change it. Here the rebind page offers the QR way only; WeChat's browser authorises anew.
          await clickTo(page, binding.getByRole('link', { name: '更换微信' }), '/user/wx-rebind-action');
          await shows(page, '更换微信');
          await onlyBindWay(page, 'qr');
          await shot(page, 'sit-wx-rebind-action', kind);
          await clickTo(page, page.getByTestId('wx-bind-by-qr'), '/user/wx-bind-qrcode', { type: 'rebind' });
          await shows(page, '更换微信');
          await page.getByText('请使用要换绑的新微信扫描二维码').waitFor();
          await page.goBack();
          await page.waitForURL((u) => u.pathname === '/user/wx-rebind-action');
          await clickTo(
            phone,
            phoneBinding.getByRole('link', { name: '更换微信' }),
            '/user/wx-rebind-action',
          );
          await shows(phone, '更换微信');
          await onlyBindWay(phone, 'consent');
          const changed = toastSaying(phone, '微信已更换').waitFor();
          await clickTo(phone, phone.getByTestId('wx-bind-in-wechat'), '/user/wx-auth', { action: 'rebind' });
          await consent(phone, `nav-rebind-${kind}-${uniq()}`, '换绑者');
          await changed;
          await phone.waitForURL((u) => u.pathname === '/my/edit');
          expect(unexpected(errors)).toEqual([]);
          expect(unexpected(wx.errors)).toEqual([]);
        } finally {
          await context.close();
          await wx?.context.close();
        }
      }, 60_000);

      it(`${kind}: with sign-in fields and review on, a new member answers the fields, then waits for review`, async () => {
        await forum.setSettings({ open_ext_fields: '1', register_validate: '1' });
        const { context, page, errors } = await openContext(browser, kind);
        const guest = await openContext(browser, kind);
        try {
          const username = `rev${uniq()}`.slice(0, 15);
          await page.goto(forum.url + '/');
          await hydrated(page);
          await toLogin(page, kind);
          await clickTo(page, page.locator('a[href="/user/register"]'), '/user/register');
          await hydrated(page);
          await page.locator('input[name="username"]').fill(username);
          await page.locator('input[name="password"]').fill('secret123');
          await page.locator('input[name="confirm"]').fill('secret123');
          await page.getByTestId('register-form').locator('button[type="submit"]').click();
          await page.waitForURL((u) => u.pathname === '/user/supplementary');
          await shows(page, '补充注册信息');
          await page.getByTestId('supplementary-form').getByText('真实姓名').waitFor();
          await page.locator(`input[name="field-${textField}"]`).fill('张三');
          await shot(page, 'sit-supplementary', kind);
          await page.getByTestId('supplementary-submit').click();
          await page.waitForURL((u) => u.pathname === '/user/status');
          await shows(page, '账号状态');
          await page.getByTestId('status-message').filter({ hasText: '审核中' }).waitFor();
          await shot(page, 'sit-status', kind);

          // The same member logging in elsewhere while under review lands on the status page too.
          await guest.page.goto(forum.url + '/');
          await hydrated(guest.page);
          await toLogin(guest.page, kind);
          await guest.page.locator('input[name="username"]').fill(username);
          await guest.page.locator('input[name="password"]').fill('secret123');
          await guest.page.getByTestId('login-form').locator('button[type="submit"]').click();
          await guest.page.waitForURL((u) => u.pathname === '/user/status');
          await shows(guest.page, '账号状态');
          await guest.page.getByTestId('status-message').filter({ hasText: '审核中' }).waitFor();
          expect(errors).toEqual([]);
          expect(guest.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
        } finally {
          await context.close();
          await guest.context.close();
          await forum.setSettings({ open_ext_fields: '0', register_validate: '0' });
        }
      }, 60_000);

      it(`${kind}: a thread deleted after the list was shown: its link opens the site's 404 in its frame`, async () => {
        const author = await openContext(browser, kind);
        const { context, page, errors } = await openContext(browser, kind);
        try {
          const username = await member(author.context);
          expect(
            (
              await api(author.context, forum.url, 'POST', '/api/v3/users/username.login', {
                username,
                password: 'secret123',
              })
            ).Code,
          ).toBe(0);
          const title = `将被删除的帖子${kind}`;
          const made = await api<{ threadId: number }>(
            author.context,
            forum.url,
            'POST',
            '/api/v3/thread.create',
            {
              categoryId: 1,
              title,
              content: { text: '<p>马上就删</p>' },
            },
          );
          expect(made.Code, made.Message).toBe(0);
          const threadId = made.Data.threadId;
          await page.goto(forum.url + '/');
          await hydrated(page);
          const link = page
            .getByTestId('thread-card')
            .filter({ hasText: title })
            .locator(`a[href="/thread/${threadId}"]`);
          await link.first().waitFor();
          const gone = await api(author.context, forum.url, 'POST', '/api/v3/thread.delete', { threadId });
          expect(gone.Code, gone.Message).toBe(0);
          await link.first().click();
          await page.waitForURL((u) => u.pathname === `/thread/${threadId}`);
          // The site's own 404: inside the header and footer, with its title and a way back.
          const notFound = page.getByTestId('not-found');
          await notFound.waitFor();
          await notFound.getByText('没有找到资源').waitFor();
          await page.locator(kind === 'pc' ? '.pc-header' : '.h5-header').waitFor();
          await page.locator('footer').first().waitFor();
          await expect.poll(() => page.title()).toContain('没有找到资源');
          await shot(page, 'sit-not-found', kind);
          await notFound.getByTestId('back').click();
          await page.waitForURL((u) => u.pathname === '/');
          expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
        } finally {
          await context.close();
          await author.context.close();
        }
      }, 60_000);
    }
  },
);
