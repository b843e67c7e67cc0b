import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';

let forum: RunningForum;
const SITE = {
  site_name: '测试论坛',
  site_keywords: 'forum,社区',
  site_introduction: '一个用于测试的社区',
  site_record: '京ICP备00000000号',
  site_record_code: '京公网安备 11000000000000号',
  site_stat: '<script>window.__siteStatRan = (window.__siteStatRan || 0) + 1;</script>',
};

beforeAll(async () => {
  forum = await startForum();
  await forum.setSettings(SITE);
});
afterAll(async () => forum?.close());

describe('server rendering (no browser needed)', () => {
  it('view source of / and /user/login shows server-rendered content, not an empty root', async () => {
    for (const path of ['/', '/user/login']) {
      const html = await (await fetch(forum.url + path)).text();
      expect(html).toMatch(/<div id="root">[\s\S]*<header class="pc-header"[\s\S]*<footer/);
      expect(html).toContain('测试论坛');
    }
    const login = await (await fetch(forum.url + '/user/login')).text();
    expect(login).toContain('data-testid="login-form"');
  });

  it('answers 404 for unknown pages, keeps the API envelope for unknown API paths, strips trailing slashes', async () => {
    const page = await fetch(forum.url + '/no/such/page');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('没有找到资源');
    const api = await fetch(forum.url + '/api/v3/no-such-call');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { Code: number }).Code).toBe(-4004);
    const slash = await fetch(forum.url + '/user/login/?a=1', { redirect: 'manual' });
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/user/login?a=1');
  });

  it('applies the head rules and a hash CSP that lets exactly the page scripts and the statistics snippet run', async () => {
    const res = await fetch(forum.url + '/user/login');
    const html = await res.text();
    expect(html).toContain('<title>登录 - 测试论坛</title>');
    expect(html).toContain('<meta name="keywords" content="forum,社区">');
    expect(html).toContain('<meta name="description" content="一个用于测试的社区">');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toMatch(/unsafe-inline|nonce-|https:(?!\/\/)/);
    // Every inline script of the document, the snippet's included, is allowed by its own hash and no other way.
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/src=/.test(m[1]!),
    );
    expect(inline.some((m) => m[2]!.startsWith('window.__siteStatRan'))).toBe(true);
    for (const m of inline) {
      const hash = createHash('sha256').update(m[2]!).digest('base64');
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });
});

describe.skipIf(noChromiumReason !== null)(
  `browser shell${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launch();
    });
    afterAll(async () => browser?.close());

    it('pc (1280 px) guest header and footer follow spec §2', async () => {
      const { context, page, errors } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/');
      await hydrated(page);
      const header = page.getByTestId('header');
      for (const label of ['首页', '消息', '我的'])
        await expect(header.getByRole('link', { name: label }).count()).resolves.toBe(1);
      await expect(header.getByRole('searchbox').count()).resolves.toBe(1);
      await expect(page.getByTestId('login-button').isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('register-button').isVisible()).resolves.toBe(true);
      const footer = (await page.getByTestId('footer').innerText()).replace(/\s+/g, ' ');
      expect(footer).toContain(`© ${new Date().getFullYear()} 测试论坛`);
      expect(footer).toMatch(/由 论坛 v\d+\.\d+\.\d+ 驱动/);
      expect(footer).toContain('京ICP备00000000号');
      expect(footer).toContain('京公网安备 11000000000000号');
      expect(await page.evaluate(() => (window as { __siteStatRan?: number }).__siteStatRan)).toBe(1);
      expect(await page.title()).toBe('首页 - 测试论坛');
      await shot(page, 'home-guest', 'pc');
      await page.getByRole('searchbox').fill('你好 world');
      await page.getByRole('searchbox').press('Enter');
      await page.waitForURL(/\/search\?keyword=/);
      expect(decodeURIComponent(new URL(page.url()).search)).toBe('?keyword=你好 world');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('h5 (375 px) guest header has back, home, messages, personal centre; back falls back to /', async () => {
      const { context, page, errors } = await openContext(browser, 'h5');
      await page.goto(forum.url + '/user/agreement');
      await hydrated(page);
      const header = page.getByTestId('header');
      await expect(header.getByRole('button', { name: '返回' }).isVisible()).resolves.toBe(true);
      for (const label of ['首页', '消息', '我的'])
        await expect(header.getByRole('link', { name: label }).count()).resolves.toBe(1);
      await expect(page.getByTestId('login-button').count()).resolves.toBe(0);
      expect(await page.getByTestId('footer').innerText()).toContain('测试论坛');
      await header.getByRole('button', { name: '返回' }).click();
      await page.waitForURL(forum.url + '/');
      await shot(page, 'home-guest', 'h5');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('404: pc goes back when there is history and to / when there is none; h5 only goes back', async () => {
      const pc = await openContext(browser, 'pc');
      const res = await pc.page.goto(forum.url + '/missing-page');
      expect(res?.status()).toBe(404);
      await hydrated(pc.page);
      expect(await pc.page.title()).toBe('没有找到资源 - 测试论坛');
      await shot(pc.page, 'not-found', 'pc');
      await pc.page.getByTestId('back').click();
      await pc.page.waitForURL(forum.url + '/');
      await pc.page.goto(forum.url + '/user/login');
      await pc.page.goto(forum.url + '/missing-page', { referer: forum.url + '/user/login' });
      await hydrated(pc.page);
      await pc.page.getByTestId('back').click();
      await pc.page.waitForURL(forum.url + '/user/login');
      await pc.context.close();

      const h5 = await openContext(browser, 'h5');
      await h5.page.goto(forum.url + '/user/register');
      await h5.page.goto(forum.url + '/missing-page');
      await hydrated(h5.page);
      await shot(h5.page, 'not-found', 'h5');
      await h5.page.getByTestId('back').click();
      await h5.page.waitForURL(forum.url + '/user/register');
      await h5.context.close();
    });

    it('switches pc → h5 below 800 px and back at 800 px', async () => {
      const { context, page, errors } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/');
      await hydrated(page);
      await page.locator('.pc-header').waitFor();
      await page.setViewportSize({ width: 799, height: 800 });
      await page.locator('.h5-header').waitFor();
      expect(await page.locator('html').getAttribute('data-platform')).toBe('h5');
      await page.setViewportSize({ width: 800, height: 800 });
      await page.locator('.pc-header').waitFor();
      expect(errors).toEqual([]);
      await context.close();
      const h5 = await openContext(browser, 'h5');
      await h5.page.goto(forum.url + '/');
      await hydrated(h5.page);
      await h5.page.locator('.h5-header').waitFor();
      // Portrait: a landscape phone counts as rotated and rightly stays h5.
      await h5.page.setViewportSize({ width: 900, height: 1000 });
      await h5.page.locator('.pc-header').waitFor();
      await h5.context.close();
    });

    it('a window that passes through a 1 px width (full-page capture, print preview) keeps its layout and what was typed', async () => {
      const { context, page, errors } = await openMember(browser, forum.url, 'pc', '窄窗');
      await page.goto(forum.url + '/my/edit');
      await hydrated(page);
      // The personal centre lays out pc and h5 differently: a switch there and back would remount the form.
      await page.locator('input[name="signature"], textarea[name="signature"]').fill('typed before');
      // Every full-page screenshot does this for a moment.
      await page.setViewportSize({ width: 1, height: 800 });
      // One frame at that width, so the page has had its resize event.
      expect(
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(innerWidth)))),
      ).toBe(1);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.waitForTimeout(400);
      expect(await page.locator('html').getAttribute('data-platform')).toBe('pc');
      expect(await page.locator('input[name="signature"], textarea[name="signature"]').inputValue()).toBe(
        'typed before',
      );
      // A real narrowing still switches, once it settles.
      await page.setViewportSize({ width: 600, height: 800 });
      await page.locator('.h5-header').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('dark theme and English persist across reloads (server renders the choice)', async () => {
      for (const kind of ['pc', 'h5'] as const) {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/');
        await hydrated(page);
        await page.getByTestId('theme-dark').click();
        expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(bg).toBe('rgb(18, 19, 22)');
        await page.reload();
        await hydrated(page);
        expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
        await shot(page, 'home-dark', kind);
        await page.getByTestId('lang-en').click();
        await page.getByTestId('header').getByRole('link', { name: 'Home' }).waitFor();
        await page.reload();
        await hydrated(page);
        expect(await page.title()).toBe('Home - 测试论坛');
        await shot(page, 'home-dark-en', kind);
        expect(errors).toEqual([]);
        await context.close();
      }
    });

    it('every account page renders (screenshots at both widths)', async () => {
      const pages: Array<[string, string, string]> = [
        ['/user/login', 'login', '登录'],
        ['/user/username-login', 'username-login', '用户名登录'],
        ['/user/register', 'register', '注册'],
        ['/user/agreement?type=privacy', 'agreement', '隐私政策'],
        ['/user/status?statusCode=-4009&statusMsg=spam', 'status', '你的账号已被禁用'],
        ['/user/wx-login', 'wx-login-off', '本站暂未开启微信登录'],
        ['/user/phone-login', 'phone-login-off', '本站暂未开启短信登录'],
        ['/install', 'install', '站点已安装'],
        ['/search?keyword=abc', 'search-empty', '没有找到相关内容'],
      ];
      for (const kind of ['pc', 'h5'] as const) {
        const { context, page, errors } = await openContext(browser, kind);
        for (const [path, name, text] of pages) {
          const res = await page.goto(forum.url + path);
          expect(res?.status(), path).toBe(200);
          await hydrated(page);
          expect(await page.locator('main').innerText(), path).toContain(text);
          await shot(page, name, kind);
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    });
  },
);
