import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM } from './forum-server.ts';

/** Screenshots land here (git-ignored) so people can look at every page at both widths. */
export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/** The two projects of architecture §3: pc at 1280 px, h5 at 375 px with a phone user agent. */
export const VIEWPORTS = {
  pc: {
    viewport: { width: 1280, height: 800 },
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  },
  h5: {
    viewport: { width: 375, height: 812 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    isMobile: true,
    hasTouch: true,
  },
} as const;

/** Launches Debian chromium headless. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A new frame per same-site navigation is Chrome's bookkeeping, not anything a page sees; without it ten
      // navigations in one tab took 40 % less of the browser's CPU, and two test files 10 % less CPU and time
      // (the browser is two thirds of the browser tests' CPU, which keeps both cores busy).
      '--disable-features=RenderDocument',
    ],
  });
}

/** A fresh context (own cookies and storage) for one width, collecting page errors and console errors. */
export async function openContext(
  browser: Browser,
  kind: keyof typeof VIEWPORTS,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  return watched(await browser.newContext({ ...VIEWPORTS[kind], locale: 'zh-CN' }));
}

/** WeChat's own browser: `MicroMessenger` added to a phone's user agent (or, WeChat for Windows, a pc's). */
export const WECHAT_USER_AGENTS = {
  h5: `${VIEWPORTS.h5.userAgent} MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN`,
  pc: `${VIEWPORTS.pc.userAgent} NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)`,
} as const;

/**
 * A context inside WeChat's browser (a phone unless `kind` says pc), collecting errors like `openContext`.
 * `session` (another context's `storageState()`: cookies and local storage, which must agree) makes it that
 * member's browser too.
 */
export async function openInWechat(
  browser: Browser,
  { kind = 'h5', session }: { kind?: keyof typeof VIEWPORTS; session?: StorageState } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  return watched(
    await browser.newContext({
      ...VIEWPORTS[kind],
      userAgent: WECHAT_USER_AGENTS[kind],
      locale: 'zh-CN',
      ...(session ? { storageState: session } : {}),
    }),
  );
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A first page of `context`, with its page errors and console errors (less 401 and 404) gathered. */
async function watched(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 40[14]/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
}

/** Saves a full-page screenshot as artifacts/<name>-<kind>.png. */
export async function shot(page: Page, name: string, kind: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${kind}.png`), fullPage: true });
}

/** Waits until React has hydrated (the client entry marks <html> once the router is live). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
}

/**
 * Counts the tab's requests in flight from now on; `settled()` resolves once none has been in flight for
 * `quietMs`. Playwright's 'networkidle' waits a fixed 500 ms of silence after every page, about 55 s of the
 * admin sweep's 128 s over its hundred-odd pages; a short quiet window after the last answer is enough for a
 * page whose next call starts as soon as the previous one has rendered.
 */
export function trackRequests(page: Page, quietMs = 150): { settled(): Promise<void> } {
  let inFlight = 0;
  let quietSince = performance.now();
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) quietSince = performance.now();
  };
  page.on('request', () => {
    inFlight += 1;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      for (;;) {
        const quiet = performance.now() - quietSince;
        if (inFlight === 0 && quiet >= quietMs) return;
        await new Promise((r) => setTimeout(r, inFlight === 0 ? quietMs - quiet : 25));
      }
    },
  };
}

/**
 * Pages in this tab lose the overlay the server puts at their end as they are parsed, as when it could not make
 * one: each page then asks `viewer.overlay` itself (which a test can hold back to see the page before it).
 */
export async function withoutInlineOverlay(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      const block = document.getElementById('forum-overlay');
      if (!block) return;
      block.remove();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}
