import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hydrated, launch, shot, VIEWPORTS } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openAdmin } from './support/admin.ts';
import { openMember } from './support/members.ts';
import { api } from './support/forum-api.ts';

// Issue 27 §4, "English is English": relative times, dates and the words around them follow the page's
// language, never the browser's (every context here runs a browser of the other language). All the data
// (names, titles, categories, groups, the site's name) is Latin, so an English page may hold no CJK at all.

const CJK = /[\u3400-\u9fff]/;
const PATTERNS = {
  zh: {
    time: /^(\d{4}\/\d{2}\/\d{2}( \d{2}:\d{2})?|刚刚|\d+分钟前|\d+小时前|\d+天前)$/,
    adminTime: /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/,
    wrongAdminTime: /\d{1,2}\/\d{1,2}\/\d{4}|[AP]M/,
    recent: '29分钟前',
    anonymous: '匿名用户',
  },
  en: {
    time: /^(\d{2}\/\d{2}\/\d{4}(, \d{2}:\d{2})?|just now|\d+ (minute|hour|day)s? ago)$/,
    adminTime: /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/,
    wrongAdminTime: /\d{4}\/\d{1,2}\/\d{1,2}|[AP]M|[上下]午/,
    recent: '29 minutes ago',
    anonymous: 'Anonymous',
  },
} as const;
type Lang = keyof typeof PATTERNS;
/** The browser language each page language is tried under: the other one. */
const BROWSER_LOCALE: Record<Lang, string> = { zh: 'en-US', en: 'zh-CN' };

let forum: RunningForum;
let browser: Browser;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

/** The texts of every `<time>` in the page's main part (after hydration: relative ones are written then). */
const times = (page: Page) => page.locator('main time').allInnerTexts();

/** Checks a page's times, and on an English page that nothing in its main part is Chinese. */
async function checkPage(page: Page, lang: Lang, what: string, minTimes = 1) {
  const found = (await times(page)).map((s) => s.trim());
  expect(found.length, `${what}: times`).toBeGreaterThanOrEqual(minTimes);
  for (const text of found) expect(text, `${what}: a time`).toMatch(PATTERNS[lang].time);
  if (lang === 'en') {
    const main = await page.locator('main').innerText();
    expect(main.match(new RegExp(`.{0,30}${CJK.source}.{0,30}`))?.[0] ?? null, `${what}: Chinese`).toBeNull();
  }
}

describe.skipIf(noChromiumReason !== null)(
  `English is English${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: 'Plain Forum', thread_post_interval: '0' });
      browser = await launch();
      const admin = await openAdmin(browser, forum.url);
      adminState = await admin.context.storageState();
      // The seeded names are Chinese data: Latin ones, so every CJK character left is the page's own.
      const renamed = await api(admin.context, forum.url, 'POST', '/api/backAdmin/categories.update', {
        data: [{ id: 1, name: 'General' }],
      });
      expect(renamed.Code, renamed.Message).toBe(0);
      const groups = await api(admin.context, forum.url, 'POST', '/api/backAdmin/groups.batchupdate', {
        data: [1, 6, 7, 8, 10].map((id) => ({ id, name: `Group ${id}` })),
      });
      expect(groups.Code, groups.Message).toBe(0);
      await admin.context.close();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: home, thread, notifications and messages in Chinese, then in English after the switch`, async () => {
        // The member's browser speaks Chinese: the English page must not borrow its language.
        const alice = await openMember(browser, forum.url, kind, `Alice${kind}`);
        const bob = await openMember(browser, forum.url, kind, `Bob${kind}`);
        const post = (body: object) =>
          api<{ threadId: number }>(alice.context, forum.url, 'POST', '/api/v3/thread.create', {
            categoryId: 1,
            ...body,
          });
        const walk = await post({
          title: `Morning walk ${kind}`,
          content: { text: '<p>Who comes along?</p>' },
        });
        expect(walk.Code, walk.Message).toBe(0);
        const quiet = await post({
          title: `Quiet question ${kind}`,
          content: { text: '<p>Asked without a name.</p>' },
          anonymous: true,
        });
        expect(quiet.Code, quiet.Message).toBe(0);
        const walkId = walk.Data.threadId;
        await forum.exec(
          `UPDATE threads SET created_at = now() - interval '29 minutes 20 seconds' WHERE id = $1`,
          [walkId],
        );
        await forum.exec(`UPDATE threads SET created_at = now() - interval '3 hours' WHERE id = $1`, [
          quiet.Data.threadId,
        ]);
        // Writes after the back-dating: they empty the shared caches, and give Alice a notice and a message.
        const reply = await api(bob.context, forum.url, 'POST', '/api/v3/posts.create', {
          id: walkId,
          content: 'Count me in',
        });
        expect(reply.Code, reply.Message).toBe(0);
        const sent = await api(bob.context, forum.url, 'POST', '/api/v3/dialog.create', {
          recipientUserId: alice.userId,
          messageText: 'See you at nine',
        });
        expect(sent.Code, sent.Message).toBe(0);

        const { page } = alice;
        for (const lang of ['zh', 'en'] as const) {
          await page.goto(forum.url + '/');
          await hydrated(page);
          if (lang === 'en') {
            await page.getByTestId('lang-en').click();
            await page.waitForFunction(() => document.documentElement.lang === 'en');
          }
          const card = (title: string) => page.getByTestId('thread-card').filter({ hasText: title });
          await expect
            .poll(() => card(`Morning walk ${kind}`).getByTestId('relative-time').innerText())
            .toBe(PATTERNS[lang].recent);
          expect(await card(`Quiet question ${kind}`).getByTestId('relative-time').innerText()).toMatch(
            lang === 'en' ? /^3 hours ago$/ : /^3小时前$/,
          );
          // One reply is counted in the singular in English.
          expect(await card(`Morning walk ${kind}`).innerText()).toContain(
            lang === 'en' ? '1 reply' : '1 回复',
          );
          // The author sees their own name on their anonymous thread; anyone else the anonymous one's.
          expect(await card(`Quiet question ${kind}`).innerText()).toContain(`Alice${kind}`);
          if (lang === 'en')
            await bob.context.addCookies([{ name: 'forum_lang', value: 'en', url: forum.url }]);
          await bob.page.goto(forum.url + '/');
          await hydrated(bob.page);
          const hidden = bob.page.getByTestId('thread-card').filter({ hasText: `Quiet question ${kind}` });
          expect(await hidden.locator('.thread-card__author').innerText()).toBe(PATTERNS[lang].anonymous);
          expect(await hidden.innerText()).not.toContain(`Alice${kind}`);
          await checkPage(page, lang, 'home', 2);
          if (lang === 'en') {
            // English draws its punctuation from a Latin font: ’ narrow, not the Chinese fonts' full-width mark.
            const quoteToHan = await page.evaluate(() => {
              const span = document.createElement('span');
              document.body.append(span);
              const width = (text: string) => ((span.textContent = text), span.getBoundingClientRect().width);
              const ratio = width('’’’’') / width('中中中中');
              span.remove();
              return ratio;
            });
            expect(quoteToHan).toBeLessThan(0.5);
          }
          await shot(page, `english-home-${lang}`, kind);

          await page.goto(`${forum.url}/thread/${walkId}`);
          await hydrated(page);
          await page.getByTestId('reply').first().waitFor();
          await checkPage(page, lang, 'thread', 2);
          await shot(page, `english-thread-${lang}`, kind);

          await page.goto(`${forum.url}/message?page=thread`);
          await hydrated(page);
          await page.getByTestId('notification').first().waitFor();
          expect(await page.getByTestId('notification').first().innerText()).toContain('Count me in');
          await checkPage(page, lang, 'notifications');
          await shot(page, `english-notifications-${lang}`, kind);

          await page.goto(`${forum.url}/message`);
          await hydrated(page);
          await page.getByTestId('dialog-item').first().waitFor();
          await checkPage(page, lang, 'message centre');
          await shot(page, `english-messages-${lang}`, kind);
          await page.getByTestId('dialog-item').first().click();
          await page.getByTestId('chat-message').filter({ hasText: 'See you at nine' }).waitFor();
          await checkPage(page, lang, 'chat');
          await shot(page, `english-chat-${lang}`, kind);
        }
        // The API's diffTime for the original clients follows the chosen language too.
        const detail = await api<{ diffTime: string }>(
          alice.context,
          forum.url,
          'GET',
          `/api/v3/thread.detail?threadId=${walkId}`,
        );
        expect(detail.Data.diffTime).toBe('29 minutes ago');
        expect(alice.errors).toEqual([]);
        expect(bob.errors).toEqual([]);
        await alice.context.close();
        await bob.context.close();
      });

      it(`${kind}: an admin list writes its times in the admin's language, not the browser's`, async () => {
        for (const lang of ['zh', 'en'] as const) {
          const context = await browser.newContext({
            ...VIEWPORTS[kind],
            locale: BROWSER_LOCALE[lang],
            storageState: adminState,
          });
          await context.addCookies([{ name: 'forum_lang', value: lang, url: forum.url }]);
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          await page.goto(`${forum.url}/admin/content`);
          await page.getByTestId('content-row').first().waitFor();
          const rows = (await page.getByTestId('content-row').allInnerTexts()).join('\n');
          expect(rows).toMatch(PATTERNS[lang].adminTime);
          expect(rows).not.toMatch(PATTERNS[lang].wrongAdminTime);
          if (lang === 'en') expect(rows).not.toMatch(CJK);
          await shot(page, `english-admin-content-${lang}`, kind);
          await page.goto(`${forum.url}/admin/users`);
          await page.getByTestId('user-row').first().waitFor();
          const users = (await page.getByTestId('user-row').allInnerTexts()).join('\n');
          expect(users).toMatch(lang === 'en' ? /\d{2}\/\d{2}\/\d{4}/ : /\d{4}\/\d{2}\/\d{2}/);
          expect(users).not.toMatch(lang === 'en' ? /\d{4}\/\d{1,2}\/\d{1,2}/ : /\d{1,2}\/\d{1,2}\/\d{4}/);
          if (lang === 'en') expect(users).not.toMatch(CJK);
          expect(errors).toEqual([]);
          await context.close();
        }
      });
    }
  },
);
