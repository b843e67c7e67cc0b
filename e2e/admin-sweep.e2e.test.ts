import { PERMISSIONS } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, shot, trackRequests, VIEWPORTS } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openAdmin } from './support/admin.ts';
import { api } from './support/forum-api.ts';

// Every admin page in Chinese and English at 1280 and 375 px: no raw permission key, no untranslated
// {TOKEN}, no i18n key or "undefined" showing, no English UI word in a Chinese page's table, no table
// wider than the screen outside its own scroll frame; each page's title; the phone's drawer menu.

let forum: RunningForum;
let browser: Browser;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;

const SITE = '扫描论坛';

/** Every page of the admin menu: path under /admin and its menu label in each language. */
const PAGES: Array<[path: string, zh: string, en: string]> = [
  ['', '首页', 'Dashboard'],
  ['site', '站点设置', 'Site'],
  ['functions', '功能设置', 'Functions'],
  ['register', '注册与登录', 'Registration and login'],
  ['signin-fields', '注册扩展信息', 'Sign-in fields'],
  ['login-methods', '登录方式', 'Login methods'],
  ['pay-settings', '支付设置', 'Payment settings'],
  ['attachments', '附件设置', 'Attachments'],
  ['mail', '邮件设置', 'Email'],
  ['stop-words', '敏感词', 'Stop words'],
  ['templates', '通知模板', 'Notification templates'],
  ['users', '用户管理', 'Users'],
  ['groups', '用户组', 'Groups'],
  ['invites', '邀请链接', 'Invite links'],
  ['categories', '分类', 'Categories'],
  ['content', '内容管理', 'Content'],
  ['review', '内容审核', 'Review'],
  ['topics', '话题管理', 'Topics'],
  ['reports', '举报管理', 'Reports'],
  ['finance', '财务统计', 'Finance statistics'],
  ['funds', '资金明细', 'Fund details'],
  ['orders', '订单记录', 'Orders'],
  ['withdrawals', '提现管理', 'Withdrawals'],
  ['cash-settings', '提现设置', 'Withdrawal settings'],
  ['plugins', '插件', 'Plugins'],
  ['log', '操作日志', 'Action log'],
  ['jobs', '后台任务', 'Background jobs'],
];

/** Every permission key, which the pages must show by name. */
const PERMISSION_KEYS: readonly string[] = PERMISSIONS;

/** Words that are the same in Chinese pages: names of products and formats, and the seeded data. */
const NOT_ENGLISH_UI = new Set([
  'admin',
  'sweeper',
  'Logo',
  'Node',
  'Redis',
  'PostgreSQL',
  'WeChat',
  'OIDC',
  'SMS',
  'URL',
  'API',
  'CSV',
  'App',
  'Pay',
  'SDK',
]);

/** What is wrong with the page as it stands (an empty list when nothing is). */
async function problems(page: Page, lang: 'zh' | 'en'): Promise<string[]> {
  return page.evaluate(
    ({ keys, lang, allowed }) => {
      const out: string[] = [];
      const main = document.querySelector('[data-testid="admin"]') as HTMLElement | null;
      const text = main?.innerText ?? document.body.innerText;
      for (const k of keys) {
        if (new RegExp(`(^|[^\\w.])${k.replace(/\./g, '\\.')}($|[^\\w.])`).test(text))
          out.push(`raw key ${k}`);
      }
      const scoped = /category\d+\.\w+/.exec(text);
      if (scoped) out.push(`raw key ${scoped[0]}`);
      const token = /\{[A-Z_]{2,}\}/.exec(text);
      if (token) out.push(`token ${token[0]}`);
      for (const junk of ['undefined', '[object Object]', 'NaN']) {
        if (text.includes(junk)) out.push(`shows ${junk}`);
      }
      const key = /\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*\b/.exec(text);
      if (key) out.push(`i18n key ${key[0]}`);
      if (lang === 'zh') {
        for (const cell of Array.from(document.querySelectorAll('.admin-table th, .admin-table td'))) {
          // Text marked as another language (lang="en") or as names not to translate (translate="no"),
          // and template variables ({username}), are data, not the page's words.
          if (cell.closest('[translate="no"]')) continue;
          const clone = cell.cloneNode(true) as HTMLElement;
          for (const e of Array.from(clone.querySelectorAll('[translate="no"], [lang]'))) {
            if (!(e.getAttribute('lang') ?? '').startsWith('zh')) e.remove();
          }
          const own = (clone.textContent ?? '').replace(/\{\w+\}/g, '');
          for (const w of own.match(/[A-Za-z]{3,}/g) ?? []) {
            if (!allowed.includes(w)) out.push(`English "${w}" in a table: ${own.slice(0, 60)}`);
          }
        }
      }
      const vw = window.innerWidth;
      if (document.documentElement.scrollWidth > vw + 1) {
        out.push(`page ${document.documentElement.scrollWidth}px wide at ${vw}px`);
      }
      for (const table of Array.from(document.querySelectorAll('table'))) {
        if (table.getBoundingClientRect().width <= vw) continue;
        let frame = table.parentElement;
        while (frame && !['auto', 'scroll'].includes(getComputedStyle(frame).overflowX))
          frame = frame.parentElement;
        if (!frame || frame.getBoundingClientRect().width > vw)
          out.push('a wide table without its own scroll frame');
      }
      return [...new Set(out)];
    },
    { keys: PERMISSION_KEYS, lang, allowed: [...NOT_ENGLISH_UI] },
  );
}

/** A logged-in admin context at one width and language. */
async function adminAt(kind: 'pc' | 'h5', lang: 'zh' | 'en') {
  const context = await browser.newContext({ ...VIEWPORTS[kind], locale: 'zh-CN', storageState: storage });
  if (lang === 'en') await context.addCookies([{ name: 'forum_lang', value: 'en', url: forum.url }]);
  const page = await context.newPage();
  requests.set(page, trackRequests(page));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}

/** Each admin tab's requests in flight (see `open`). */
const requests = new WeakMap<Page, ReturnType<typeof trackRequests>>();

/** Opens an admin page and waits until its calls have answered. */
async function open(page: Page, path: string) {
  await page.goto(`${forum.url}/admin/${path}`);
  await page.getByTestId('admin').waitFor();
  await requests.get(page)!.settled();
}

describe.skipIf(noChromiumReason !== null)(
  `admin sweep${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: SITE, thread_post_interval: '0' });
      browser = await launch();
      const { context } = await openAdmin(browser, forum.url);
      storage = await context.storageState();
      // Data for the tables: stop words with each action, a member's wallet credit, log rows.
      const words = await api(context, forum.url, 'POST', '/api/backAdmin/stopwords.batch', {
        words: [
          '审核词={MOD}',
          '屏蔽词={BANNED}',
          '替换词=**',
          '分域词={MOD}|{BANNED}|{BANNED}|{IGNORE}|{BANNED}',
        ],
      });
      expect(words.Code).toBe(0);
      const member = await browser.newContext();
      const reg = await api<{ userId: number }>(
        member,
        forum.url,
        'POST',
        '/api/v3/users/username.register',
        {
          username: 'sweeper',
          password: 'secret123',
        },
      );
      await member.close();
      const credit = await api(context, forum.url, 'POST', '/api/backAdmin/update.user.wallet', {
        userId: reg.Data.userId,
        operate: 1,
        amount: 12.5,
        reason: '活动奖励',
        idempotencyKey: 'sweep-credit-1',
      });
      expect(credit.Code).toBe(0);
      const group = await api<{ id: number }>(context, forum.url, 'POST', '/api/groups.create.v2', {
        name: '扫描组',
        isPaid: 0,
      });
      await api(context, forum.url, 'POST', '/api/permission.v2', {
        groupId: group.Data.id,
        permissions: ['viewThreads', 'createThread', 'category1.thread.reply'],
      });
      await context.close();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const lang of ['zh', 'en'] as const) {
      for (const kind of ['pc', 'h5'] as const) {
        it(`${lang} ${kind}: every page speaks ${lang}, has its title, and fits the screen`, async () => {
          const { context, page, errors } = await adminAt(kind, lang);
          const found: string[] = [];
          for (const [path, zh, en] of PAGES) {
            await open(page, path);
            const label = lang === 'zh' ? zh : en;
            const admin = lang === 'zh' ? '管理后台' : 'Admin';
            expect(await page.title(), path).toBe(`${label} - ${admin} - ${SITE}`);
            for (const p of await problems(page, lang)) found.push(`/admin/${path}: ${p}`);
            if (['stop-words', 'funds', 'log'].includes(path))
              await shot(page, `sweep-${path}-${lang}`, kind);
          }
          expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
          // The permission editor of the group made above: names, groups and the category's name.
          await open(page, 'groups');
          await page
            .getByTestId('group-row')
            .filter({ hasText: '扫描组' })
            .getByTestId('group-permissions')
            .click();
          const editor = page.getByTestId('permission-editor');
          await editor.waitFor();
          const tabs = await editor.locator('.admin-tabs button').allInnerTexts();
          expect(tabs).toEqual(
            lang === 'zh'
              ? ['内容发布', '内容查看', '内容管理', '用户', '财务', '其他']
              : ['Posting', 'Viewing', 'Moderation', 'Users', 'Finance', 'Other'],
          );
          for (const tab of tabs) {
            await editor.getByRole('button', { name: tab, exact: true }).click();
            for (const p of await problems(page, lang)) found.push(`permission editor ${tab}: ${p}`);
            if (tab === tabs[0] || tab === tabs[4])
              await shot(page, `sweep-permissions-${tabs.indexOf(tab)}-${lang}`, kind);
          }
          // Named, with what it allows; the category's column carries its name.
          await editor.getByRole('button', { name: tabs[0], exact: true }).click();
          expect(await editor.getByTestId('permission-row').first().innerText()).toContain(
            lang === 'zh' ? '发布主题' : 'Post threads',
          );
          expect(await editor.locator('thead').innerText()).toContain(
            lang === 'zh' ? '默认分类' : '默认分类',
          );
          expect(found).toEqual([]);
          expect(errors).toEqual([]);
          await context.close();
          // 26 page loads on a shared two-core machine.
        }, 300_000);
      }
    }

    it('stop words, fund details and the action log say it in words', async () => {
      const { context, page } = await adminAt('pc', 'zh');
      await open(page, 'stop-words');
      const head = await page.locator('.admin-table thead').innerText();
      expect(head).toContain('主题与回复');
      const banned = page.getByTestId('stop-word-row').filter({ hasText: '屏蔽词' });
      expect(await banned.innerText()).toContain('禁用');
      expect(await page.getByTestId('stop-word-row').filter({ hasText: '审核词' }).innerText()).toContain(
        '审核',
      );
      await open(page, 'funds');
      const row = page.getByTestId('fund-row').first();
      expect(await row.innerText()).toContain('人工收入');
      expect(await row.innerText()).not.toMatch(/\(\d+\)/);
      await open(page, 'log');
      // The log arrives after the page (read in CI before its rows came): wait for them.
      await expect
        .poll(() => page.getByTestId('log-text').allInnerTexts())
        .toEqual(
          expect.arrayContaining([
            'admin 新建了用户组「扫描组」',
            'admin 导入了 4 个敏感词',
            expect.stringMatching(/^admin 修改了用户组「扫描组」的权限/),
          ]),
        );
      // The filter asks the server: one kind of action only.
      await page.locator('select[name="action"]').selectOption('group.create');
      await page.getByTestId('log-filter').locator('button[type="submit"]').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="log-row"]').length === 1);
      expect(await page.getByTestId('log-text').allInnerTexts()).toEqual(['admin 新建了用户组「扫描组」']);
      expect(await page.getByTestId('log-link').first().getAttribute('href')).toBe('/admin/groups');
      await context.close();
    }, 180_000);

    it('h5: the menu is a drawer its button opens; a choice navigates and closes it', async () => {
      for (const lang of ['zh', 'en'] as const) {
        const { context, page } = await adminAt('h5', lang);
        await open(page, '');
        const menu = page.getByTestId('admin-menu');
        expect(await menu.isVisible()).toBe(false);
        await page.getByTestId('admin-menu-button').click();
        await menu.waitFor({ state: 'visible' });
        await page.waitForTimeout(300);
        const box = (await menu.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
        expect(await menu.innerText()).toContain(lang === 'zh' ? '财务' : 'Finance');
        await shot(page, `sweep-drawer-${lang}`, 'h5');
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        await page.getByTestId('admin-menu-button').click();
        await menu.waitFor({ state: 'visible' });
        await menu.getByRole('link', { name: lang === 'zh' ? '资金明细' : 'Fund details' }).click();
        await page.getByTestId('admin-funds').waitFor();
        await menu.waitFor({ state: 'hidden' });
        await context.close();
      }
      const { context, page } = await adminAt('pc', 'zh');
      await open(page, '');
      expect(await page.getByTestId('admin-menu').isVisible()).toBe(true);
      expect(await page.getByTestId('admin-menu-button').isVisible()).toBe(false);
      await shot(page, 'sweep-drawer-zh', 'pc');
      await context.close();
    }, 180_000);
  },
);
