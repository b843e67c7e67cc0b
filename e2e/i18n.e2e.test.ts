import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot, VIEWPORTS } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';

let forum: RunningForum;

beforeAll(async () => {
  forum = await startForum();
  await forum.setSettings({ site_name: '测试论坛' });
});
afterAll(async () => forum?.close());

describe('in-house i18n and the client-only QR code', () => {
  it('server HTML holds an empty QR box of the right size, no encoded code', async () => {
    const html = await (
      await fetch(forum.url + '/', { headers: { 'user-agent': VIEWPORTS.pc.userAgent } })
    ).text();
    const region = /data-region="qrcode">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(region).toContain('data-testid="qrcode-placeholder"');
    expect(region).toContain('width="128"');
    expect(region).not.toContain('<path');
  });

  describe.skipIf(noChromiumReason)('in the browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launch();
    });
    afterAll(async () => browser?.close());

    it('pc: the QR code is drawn after hydration and encodes the site address', async () => {
      const { context, page, errors } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/');
      await hydrated(page);
      const qr = page.locator('[data-region="qrcode"] svg title');
      await qr.waitFor({ state: 'attached' });
      expect(await qr.textContent()).toBe(forum.url + '/');
      expect(await page.locator('[data-region="qrcode"] svg path').count()).toBeGreaterThan(0);
      await shot(page, 'home-qrcode', 'pc');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('switching language without a reload turns shell and page strings over, later pages too', async () => {
      for (const kind of ['pc', 'h5'] as const) {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/user/register');
        await hydrated(page);
        const main = page.locator('main');
        expect(await main.innerText()).toContain('已有账号？');
        await page.getByTestId('lang-en').click();
        // The account namespace (loaded with the page) switches along with the shell.
        await main.getByText('Already have an account?').waitFor();
        await page.getByTestId('header').getByRole('link', { name: 'Home' }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        await page.waitForFunction(() => document.title.startsWith('Register'));
        await shot(page, 'register-switched-en', kind);
        if (kind === 'pc') {
          // A namespace first needed after the switch arrives in English.
          await page.getByTestId('nav-search').click();
          await page.waitForURL(forum.url + '/search');
          await main.getByText('Latest threads').waitFor();
          await shot(page, 'search-switched-en', kind);
        }
        await page.getByTestId('lang-zh').click();
        await page.getByTestId('header').getByRole('link', { name: '首页' }).waitFor();
        expect(await main.innerText()).not.toMatch(/Latest threads|Already have an account/);
        expect(errors).toEqual([]);
        await context.close();
      }
    });
  });
});
