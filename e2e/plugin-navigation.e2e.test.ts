import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot, VIEWPORTS } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openAdmin } from './support/admin.ts';
import { api } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;

const KINDS = ['pc', 'h5'] as const;
const SITE = '插件测试社区';
const INTRO = '这里是导航事件和页脚插件的测试社区。';

/** The navigation log the logger fixture keeps in session storage. */
const navLog = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-nav-log') ?? '[]') as string[]);

/** Marks the document: the mark is gone after a full page load, kept by the single-page app's navigations. */
const mark = (page: Page) => page.evaluate(() => ((window as { e2eMark?: number }).e2eMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as { e2eMark?: number }).e2eMark === 1);

describe.skipIf(noChromiumReason !== null)(
  `plugins: custom footer, about page, navigation events${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: SITE, site_introduction: INTRO });
      browser = await launch();
      // Example plugins are off until an administrator turns them on (this forum only).
      const admin = await openAdmin(browser, forum.url);
      for (const name of ['custom-footer', 'page-about']) {
        const r = await api(admin.context, forum.url, 'POST', '/api/backAdmin/plugin/operate', {
          name,
          operate: 1,
        });
        expect(r.Code, r.Message).toBe(0);
      }
      await admin.context.close();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of KINDS) {
      it(`${kind}: the custom footer replaces the core footer, and /plugin/about shows the site`, async () => {
        const res = await fetch(forum.url + '/plugin/about', {
          headers: { 'user-agent': VIEWPORTS[kind].userAgent },
        });
        const html = await res.text();
        expect(res.status).toBe(200);
        expect(html).toContain('data-testid="custom-footer"');
        expect(html).not.toContain('data-testid="footer"');
        expect(html).toContain(INTRO);

        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/plugin/about');
        await hydrated(page);
        await page.getByTestId('about-page').waitFor();
        expect(await page.getByTestId('about-title').innerText()).toBe('关于本社区');
        expect(await page.getByTestId('about-site-name').innerText()).toBe(SITE);
        expect(await page.getByTestId('about-intro').innerText()).toBe(INTRO);
        const footer = page.getByTestId('custom-footer');
        await footer.waitFor();
        expect(await page.getByTestId('footer').count()).toBe(0);
        expect(await page.getByTestId('custom-footer-copyright').innerText()).toBe(
          `© ${new Date().getFullYear()} ${SITE} 版权所有`,
        );
        expect(await page.getByTestId('custom-footer-link').allInnerTexts()).toEqual([
          '首页',
          '关于本站',
          '发现',
          '用户协议',
        ]);
        await shot(page, 'plugin-about', kind);

        // A footer link goes through the site's router: no page load.
        await mark(page);
        await footer.getByText('首页').click();
        await page.getByTestId('home').waitFor();
        expect(await marked(page)).toBe(true);
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: a plugin hears start, before-history and complete, in order, when the user clicks a link`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/plugin/e2e-nav');
        await hydrated(page);
        await page.getByTestId('nav-logger').waitFor();
        await page.getByTestId('custom-footer').waitFor();
        await shot(page, 'plugin-nav-logger', kind);
        await mark(page);
        await page.getByTestId('header').locator('a[href="/"]').first().click();
        await page.getByTestId('home').waitFor();
        expect(await navLog(page)).toEqual(['start /', 'before /', 'complete /']);
        expect(await marked(page)).toBe(true);
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: a plugin that cancels navigations keeps the user on the page, and push reports false`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/plugin/e2e-nav-cancel');
        await hydrated(page);
        await page.getByTestId('nav-canceller').waitFor();
        await mark(page);
        await page.getByTestId('header').locator('a[href="/"]').first().click();
        await page.getByTestId('nav-cancelled').filter({ hasText: '1' }).waitFor();
        await page.getByTestId('nav-push').click();
        await page.getByTestId('nav-pushed').filter({ hasText: 'false' }).waitFor();
        expect(await page.getByTestId('nav-cancelled').innerText()).toBe('2');
        expect(new URL(page.url()).pathname).toBe('/plugin/e2e-nav-cancel');
        expect(await page.getByTestId('home').count()).toBe(0);
        expect(await marked(page)).toBe(true);
        await shot(page, 'plugin-nav-cancel', kind);
        expect(errors).toEqual([]);
        await context.close();
      });
    }

    it('pc: route code that does not load within 3,800 ms is an asset-load error, then a full page load', async () => {
      const { context, page } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/plugin/e2e-nav');
      await hydrated(page);
      await page.getByTestId('nav-logger').waitFor();
      // The search page's chunk answers after 6 s.
      await page.route(/\/assets\/search-page-[\w-]+\.js$/, async (route) => {
        await new Promise((r) => setTimeout(r, 6000));
        await route.continue();
      });
      await mark(page);
      const started = Date.now();
      await page.getByTestId('header').locator('a[href="/search"]').first().click();
      await page.waitForFunction(
        () => (sessionStorage.getItem('e2e-nav-log') ?? '').includes('error'),
        null,
        {
          timeout: 10_000,
        },
      );
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(3700);
      expect(waited).toBeLessThan(5900);
      await page.waitForURL((u) => u.pathname === '/search', { timeout: 15_000 });
      await page.getByTestId('search-page').waitFor({ timeout: 15_000 });
      expect(await navLog(page)).toEqual(['start /search', 'error /search asset']);
      expect(await marked(page)).toBe(false);
      await context.close();
    });
  },
);
