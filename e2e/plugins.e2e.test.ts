import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot, VIEWPORTS } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';

let forum: RunningForum;
let browser: Browser;

/** Every console line of a page (openContext keeps only errors). */
function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  return lines;
}

/** The server's HTML for a path at one width, before any script ran. */
async function serverHtml(path: string, kind: keyof typeof VIEWPORTS) {
  const res = await fetch(forum.url + path, { headers: { 'user-agent': VIEWPORTS[kind].userAgent } });
  return { status: res.status, html: await res.text() };
}

const KINDS = ['pc', 'h5'] as const;

describe.skipIf(noChromiumReason !== null)(
  `plugins: slots, the example plugin, failing plugins${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of KINDS) {
      it(`${kind}: the example banner is on the home page, rendered by the server and kept by the browser`, async () => {
        const server = await serverHtml('/', kind);
        expect(server.status).toBe(200);
        expect(server.html).toContain('data-testid="hello-banner"');
        expect(server.html).toContain('你好横幅');

        const { context, page, errors } = await openContext(browser, kind);
        const lines = consoleOf(page);
        await page.goto(forum.url + '/');
        await hydrated(page);
        const banner = page.getByTestId('hello-banner');
        await banner.waitFor();
        expect(await banner.innerText()).toContain('你好横幅');
        // The home header block is still there (the banner is inserted after it, not instead of it).
        expect(await page.locator('[data-region="header"]').count()).toBe(1);
        await shot(page, 'plugin-home', kind);
        expect(errors).toEqual([]);
        expect(lines.filter((l) => l.includes('hydrat'))).toEqual([]);
        // The test build carries one invalid fixture: rejected with a warning naming it and the rule.
        expect(lines.some((l) => /warning: .*"e2e-invalid".*rule version/.test(l))).toBe(true);
        await context.close();
      });

      it(`${kind}: /plugin/hello is the plugin's page, an unknown /plugin/x is the 404 page`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        const res = await page.goto(forum.url + '/plugin/hello');
        expect(res?.status()).toBe(200);
        await hydrated(page);
        await page.getByTestId('hello-page').waitFor();
        expect(await page.getByTestId('hello-greeting').innerText()).toContain('访客你好');
        expect(await page.title()).toContain('扩展页面');
        await page.getByTestId('footer').waitFor();
        await shot(page, 'plugin-page', kind);

        const missing = await page.goto(forum.url + '/plugin/x');
        expect(missing?.status()).toBe(404);
        await hydrated(page);
        await page.getByTestId('not-found').waitFor();
        expect(await page.title()).toContain('没有找到资源');
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: a plugin that throws is caught and logged, and the page goes on`, async () => {
        const server = await serverHtml('/plugin/e2e-broken', kind);
        // The server's render survives the throw: no 500, the frame is there.
        expect(server.status).toBe(200);
        expect(server.html).toContain('data-testid="footer"');

        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/plugin/e2e-broken');
        await hydrated(page);
        await page.getByTestId('plugin-page-failed').waitFor();
        expect(errors.some((e) => e.includes('[plugin error] e2e-throws'))).toBe(true);
        expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
        await page.getByTestId('header').waitFor();
        await shot(page, 'plugin-broken', kind);
        // Still a working site: client-side navigation to home.
        await page.locator('a[href="/"]').first().click();
        await page.getByTestId('home').waitFor();
        await page.getByTestId('hello-banner').waitFor();
        await context.close();
      });
    }

    it('a pc-only plugin shows on pc and is not registered on h5', async () => {
      const pc = await openContext(browser, 'pc');
      await pc.page.goto(forum.url + '/plugin/e2e-pc-only');
      await hydrated(pc.page);
      await pc.page.getByTestId('pc-only-page').waitFor();
      await pc.context.close();

      const h5 = await openContext(browser, 'h5');
      const res = await h5.page.goto(forum.url + '/plugin/e2e-pc-only');
      expect(res?.status()).toBe(404);
      await hydrated(h5.page);
      await h5.page.getByTestId('not-found').waitFor();
      expect(await h5.page.getByTestId('pc-only-page').count()).toBe(0);
      await h5.context.close();
    });

    for (const kind of KINDS) {
      it(`${kind}: the plugin's profile button works for members, and its page greets them by name`, async () => {
        const author = await openMember(browser, forum.url, kind, `插件作者${kind}`);
        const visitor = await openMember(browser, forum.url, kind, `插件访客${kind}`);
        await visitor.page.goto(`${forum.url}/user/${author.userId}`);
        await hydrated(visitor.page);
        const button = visitor.page.getByTestId('hello-button');
        await button.waitFor();
        expect(await button.innerText()).toBe('打个招呼');
        await button.click();
        await visitor.page.getByTestId('hello-button').filter({ hasText: '已打招呼' }).waitFor();
        await shot(visitor.page, 'plugin-profile', kind);

        await visitor.page.goto(forum.url + '/plugin/hello');
        await hydrated(visitor.page);
        await visitor.page
          .getByTestId('hello-greeting')
          .filter({ hasText: `插件访客${kind}` })
          .waitFor();
        expect(visitor.errors).toEqual([]);
        await author.context.close();
        await visitor.context.close();
      });
    }
  },
);
