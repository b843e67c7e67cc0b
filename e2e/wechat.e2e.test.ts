import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, openInWechat, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';
import { openAdmin, toastSaying } from './support/admin.ts';
import { api } from './support/forum-api.ts';
import { onlyBindWay } from './support/wechat.ts';

// WeChat and OpenID Connect flows (issue 13) at 1280 px (pc) and 375 px (h5) against the local fakes: the
// fakes' consent pages stand in for WeChat and the provider (an openid or subject typed in, then "Allow").

interface Fake {
  start(port?: number): Promise<string>;
  close(): Promise<void>;
}
const OAUTH = path.resolve(import.meta.dirname, '../apps/server/src/features/oauth');

let forum: RunningForum;
let browser: Browser;
let wechat: Fake & { appId: string; appSecret: string; origin: string };
let oidc: Fake & { clientId: string; clientSecret: string; issuer: string };

/**
 * Page errors, less the 400 statuses the flows answer by design: -7016 (WeChat known, no account yet) and
 * -7002 (the QR is still waiting for the scan).
 */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));

/** Switches text messages on or off (a `qcloud` setting, so through the admin call rather than `setSettings`). */
async function smsSwitch(on: boolean) {
  const admin = await openAdmin(browser, forum.url);
  const res = await api(admin.context, forum.url, 'POST', '/api/backAdmin/settings.create', {
    data: [{ key: 'qcloud_sms', value: on ? '1' : '0', tag: 'qcloud' }],
  });
  expect(res.Code).toBe(0);
  await admin.context.close();
}

/** On a fake's consent page: be this user, allow, and wait to be back on the forum. */
async function consent(page: Page, id: string, name: string, back: string) {
  await page.getByTestId('fake-allow').waitFor();
  await page.locator('input[name="openid"], input[name="sub"]').fill(id);
  await page.locator('input[name="nickname"], input[name="name"]').fill(name);
  await page.getByTestId('fake-allow').click();
  await page.waitForURL((u) => u.pathname === back);
}

describe.skipIf(noChromiumReason !== null)(
  `WeChat and OpenID Connect login${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      const { FakeWechat } = (await import(path.join(OAUTH, 'fake-wechat.ts'))) as {
        FakeWechat: new (a: string, b: string) => typeof wechat;
      };
      const { FakeOidc } = (await import(path.join(OAUTH, 'fake-oidc.ts'))) as {
        FakeOidc: new (a: string, b: string) => typeof oidc;
      };
      wechat = new FakeWechat('wxe2eapp', 'wx-e2e-secret');
      oidc = new FakeOidc('forum-e2e', 'oidc-e2e-secret');
      await wechat.start();
      await oidc.start();
      forum = await startForum({ SMS_PROVIDER: 'console' });
      await forum.setSettings({ site_name: '测试论坛', thread_post_interval: '0' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
      await wechat?.close();
      await oidc?.close();
    });

    it('pc: the administrator switches WeChat and OpenID on under login methods; secrets read back masked', async () => {
      const { context, page, errors } = await openAdmin(browser, forum.url);
      await page.goto(`${forum.url}/admin/login-methods`);
      await page.getByTestId('admin-login-methods').waitFor();
      const wx = wechat.origin;
      const fill = (name: string, value: string) => page.locator(`input[name="${name}"]`).fill(value);
      await page.locator('input[name="offiaccount_close"]').check();
      await fill('offiaccount_app_id', wechat.appId);
      await fill('offiaccount_app_secret', wechat.appSecret);
      await fill('wechat_oauth_authorize_url', `${wx}/connect/oauth2/authorize`);
      await fill('wechat_api_origin', wx);
      await page.locator('input[name="oidc_enabled"]').check();
      await fill('oidc_name', 'Example ID');
      await fill('oidc_issuer', oidc.issuer);
      await fill('oidc_client_id', oidc.clientId);
      await fill('oidc_client_secret', oidc.clientSecret);
      await page.getByTestId('settings-save').click();
      await toastSaying(page, '已保存').waitFor();
      await page.reload();
      await page.getByTestId('admin-login-methods').waitFor();
      expect(await page.locator('input[name="offiaccount_app_secret"]').inputValue()).toBe('******');
      expect(await page.locator('input[name="oidc_client_secret"]').inputValue()).toBe('******');
      await shot(page, 'admin-login-methods-oauth', 'pc');
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: WeChat H5 login: a new WeChat creates its account, then logs the same one in`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/user/login');
        await hydrated(page);
        await page.getByTestId('login-methods').waitFor();
        await shot(page, 'login-methods', kind);
        // A phone authorises in WeChat directly; a computer would scan (its own test below).
        await page.goto(forum.url + '/user/wx-auth?action=login');
        await consent(page, `e2e-new-${kind}`, `微信${kind}`, '/user/wx-select');
        await hydrated(page);
        await shot(page, 'wx-select', kind);
        await page.getByRole('button', { name: '创建新账号' }).click();
        await page.waitForURL(forum.url + '/');
        const uid = await page.evaluate(() => localStorage.getItem('forum_uid'));
        expect(uid).toBeTruthy();
        await context.clearCookies();
        await page.goto(forum.url + '/user/wx-auth?action=login');
        await consent(page, `e2e-new-${kind}`, `微信${kind}`, '/');
        await hydrated(page);
        expect(await page.evaluate(() => localStorage.getItem('forum_uid'))).toBe(uid);
        await shot(page, 'wx-login-existing', kind);
        expect(unexpected(errors)).toEqual([]);
        await context.close();
      });

      it(`${kind}: binding WeChat from my settings: the QR code here, WeChat's consent page in its browser`, async () => {
        const { context, page, errors } = await openMember(browser, forum.url, kind, `绑定${kind}`);
        await page.goto(forum.url + '/my/edit');
        await hydrated(page);
        const binding = page.getByTestId('wechat-binding');
        await binding.getByRole('link', { name: '绑定微信' }).click();
        await page.waitForURL(forum.url + '/user/wx-bind');
        // Outside WeChat's browser (this one) only the QR code, reached in the app and loaded afresh alike.
        await onlyBindWay(page, 'qr');
        await shot(page, 'wx-bind', kind);
        await page.reload();
        await onlyBindWay(page, 'qr');

        // The same member in WeChat's browser: only WeChat's consent page, by which they bind and rebind.
        const wx = await openInWechat(browser, { kind, session: await context.storageState() });
        await wx.page.goto(forum.url + '/my/edit');
        await hydrated(wx.page);
        const wxBinding = wx.page.getByTestId('wechat-binding');
        await wxBinding.getByRole('link', { name: '绑定微信' }).click();
        await wx.page.waitForURL(forum.url + '/user/wx-bind');
        await onlyBindWay(wx.page, 'consent');
        await shot(wx.page, 'wx-bind-in-wechat', kind);
        await wx.page.getByRole('link', { name: '在微信中授权绑定' }).click();
        await consent(wx.page, `e2e-bind-${kind}`, 'Bind', '/my/edit');
        await toastSaying(wx.page, '微信已绑定').waitFor();
        await wxBinding.getByRole('link', { name: '更换微信' }).click();
        await wx.page.waitForURL(forum.url + '/user/wx-rebind-action');
        // Loaded afresh (the server's render, then hydration in WeChat's browser): the consent link, no QR.
        await wx.page.reload();
        await onlyBindWay(wx.page, 'consent');
        await wx.page.getByRole('link', { name: '在微信中授权绑定' }).click();
        await consent(wx.page, `e2e-rebind-${kind}`, 'Rebind', '/my/edit');
        await toastSaying(wx.page, '微信已更换').waitFor();
        await shot(wx.page, 'wx-rebound', kind);

        // Back here, the rebind page too offers only the QR code.
        await page.goto(forum.url + '/my/edit');
        await hydrated(page);
        await binding.getByRole('link', { name: '更换微信' }).click();
        await page.waitForURL(forum.url + '/user/wx-rebind-action');
        await onlyBindWay(page, 'qr');
        await shot(page, 'wx-rebind-action', kind);
        expect(unexpected(errors)).toEqual([]);
        expect(unexpected(wx.errors)).toEqual([]);
        await context.close();
        await wx.context.close();
      });

      it(`${kind}: a new WeChat binds an existing account with its username and password`, async () => {
        const member = await openMember(browser, forum.url, kind, `已有${kind}`);
        await member.context.close();
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/user/wx-auth?action=login');
        await consent(page, `e2e-existing-${kind}`, 'Existing', '/user/wx-select');
        await hydrated(page);
        await page.getByRole('link', { name: '绑定已有账号' }).click();
        await page.waitForURL(forum.url + '/user/wx-bind-username');
        await page.locator('input[name="username"]').fill(member.username);
        await page.locator('input[name="password"]').fill('secret123');
        await shot(page, 'wx-bind-username', kind);
        await page.getByTestId('wx-bind-username-form').locator('button[type="submit"]').click();
        await page.waitForURL(forum.url + '/');
        expect(await page.evaluate(() => localStorage.getItem('forum_uid'))).toBe(String(member.userId));
        expect(unexpected(errors)).toEqual([]);
        await context.close();
      });

      it(`${kind}: a new WeChat binds a phone with a text code; without a pending WeChat the page says so`, async () => {
        await smsSwitch(true);
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/user/wx-bind-phone');
        await hydrated(page);
        await page.getByText('授权信息已失效，请重新授权').waitFor();
        await shot(page, 'wx-pending-missing', kind);
        await page.goto(forum.url + '/user/wx-auth?action=login');
        await consent(page, `e2e-phone-${kind}`, 'Phone', '/user/wx-select');
        await hydrated(page);
        await page.getByRole('link', { name: '使用手机号绑定' }).click();
        await page.waitForURL(forum.url + '/user/wx-bind-phone');
        const mobile = `139${String(process.pid % 10_000).padStart(4, '0')}000${kind === 'pc' ? 1 : 2}`;
        await page.locator('input[name="mobile"]').fill(mobile);
        await page.getByTestId('sms-send').click();
        await expect.poll(() => forum.smsCode(mobile)).toBeTruthy();
        await page.locator('input[name="code"]').fill(forum.smsCode(mobile)!);
        await toastSaying(page, '验证码已发送').waitFor({ state: 'hidden' });
        await shot(page, 'wx-bind-phone', kind);
        await page.getByTestId('wx-bind-phone-form').locator('button[type="submit"]').click();
        // A new phone makes a new account, which picks its nickname first.
        await page.waitForURL(forum.url + '/user/bind-nickname');
        await page.locator('input[name="nickname"]').fill(`微信手机${kind}`);
        await page.getByRole('button', { name: '确定' }).click();
        await page.waitForURL(forum.url + '/');
        // The WeChat is now that account's: authorising it again logs the same one in, with no choice page.
        const uid = await page.evaluate(() => localStorage.getItem('forum_uid'));
        await context.clearCookies();
        await page.goto(forum.url + '/user/wx-auth?action=login');
        await consent(page, `e2e-phone-${kind}`, 'Phone', '/');
        await hydrated(page);
        expect(await page.evaluate(() => localStorage.getItem('forum_uid'))).toBe(uid);
        expect(unexpected(errors)).toEqual([]);
        await context.close();
        await smsSwitch(false);
      });

      it(`${kind}: OpenID Connect login creates an account and lands home`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/user/login');
        await hydrated(page);
        await page.getByTestId('oidc-login').click();
        await consent(page, `e2e-oidc-${kind}`, `OIDC${kind}`, '/');
        await hydrated(page);
        expect(await page.evaluate(() => localStorage.getItem('forum_uid'))).toBeTruthy();
        expect(unexpected(errors)).toEqual([]);
        await context.close();
      });

      it(`${kind}: a forged state is refused with its message and logs nobody in`, async () => {
        const { context, page } = await openContext(browser, kind);
        await page.goto(forum.url + '/user/wx-authorization?action=login&code=abc&state=forged.state');
        await hydrated(page);
        await expect.poll(() => page.getByTestId('wx-authorization').textContent()).toContain('授权失败');
        await shot(page, 'wx-forged-state', kind);
        expect(await page.evaluate(() => localStorage.getItem('forum_uid'))).toBeNull();
        await context.close();
      });
    }

    it('pc: QR login: the phone scans and authorises, the computer logs in', async () => {
      const pc = await openContext(browser, 'pc');
      await pc.page.goto(forum.url + '/user/wx-login');
      await hydrated(pc.page);
      const box = pc.page.getByTestId('wx-qrcode');
      await expect.poll(() => box.getAttribute('data-url')).toContain('/user/wx-auth?action=qrcode');
      // The encoder loads after hydration: wait for the drawn code, not the placeholder box.
      await pc.page.locator('[data-testid="wx-qrcode"] svg path').first().waitFor();
      await shot(pc.page, 'wx-login-qrcode', 'pc');
      const phone = await openContext(browser, 'h5');
      await phone.page.goto((await box.getAttribute('data-url'))!);
      await consent(phone.page, 'e2e-new-h5', '微信h5', '/user/wx-authorization');
      await expect.poll(() => phone.page.getByTestId('wx-authorization').textContent()).toContain('已完成');
      await shot(phone.page, 'wx-qrcode-done', 'h5');
      await pc.page.waitForURL(forum.url + '/', { timeout: 15_000 });
      expect(await pc.page.evaluate(() => localStorage.getItem('forum_uid'))).toBeTruthy();
      expect(unexpected(pc.errors)).toEqual([]);
      expect(unexpected(phone.errors)).toEqual([]);
      await pc.context.close();
      await phone.context.close();
    });
  },
);
