import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot, VIEWPORTS } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';

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

  it('GET /preference sets the cookie and goes back to a page of this site only', async () => {
    const go = (query: string, cookie?: string) =>
      fetch(`${forum.url}/preference?${query}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    const en = await go(`lang=en&to=${encodeURIComponent('/thread/1?page=2')}`);
    expect(en.status).toBe(303);
    expect(en.headers.get('location')).toBe('/thread/1?page=2');
    expect(en.headers.get('cache-control')).toBe('no-store');
    const set = en.headers.getSetCookie();
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/^forum_lang=en;/);
    expect(set[0]).toMatch(/Path=\//);
    expect(set[0]).toMatch(/SameSite=Lax/);
    expect(set[0]).not.toMatch(/HttpOnly/);
    const dark = await go('theme=dark');
    expect(dark.headers.get('location')).toBe('/');
    expect(dark.headers.getSetCookie()[0]).toMatch(/^forum_theme=dark;/);
    // Only a signed-in reader is asked to sync their email language.
    const member = await go('lang=zh&to=/', 'access_token=anything');
    expect(member.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual([
      'forum_lang=zh',
      'forum_lang_sync=1',
    ]);
    for (const to of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])
      expect((await go(`lang=en&to=${encodeURIComponent(to)}`)).headers.get('location'), to).toBe('/');
    for (const bad of ['lang=fr', 'theme=blue', `lang=en&to=/${'a'.repeat(2001)}`]) {
      const r = await go(bad);
      expect(r.status, bad).toBe(400);
      expect(((await r.json()) as { Code: number }).Code, bad).toBe(-4001);
    }
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
        const viaServer: string[] = [];
        page.on('request', (r) => r.url().includes('/preference') && viaServer.push(r.url()));
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
        // Once the script runs, the switches work in place: their links are never followed.
        expect(viaServer).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }
    });

    it('a language click made before the script has taken over still switches (the links work without it)', async () => {
      for (const kind of ['pc', 'h5'] as const) {
        const { context, page } = await openContext(browser, kind);
        // The page's scripts never arrive, as on a slow phone in the first seconds: the click meets the
        // server-rendered link.
        await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
        await page.goto(forum.url + '/user/register');
        expect(await page.locator('main').innerText()).toContain('已有账号？');
        await page.getByTestId('lang-en').click();
        await page.waitForURL(forum.url + '/user/register');
        await page.locator('main').getByText('Already have an account?').waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        expect(await page.getByTestId('lang-en').getAttribute('aria-current')).toBe('true');
        await shot(page, 'register-en-before-script', kind);
        await page.getByTestId('theme-dark').click();
        await page.waitForURL(forum.url + '/user/register');
        expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
        await page.getByTestId('lang-zh').click();
        await page.waitForURL(forum.url + '/user/register');
        await page.locator('main').getByText('已有账号？').waitFor();
        await context.close();
      }
    });

    it("a signed-in member's email language follows a switch made before the script ran", async () => {
      const alice = await openMember(browser, forum.url, 'pc', 'Alice');
      const { page } = alice;
      await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
      await page.goto(forum.url + '/search?q=abc');
      await page.getByTestId('lang-en').click();
      await page.waitForURL(forum.url + '/search?q=abc');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      // The GET only left a note; the member's stored language changes through the script's own checked call.
      const cookies = async () => (await alice.context.cookies()).map((c) => `${c.name}=${c.value}`);
      expect(await cookies()).toContain('forum_lang_sync=1');
      await page.unroute(/\/assets\/.*\.js$/);
      // The scripts refused above were reported as failed loads; from here on nothing may fail.
      alice.errors.length = 0;
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/v3/users/lang') && r.request().method() === 'POST',
      );
      await page.reload();
      await hydrated(page);
      const reply = await saved;
      expect(reply.request().postDataJSON()).toEqual({ lang: 'en' });
      expect(((await reply.json()) as { Code: number }).Code).toBe(0);
      expect(await cookies()).not.toContain('forum_lang_sync=1');
      expect(alice.errors).toEqual([]);
      await alice.context.close();
    });
  });
});
