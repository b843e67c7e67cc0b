import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';

let forum: RunningForum;
let browser: Browser;

// The form pages the other suites never show: install (only before the first admin) and bind-nickname.
// Each field is reached through its visible label, so a label that stops pointing at its input fails here.
describe.skipIf(noChromiumReason !== null)(
  `form pages${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum({ E2E_NO_ADMIN: '1' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('install form: labelled fields at both widths; a wrong token is refused and the form stays', async () => {
      for (const kind of ['pc', 'h5'] as const) {
        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/install');
        await hydrated(page);
        await page.getByLabel('安装令牌').fill('not-the-token');
        await page.getByLabel('站点名称').fill('表单论坛');
        await page.getByLabel('管理员用户名').fill('boss');
        await page.getByLabel('管理员密码').fill('boss-pass-123');
        expect(await page.getByLabel('管理员密码').getAttribute('autocomplete')).toBe('new-password');
        await shot(page, 'install-form', kind);
        await page.getByTestId('install-form').locator('button[type="submit"]').click();
        await page.getByText('invalid setup token').first().waitFor();
        expect(await page.getByTestId('install-form').count()).toBe(1);
        expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
        await context.close();
      }
    });

    it('bind-nickname form: a signed-in member sets a nickname through the labelled field', async () => {
      // Registration needs an installed site: a second forum, with its administrator.
      const installed = await startForum();
      try {
        for (const kind of ['pc', 'h5'] as const) {
          const { context, page, errors } = await openContext(browser, kind);
          await page.goto(installed.url + '/user/register');
          await hydrated(page);
          await page.getByLabel('用户名').fill(`nick${kind}`);
          await page.getByLabel('密码', { exact: true }).fill('secret-123');
          await page.getByLabel('确认密码').fill('secret-123');
          await page.getByRole('button', { name: '注册', exact: true }).last().click();
          await page.waitForURL(installed.url + '/');
          await page.goto(installed.url + '/user/bind-nickname');
          await hydrated(page);
          await page.getByLabel('昵称').fill(`昵称${kind}`);
          await shot(page, 'bind-nickname', kind);
          await page.getByRole('button', { name: '确定' }).click();
          await page.getByText('昵称已设置').first().waitFor();
          await page.waitForURL(installed.url + '/');
          expect(errors).toEqual([]);
          await context.close();
        }
      } finally {
        await installed.close();
      }
    });
  },
);
