import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot, VIEWPORTS } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs } from './support/forum-api.ts';
import { openMember } from './support/members.ts';

let forum: RunningForum;
let browser: Browser;

/** What happened to the server's page while the browser bundle loaded and hydrated it. */
interface HydrationLog {
  /** Elements of #root taken out before the page was hydrated (a rebuilt tree, a lazy piece's fallback). */
  removed: string[];
  /** Text of #root changed or taken out before the page was hydrated. */
  texts: string[];
  /** Chromium's layout-shift score for the whole load, lazy pieces that arrive after hydration included. */
  shift: number;
}

/**
 * Runs in the page before its scripts: from the end of parsing (the parser's own insertions are not changes)
 * until the client entry marks the page hydrated, the server's HTML must be adopted as it is. Comment nodes are
 * React's markers (Suspense boundaries), which hydration may remove.
 */
function watchHydration(): void {
  const log: HydrationLog = { removed: [], texts: [], shift: 0 };
  (window as unknown as { __hydration: HydrationLog }).__hydration = log;
  const observer = new MutationObserver((records) => {
    if (document.documentElement.dataset.hydrated === '1') return observer.disconnect();
    for (const r of records) {
      if (!document.getElementById('root')?.contains(r.target)) continue;
      // A write of the same text (a re-render racing the hydrated mark) changes nothing anyone can see.
      if (r.type === 'characterData' && r.oldValue !== r.target.textContent)
        log.texts.push(`${r.oldValue} → ${r.target.textContent}`);
      for (const n of Array.from(r.removedNodes))
        if (n.nodeType === Node.ELEMENT_NODE) log.removed.push((n as Element).outerHTML.slice(0, 120));
        else if (n.nodeType === Node.TEXT_NODE && n.textContent?.trim()) log.texts.push(`− ${n.textContent}`);
    }
  });
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    observer.observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      characterDataOldValue: true,
    });
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) log.shift += (e as PerformanceEntry & { value: number }).value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Ids that labels and aria attributes in #root point at but that no element has. */
function danglingIds(): string[] {
  const root = document.getElementById('root')!;
  const refs = Array.from(
    root.querySelectorAll('[for], [aria-describedby], [aria-labelledby], [aria-controls]'),
  );
  return refs.flatMap((el) =>
    ['for', 'aria-describedby', 'aria-labelledby', 'aria-controls']
      .flatMap((a) => el.getAttribute(a)?.split(/\s+/) ?? [])
      .filter((id) => id && !document.getElementById(id)),
  );
}

async function load(page: Page, path: string): Promise<HydrationLog> {
  await page.addInitScript(watchHydration);
  await page.goto(forum.url + path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __hydration: HydrationLog }).__hydration);
}

const KINDS = ['pc', 'h5'] as const;

describe.skipIf(noChromiumReason !== null)(
  `hydration keeps the server's page${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: '测试论坛', thread_post_interval: '0' });
      browser = await launch();
      const { context, page } = await openContext(browser, 'pc');
      await loginAs(page, forum.url, 'admin', 'admin-pass-123');
      for (const title of ['第一个帖子', '第二个帖子']) {
        const content = { text: `<p>${title}的内容 #话题# 在这里</p>` };
        const r = await api(context, forum.url, 'POST', '/api/v3/thread.create', {
          categoryId: 1,
          title,
          content,
        });
        expect(r.Code).toBe(0);
      }
      await context.close();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of KINDS)
      for (const path of ['/', '/user/login', '/search'])
        it(`${kind}: ${path} is hydrated in place: nothing replaced, rewritten or moved`, async () => {
          const { context, page, errors } = await openContext(browser, kind);
          const log = await load(page, path);
          expect(log.removed).toEqual([]);
          expect(log.texts).toEqual([]);
          expect(log.shift).toBeLessThan(0.01);
          // useId must give the browser the server's ids: labels and hints still reach their fields.
          expect(await page.evaluate(danglingIds)).toEqual([]);
          if (path === '/') await shot(page, 'hydration-home', kind);
          expect(errors).toEqual([]);
          await context.close();
        });

    // A plugin's lazy view (the hello banner) must keep its server HTML while the viewer arrives after
    // hydration: a cold first visit used to drop it for the fallback and draw it again (shift 0.028 at pc).
    for (const kind of KINDS)
      it(`${kind}: a member's / stays still while the viewer and the lazy parts arrive after hydration`, async () => {
        const { context, page, errors } = await openMember(browser, forum.url, kind, `看首页${kind}`);
        const log = await load(page, '/');
        expect(log.removed).toEqual([]);
        expect(log.texts).toEqual([]);
        expect(log.shift).toBeLessThan(0.01);
        expect(await page.getByTestId('hello-banner').count()).toBe(1);
        await shot(page, 'hydration-home-member', kind);
        expect(errors).toEqual([]);
        await context.close();
      });

    it('h5: an error under a server-rendered field still leaves its hint and label tied to the input', async () => {
      const { context, page, errors } = await openMember(browser, forum.url, 'h5', '充值的人');
      await load(page, '/wallet/recharge');
      await page.getByTestId('recharge-amount').fill('abc');
      await page.getByTestId('recharge-submit').click();
      await page.locator('.ui-field__error').waitFor();
      expect(await page.evaluate(danglingIds)).toEqual([]);
      const input = page.getByTestId('recharge-amount');
      const described = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
      expect(described).toHaveLength(2);
      expect(await page.locator(`label[for="${await input.getAttribute('id')}"]`).count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });

    // React 19 moves a finished Suspense boundary above 12.8 KB out of line: its content sent hidden, a script
    // that reveals it up to 300 ms after the first paint, and its fallback as well. Ten long threads put the
    // home page's main boundary well above that; the page must still go out whole and hydrate in place. (The h5
    // home has no lazy boundary around its list today, so only pc fails without the render option; h5 holds the
    // same line should one appear.)
    for (const kind of KINDS)
      it(`${kind}: a long home page goes out whole, with nothing held back for a reveal script`, async () => {
        if (!(await (await fetch(forum.url + '/')).text()).includes('很长的帖子 9')) {
          const { context, page } = await openContext(browser, 'pc');
          await loginAs(page, forum.url, 'admin', 'admin-pass-123');
          const text = '这一段写得很长，好让首页超过一个分块的大小。'.repeat(40);
          for (let i = 0; i < 10; i++) {
            const r = await api(context, forum.url, 'POST', '/api/v3/thread.create', {
              categoryId: 1,
              title: `很长的帖子 ${i}`,
              content: { text: `<p>${text}</p><p>${text}</p>` },
            });
            expect(r.Code).toBe(0);
          }
          await context.close();
        }
        const html = await (
          await fetch(forum.url + '/', { headers: { 'user-agent': VIEWPORTS[kind].userAgent } })
        ).text();
        expect(html).toContain(`data-platform="${kind}"`);
        expect(html).toContain('很长的帖子 9');
        expect(html).not.toContain('$RC(');
        expect(html).not.toMatch(/<template id="B:/);
        const { context, page, errors } = await openContext(browser, kind);
        const log = await load(page, '/');
        expect(log.removed).toEqual([]);
        expect(log.texts).toEqual([]);
        await shot(page, 'hydration-long-home', kind);
        expect(errors).toEqual([]);
        await context.close();
      });
  },
);
