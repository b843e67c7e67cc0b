import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openAdmin, toastSaying } from './support/admin.ts';
import { api, loginAs, TINY_PNG } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;

const adminPage = () => openAdmin(browser, forum.url);
const toast = toastSaying;

describe.skipIf(noChromiumReason !== null)(
  `admin area${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ thread_post_interval: '0' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    it('pc: the admin changes the site name and the public site title follows; every page renders', async () => {
      const { page, context, errors } = await adminPage();
      // Nothing the admin area asks for is missing (a page naming no icon makes the browser ask /favicon.ico).
      const missing: string[] = [];
      page.on('response', (r) => {
        if (r.status() === 404) missing.push(r.url());
      });
      await page.goto(`${forum.url}/admin`);
      await page.getByTestId('admin-dashboard').waitFor();
      await page.getByTestId('daily-chart').locator('svg').waitFor();
      await shot(page, 'admin-dashboard', 'pc');
      await page.getByRole('link', { name: '站点设置' }).click();
      await page.getByTestId('admin-site').waitFor();
      await page.locator('input[name="site_name"]').fill('后台改名论坛');
      await page
        .getByTestId('upload-logo')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
      await page.locator('.admin-picture img').first().waitFor();
      await page.getByTestId('settings-save').click();
      await toast(page, '已保存').waitFor();
      await shot(page, 'admin-site', 'pc');
      await page.goto(forum.url + '/');
      await hydrated(page);
      expect(await page.title()).toContain('后台改名论坛');
      // The uploaded logo is the site's, loaded by every visitor.
      const logo = page.locator('header img').first();
      expect(await logo.getAttribute('src')).toMatch(/\/api\/v3\/site-files\/logo-/);
      for (const [path, id] of [
        ['register', 'admin-register'],
        ['stop-words', 'admin-stop-words'],
        ['signin-fields', 'admin-signin-fields'],
        ['templates', 'admin-templates'],
        ['log', 'admin-log'],
      ] as const) {
        await page.goto(`${forum.url}/admin/${path}`);
        await page.getByTestId(id).waitFor();
        await shot(page, `admin-${path}`, 'pc');
      }
      expect(await page.getByTestId('log-row').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      expect(missing).toEqual([]);
      // The admin page names its icon before its script runs (a browser asks /favicon.ico for a page that names none).
      const html = await (await page.request.get(`${forum.url}/admin`)).text();
      const icon = /<link rel="icon"[^>]* href="([^"]+)"/.exec(html)?.[1];
      expect(icon).toBeTruthy();
      expect((await page.request.get(forum.url + icon!)).status()).toBe(200);
      await context.close();
    });

    it('pc: creates a group, grants thread.sticky; a member moved into it can pin', async () => {
      const { page, context, errors } = await adminPage();
      await page.goto(`${forum.url}/admin/groups`);
      await page.getByTestId('admin-groups').waitFor();
      await page.locator('input[name="groupName"]').fill('置顶员');
      await page.getByTestId('group-create').click();
      const editor = page.getByTestId('permission-editor');
      await editor.waitFor();
      for (const p of ['viewThreads', 'thread.viewPosts']) {
        await editor.getByRole('button', { name: '查看' }).click();
        await editor.locator(`input[name="${p}"]`).check();
      }
      await editor.getByRole('button', { name: '内容发布' }).click();
      await editor.locator('input[name="createThread"]').check();
      await editor.getByRole('button', { name: '管理' }).click();
      await editor.locator('input[name="thread.sticky"]').check();
      // Per category too: essence in the default category only.
      await editor.locator('input[name="category1.thread.essence"]').check();
      await shot(page, 'admin-groups', 'pc');
      await page.getByTestId('permissions-save').click();
      await editor.waitFor({ state: 'detached' });
      const row = page.getByTestId('group-row').filter({ hasText: '置顶员' });
      const groupId = Number(await row.getAttribute('data-id'));
      const saved = await api<{ permissions: string[] }>(
        context,
        forum.url,
        'GET',
        `/api/group.resource.v2?id=${groupId}&include=permission`,
      );
      expect(saved.Data.permissions).toEqual(
        expect.arrayContaining(['thread.sticky', 'category1.thread.essence']),
      );
      expect(saved.Data.permissions).not.toContain('thread.essence');
      // Paid-group terms: ¥9.90 for 30 days, level 1 (a paid group needs a level from 1 to 5).
      await row.getByTestId('group-edit').click();
      const form = page.getByTestId('group-editor');
      await form.locator('input[name="isPaid"]').check();
      await form.locator('input[name="fee"]').fill('9.9');
      await form.locator('input[name="days"]').fill('30');
      await form.locator('input[name="level"]').fill('1');
      await form.getByTestId('group-save').click();
      await row.filter({ hasText: '¥9.90 / 30' }).waitFor();

      const member = await openContext(browser, 'pc');
      const reg = await api<{ userId: number }>(
        member.context,
        forum.url,
        'POST',
        '/api/v3/users/username.register',
        {
          username: `pinner${Date.now() % 100000}`,
          password: 'secret123',
        },
      );
      const created = await api<{ threadId: number }>(
        member.context,
        forum.url,
        'POST',
        '/api/v3/thread.create',
        {
          categoryId: 1,
          title: '要置顶的帖子',
          content: { text: '<p>正文</p>' },
        },
      );
      expect(created.Code).toBe(0);
      const pin = () =>
        api(member.context, forum.url, 'POST', '/api/v3/threads/operate', {
          threadId: created.Data.threadId,
          isSticky: true,
        });
      expect((await pin()).Code).toBe(-4002);
      await forum.moveUser(reg.Data.userId, groupId);
      expect((await pin()).Code).toBe(0);
      expect(errors).toEqual([]);
      await member.context.close();
      await context.close();
    });

    it('pc: bulk stop words send a new thread to review; passed from the queue, its author is notified', async () => {
      const { page, context, errors } = await adminPage();
      await page.goto(`${forum.url}/admin/stop-words`);
      await page.locator('textarea[name="words"]').fill('审核词={MOD}\n屏蔽词={BANNED}');
      await page.getByTestId('stop-words-import').click();
      await page.getByTestId('stop-word-row').filter({ hasText: '审核词' }).waitFor();
      const member = await openContext(browser, 'pc');
      await api(member.context, forum.url, 'POST', '/api/v3/users/username.register', {
        username: `writer${Date.now() % 100000}`,
        password: 'secret123',
      });
      const held = await api<{ threadId: number; isApproved: number }>(
        member.context,
        forum.url,
        'POST',
        '/api/v3/thread.create',
        {
          categoryId: 1,
          title: '一个帖子',
          content: { text: '<p>这里有审核词</p>' },
        },
      );
      expect(held.Data.isApproved).toBe(0);
      // Passed from the queue: the author hears of it.
      await page.goto(`${forum.url}/admin/review`);
      const item = page.locator(`[data-testid="review-item"][data-id="${held.Data.threadId}"]`);
      await item.waitFor();
      expect(await item.locator('mark').first().innerText()).toBe('审核词');
      await shot(page, 'admin-review', 'pc');
      await item.getByTestId('review-pass').click();
      await item.waitFor({ state: 'detached' });
      const told = await api<{ pageData: Array<{ event: string; threadId: number }> }>(
        member.context,
        forum.url,
        'GET',
        '/api/v3/notification?filter[type]=system',
      );
      expect(told.Data.pageData[0]).toMatchObject({
        event: 'content.approved',
        threadId: held.Data.threadId,
      });
      expect(errors).toEqual([]);
      await member.context.close();
      await context.close();
    });

    it('pc: a required sign-in field sends a new user to fill it before posting', async () => {
      const { page, context, errors } = await adminPage();
      await page.goto(`${forum.url}/admin/signin-fields`);
      await page.locator('input[name="fieldName"]').fill('职业');
      await page.locator('input[name="fieldRequired"]').check();
      await page.getByTestId('field-create').click();
      await page.getByTestId('field-row').filter({ hasText: '职业' }).waitFor();
      await page.goto(`${forum.url}/admin/register`);
      await page.locator('input[name="open_ext_fields"]').check();
      await page.getByTestId('settings-save').click();
      await toast(page, '已保存').waitFor();

      const user = await openContext(browser, 'pc');
      await user.page.goto(`${forum.url}/user/register`);
      await hydrated(user.page);
      await user.page.locator('input[name="username"]').fill(`field${Date.now() % 100000}`);
      await user.page.locator('input[name="password"]').fill('secret123');
      const confirm = user.page.locator('input[name="confirm"]');
      if (await confirm.count()) await confirm.fill('secret123');
      await user.page.getByTestId('register-form').locator('button[type="submit"]').click();
      await user.page.waitForURL(/\/user\/supplementary/);
      await user.page.getByTestId('supplementary-form').waitFor();
      await shot(user.page, 'supplementary', 'pc');
      await user.page.locator('input[name^="field-"]').first().fill('工程师');
      await user.page.getByTestId('supplementary-submit').click();
      await user.page.waitForURL((u) => !u.pathname.startsWith('/user/supplementary'));
      const post = await api(user.context, forum.url, 'POST', '/api/v3/thread.create', {
        categoryId: 1,
        title: '填完才能发',
        content: { text: '<p>ok</p>' },
      });
      expect(post.Code).toBe(0);
      expect(errors).toEqual([]);
      expect(user.errors).toEqual([]);
      await user.context.close();
      await context.close();
    });

    it('pc: users: the admin bans a member with a reason (their next call is refused) and approves a pending one', async () => {
      const { page, context, errors } = await adminPage();
      // An earlier test asks new accounts for sign-in fields: not here.
      await forum.setSettings({ open_ext_fields: '0' });
      const member = await openContext(browser, 'pc');
      const name = `banme${Date.now() % 100000}`;
      await api(member.context, forum.url, 'POST', '/api/v3/users/username.register', {
        username: name,
        password: 'secret123',
      });
      await forum.setSettings({ register_validate: '1' });
      const waiting = await openContext(browser, 'pc');
      const wname = `wait${Date.now() % 100000}`;
      await api(waiting.context, forum.url, 'POST', '/api/v3/users/username.register', {
        username: wname,
        password: 'secret123',
      });
      await forum.setSettings({ register_validate: '0' });

      await page.goto(`${forum.url}/admin/users`);
      await page.locator('input[name="username"]').fill(name);
      await page.getByTestId('users-search').click();
      const row = page.getByTestId('user-row').filter({ hasText: name });
      await row.waitFor();
      page.once('dialog', (d) => void d.accept('发广告'));
      await row.getByTestId('user-ban').click();
      await row.filter({ hasText: '发广告' }).waitFor();
      expect((await api(member.context, forum.url, 'GET', '/api/v3/thread.list')).Code).toBe(-4009);

      await page.locator('input[name="username"]').fill(wname);
      await page.getByTestId('users-search').click();
      const wrow = page.getByTestId('user-row').filter({ hasText: wname });
      await wrow.getByTestId('user-approve').click();
      await wrow.getByTestId('user-ban').waitFor();
      expect((await api(waiting.context, forum.url, 'GET', '/api/v3/thread.list')).Code).toBe(0);
      await shot(page, 'admin-users', 'pc');
      expect(errors).toEqual([]);
      await member.context.close();
      await waiting.context.close();
      await context.close();
    });

    it('pc: categories: the admin adds a category and a child, renames it; the public home lists it', async () => {
      const { page, context, errors } = await adminPage();
      await page.goto(`${forum.url}/admin/categories`);
      await page.locator('input[name="categoryName"]').fill('园艺');
      await page.getByTestId('category-create').click();
      const row = page.getByTestId('category-row').filter({ has: page.locator('input[value="园艺"]') });
      await row.waitFor();
      const id = await row.getAttribute('data-category-id');
      await page.locator('input[name="categoryName"]').fill('多肉');
      await page.locator('select[name="parentid"]').selectOption(id!);
      await page.getByTestId('category-create').click();
      await page
        .getByTestId('category-row')
        .filter({ has: page.locator('input[value="多肉"]') })
        .waitFor();
      // The row by its id from here on: its name input is about to change.
      const byId = page.locator(`[data-testid="category-row"][data-category-id="${id}"]`);
      await byId.locator('input').first().fill('园艺花草');
      await byId.getByRole('button', { name: '保存' }).click();
      await toast(page, '已保存').waitFor();
      await shot(page, 'admin-categories', 'pc');
      await page.goto(forum.url + '/');
      await hydrated(page);
      await page.locator(`[data-category-id="${id}"]`).filter({ hasText: '园艺花草' }).first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('h5: every admin page is readable at 375 px (nothing overflows the page)', async () => {
      const opened = await openContext(browser, 'h5');
      await loginAs(opened.page, forum.url, 'admin', 'admin-pass-123');
      for (const path of [
        '',
        'site',
        'register',
        'functions',
        'attachments',
        'users',
        'groups',
        'categories',
        'content',
        'review',
        'topics',
        'reports',
        'stop-words',
        'signin-fields',
        'templates',
        'plugins',
        'log',
        'finance',
        'funds',
        'orders',
        'withdrawals',
      ]) {
        await opened.page.goto(`${forum.url}/admin/${path}`);
        await opened.page.getByTestId('admin').waitFor();
        await opened.page.locator('.admin__main h1').waitFor();
        const width = await opened.page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(375);
        if (['', 'groups', 'content', 'reports', 'funds', 'orders', 'withdrawals'].includes(path))
          await shot(opened.page, `admin-${path || 'dashboard'}`, 'h5');
      }
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    });

    it('a member opening /admin is refused, and public pages never load the admin bundle', async () => {
      const member = await openContext(browser, 'pc');
      await api(member.context, forum.url, 'POST', '/api/v3/users/username.register', {
        username: `nosy${Date.now() % 100000}`,
        password: 'secret123',
      });
      await member.page.goto(`${forum.url}/admin`);
      await member.page.getByTestId('admin-denied').waitFor();
      const res = await api(member.context, forum.url, 'GET', '/api/backAdmin/settings');
      expect(res.Code).toBe(-4002);
      const scripts: string[] = [];
      member.page.on('request', (r) => scripts.push(r.url()));
      await member.page.goto(forum.url + '/');
      await hydrated(member.page);
      expect(scripts.filter((u) => u.includes('/admin/'))).toEqual([]);
      await member.context.close();
    });
  },
);
