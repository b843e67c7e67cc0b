import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openAdmin, toastSaying } from './support/admin.ts';
import { hydrated, launch, shot } from './support/browser.ts';
import { api } from './support/forum-api.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';

// Notifications in the reader's language: the administrator edits a template's English in the templates page,
// and a member reading in English gets that English (in Chinese, the Chinese), at both widths.
let forum: RunningForum;
let browser: Browser;

const EN_TITLE = 'Someone follows you';
const EN_CONTENT = '{username} now follows you';

/** The boxes of the header's nav items, the message centre's links and their unread badges that leave the viewport. */
async function outsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The layout width (375): a page wider than that widens innerWidth instead of clipping at it.
    const { clientWidth: width, clientHeight: height } = document.documentElement;
    return Array.from(document.querySelectorAll('.h5-header__nav a, .notice-link, [data-testid=badge-count]'))
      .map((e) => ({
        text: (e as HTMLElement).innerText.replace(/\s+/g, ' '),
        box: e.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.left < 0 || box.top < 0 || box.right > width || box.bottom > height)
      .map(({ text, box }) => `${text}: ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
  });
}

describe.skipIf(noChromiumReason !== null)(
  `notifications in English${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('pc: the administrator edits a template in Chinese and English; the English admin shows English names', async () => {
      const { page, context, errors } = await openAdmin(browser, forum.url);
      await page.goto(`${forum.url}/admin/templates`);
      const row = page.getByTestId('template-row').filter({ hasText: '新增关注通知' });
      await row.getByRole('button', { name: '编辑' }).click();
      const editor = page.getByTestId('template-editor');
      const english = editor.getByTestId('template-en');
      expect(await english.locator('textarea').inputValue()).toBe('{username} followed you');
      await english.locator('input').fill(EN_TITLE);
      await english.locator('textarea').fill(EN_CONTENT);
      await shot(page, 'admin-template-editor', 'pc');
      await editor.getByTestId('template-save').click();
      await toastSaying(page, '已保存').first().waitFor();
      await row.filter({ hasText: 'now follows you' }).waitFor();

      // The switch names its action (the status column says the state): off, then on again.
      await row.getByRole('button', { name: '停用', exact: true }).click();
      await row.getByRole('button', { name: '启用', exact: true }).waitFor();
      await shot(page, 'admin-template-off', 'pc');
      await row.getByRole('button', { name: '启用', exact: true }).click();
      await row.getByRole('button', { name: '停用', exact: true }).waitFor();

      await context.addCookies([{ name: 'forum_lang', value: 'en', url: forum.url }]);
      await page.reload();
      const enRow = page.getByTestId('template-row').filter({ hasText: 'New follower' }).first();
      await enRow.waitFor();
      expect(await enRow.innerText()).toContain('Enabled');
      await enRow.getByRole('button', { name: 'Disable', exact: true }).click();
      await enRow.getByRole('button', { name: 'Enable', exact: true }).waitFor();
      expect(await enRow.innerText()).toContain('Disabled');
      await shot(page, 'admin-template-off-en', 'pc');
      await enRow.getByRole('button', { name: 'Enable', exact: true }).click();
      await enRow.getByRole('button', { name: 'Disable', exact: true }).waitFor();
      await shot(page, 'admin-templates-en', 'pc');
      expect(errors).toEqual([]);
      await context.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: an English reader sees the notification in English, a Chinese reader in Chinese`, async () => {
        const reader = await openMember(browser, forum.url, kind, `Reader${kind}`);
        const fan = await openMember(browser, forum.url, kind, `Fan${kind}`);
        const followed = await api(fan.context, forum.url, 'POST', '/api/v3/follow.create', {
          toUserId: reader.userId,
        });
        expect(followed.Code, followed.Message).toBe(0);

        const { page } = reader;
        await page.goto(`${forum.url}/message?page=account`);
        // The body is the server's text (the heading above it is the page's own words).
        const body = page.getByTestId('notification').first().locator('.notif__content');
        await body.filter({ hasText: `Fan${kind} 关注了你` }).waitFor();
        await shot(page, 'notice-follow-zh', kind);

        // Switching the language reads the list again, now in English (the administrator's words).
        await page.getByTestId('lang-en').click();
        await body.filter({ hasText: `Fan${kind} now follows you` }).waitFor();
        await shot(page, 'notice-follow-en', kind);

        // A fresh load keeps the chosen language (the site cookie reaches the server).
        await page.reload();
        await body.filter({ hasText: `Fan${kind} now follows you` }).waitFor();
        await page.getByTestId('lang-zh').click();
        await body.filter({ hasText: `Fan${kind} 关注了你` }).waitFor();
        expect(reader.errors).toEqual([]);
        expect(fan.errors).toEqual([]);
        await reader.context.close();
        await fan.context.close();
      });
    }

    it('h5: at 375 px every nav item and unread badge lies within the viewport, in Chinese and in English', async () => {
      const reader = await openMember(browser, forum.url, 'h5', 'Narrow');
      const fan = await openMember(browser, forum.url, 'h5', 'Fan375');
      const followed = await api(fan.context, forum.url, 'POST', '/api/v3/follow.create', {
        toUserId: reader.userId,
      });
      expect(followed.Code, followed.Message).toBe(0);
      const { page, context } = reader;
      for (const lang of ['zh', 'en']) {
        await context.addCookies([{ name: 'forum_lang', value: lang, url: forum.url }]);
        // The message centre: the header's nav (messages with its badge, the active item in bold) and the
        // three notice links, the account one with an unread badge.
        await page.goto(`${forum.url}/message`);
        await hydrated(page);
        await page.getByTestId('notice-link-account').getByTestId('badge-count').waitFor();
        expect(await page.locator('.h5-header__nav a').count()).toBe(3);
        expect(await outsideViewport(page), lang).toEqual([]);
        await shot(page, `nav-375-${lang}`, 'h5');
        await page.goto(`${forum.url}/my`);
        await hydrated(page);
        expect(await outsideViewport(page), lang).toEqual([]);
      }
      expect(reader.errors).toEqual([]);
      await context.close();
      await fan.context.close();
    });
  },
);
