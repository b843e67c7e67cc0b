import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';
import { openAdmin, toastSaying } from './support/admin.ts';

// The admin's payment settings page at 1280 px: the revenue split and the sandbox kept after a reload, the
// cross-field rule shown inline, and a masked WeChat Pay secret saved back unchanged.
let forum: RunningForum;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
const APIV3 = 'k'.repeat(16) + 'K'.repeat(16);

const stored = async (key: string, tag: string) =>
  (
    (await forum.exec('SELECT value FROM settings WHERE key = $1 AND tag = $2', [key, tag])) as {
      rows: Array<{ value: string }>;
    }
  ).rows[0]?.value;

describe.skipIf(noChromiumReason !== null)(
  `admin payment settings${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
      admin = await openAdmin(browser, forum.url);
      const r = await api(admin.context, forum.url, 'POST', '/api/backAdmin/settings.create', {
        data: [{ key: 'wxpay_apiv3_secret', value: APIV3, tag: 'wxpay' }],
      });
      expect(r.Code).toBe(0);
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('keeps the split and the sandbox after a reload; refuses a split that is not 10', async () => {
      const { page } = admin;
      await page.goto(`${forum.url}/admin/pay-settings`);
      const wallet = page.getByTestId('admin-pay-wallet');
      await wallet.locator('input[name="site_charge"]').waitFor();
      await expect.poll(() => wallet.getByTestId('hint-pay_sandbox_open').innerText()).toContain('开发');
      await wallet.locator('input[name="site_author_scale"]').fill('6');
      await wallet.locator('input[name="site_master_scale"]').fill('3');
      await wallet.getByTestId('settings-save').click();
      await wallet.getByTestId('error-site_author_scale').waitFor();
      await wallet.locator('input[name="site_master_scale"]').fill('4');
      await wallet.locator('input[name="pay_sandbox_open"]').check();
      await wallet.getByTestId('settings-save').click();
      await toastSaying(page, '已保存').first().waitFor();
      await page.reload();
      await wallet.locator('input[name="site_author_scale"]').waitFor();
      expect(await wallet.locator('input[name="site_author_scale"]').inputValue()).toBe('6');
      expect(await wallet.locator('input[name="site_master_scale"]').inputValue()).toBe('4');
      expect(await wallet.locator('input[name="pay_sandbox_open"]').isChecked()).toBe(true);
      expect(await stored('pay_sandbox_open', 'default')).toBe('1');
      await shot(page, 'admin-pay-settings', 'pc');
    });

    it('shows a WeChat Pay secret masked and keeps it when saving the mask back', async () => {
      const { page } = admin;
      await page.goto(`${forum.url}/admin/pay-settings`);
      const wechat = page.getByTestId('admin-pay-wechat');
      const secret = wechat.locator('input[name="wxpay_apiv3_secret"]');
      await secret.waitFor();
      expect(await secret.inputValue()).toBe('******');
      await wechat.locator('input[name="wxpay_mchid"]').fill('1900000109');
      await wechat.getByTestId('settings-save').click();
      await toastSaying(page, '已保存').first().waitFor();
      await expect.poll(() => stored('wxpay_mchid', 'wxpay')).toBe('1900000109');
      expect(await stored('wxpay_apiv3_secret', 'wxpay')).toBe(APIV3);
      await page.reload();
      await secret.waitFor();
      expect(await secret.inputValue()).toBe('******');
    });
  },
);
