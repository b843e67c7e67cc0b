import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';

let forum: RunningForum;
let browser: Browser;

async function fillRegister(page: Page, username: string, password: string, nickname: string) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirm"]').fill(password);
  await page.locator('input[name="nickname"]').fill(nickname);
  await page.getByRole('button', { name: '注册', exact: true }).last().click();
}

describe.skipIf(noChromiumReason !== null)(
  `account flows${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: '测试论坛' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('pc: register → logged in (header shows the user menu) → logout returns home as a guest', async () => {
      const { context, page, errors } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/user/register');
      await hydrated(page);
      await fillRegister(page, 'alice', 'secret-123', '爱丽丝');
      await page.waitForURL(forum.url + '/');
      const menu = page.getByTestId('user-menu');
      await menu.waitFor();
      expect(await menu.innerText()).toContain('爱丽丝');
      expect(await page.getByTestId('login-button').count()).toBe(0);
      const cookies = await context.cookies();
      const token = cookies.find((c) => c.name === 'access_token');
      expect(token?.httpOnly).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('forum_uid'))).toBeTruthy();
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(token?.value ?? '<none>');
      await page.getByTestId('home').waitFor();
      await shot(page, 'home-member', 'pc');
      await menu.hover();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.getByTestId('login-button').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => localStorage.getItem('forum_uid'))).toBeNull();
      expect((await context.cookies()).find((c) => c.name === 'access_token')).toBeUndefined();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('h5: register → logged in (personal centre greets the user)', async () => {
      const { context, page, errors } = await openContext(browser, 'h5');
      await page.goto(forum.url + '/user/register');
      await hydrated(page);
      await fillRegister(page, 'bob', 'secret-123', '小波');
      await page.waitForURL(forum.url + '/');
      await page.getByTestId('header').getByRole('link', { name: '我的' }).click();
      await page.waitForURL(forum.url + '/my');
      await page.getByTestId('hello').waitFor();
      expect(await page.getByTestId('hello').innerText()).toContain('小波');
      await shot(page, 'my-member', 'h5');
      expect(errors).toEqual([]);
      await context.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a page that needs login sends the guest to /user/login and returns there after login`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/my');
        await page.waitForURL(forum.url + '/user/login');
        expect(await page.locator('.ui-toast').innerText()).toContain('请先登录！');
        expect(await page.evaluate(() => sessionStorage.getItem('forum_login_return'))).toBe('/my');
        await shot(page, 'login-after-redirect', kind);
        await page.locator('input[name="username"]').fill('admin');
        await page.locator('input[name="password"]').fill('admin-pass-123');
        await page.getByTestId('login-form').getByRole('button').click();
        await page.waitForURL(forum.url + '/my');
        await page.getByTestId('hello').waitFor();
        expect(await page.evaluate(() => sessionStorage.getItem('forum_login_return'))).toBeNull();
        expect(errors).toEqual([]);
        await context.close();
      });
    }

    it('storage consistency: a uid marker in local storage without the cookie clears the state and goes home', async () => {
      const { context, page } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/user/agreement');
      await hydrated(page);
      await page.evaluate(() => localStorage.setItem('forum_uid', '99'));
      await page.reload();
      await page.waitForURL(forum.url + '/');
      await page.waitForFunction(() => localStorage.getItem('forum_uid') === null);
      await context.close();
    });

    it('wrong password shows the server message and stays on the login page', async () => {
      const { context, page } = await openContext(browser, 'pc');
      await page.goto(forum.url + '/user/login');
      await hydrated(page);
      await page.locator('input[name="username"]').fill('admin');
      await page.locator('input[name="password"]').fill('nope-nope');
      await page.getByTestId('login-form').getByRole('button').click();
      await page.locator('.ui-toast--error').waitFor();
      expect(new URL(page.url()).pathname).toBe('/user/login');
      await context.close();
    });
  },
);
