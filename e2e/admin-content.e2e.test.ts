import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openAdmin, toastSaying } from './support/admin.ts';
import { api, TINY_PNG } from './support/forum-api.ts';
import { openMember } from './support/members.ts';

// Issue 10 §2, §5, §6 in the browser: content management with batch actions, the recycle bin's purge,
// topics, reports, function and attachment settings, and category moderators and deletion.

let forum: RunningForum;
let browser: Browser;

const adminPage = () => openAdmin(browser, forum.url);
const toast = toastSaying;

describe.skipIf(noChromiumReason !== null)(
  `admin content${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
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

    it('pc: latest threads filtered; selected ones pinned, recommended, moved, deleted with a reason, purged', async () => {
      const author = await openMember(browser, forum.url, 'pc', '内容作者');
      const made: number[] = [];
      for (const title of ['后台批量一号', '后台批量二号', '后台批量三号']) {
        const r = await api<{ threadId: number }>(
          author.context,
          forum.url,
          'POST',
          '/api/v3/thread.create',
          {
            categoryId: 1,
            title,
            content: { text: `<p>${title}的正文</p>` },
          },
        );
        expect(r.Code, r.Message).toBe(0);
        made.push(r.Data.threadId);
      }
      const { page, context, errors } = await adminPage();
      const created = await api<Array<{ pid: number; name: string }>>(
        context,
        forum.url,
        'POST',
        '/api/backAdmin/categories.create',
        { data: [{ name: '批量去处' }] },
      );
      const target = created.Data.find((c) => c.name === '批量去处')!.pid;

      await page.goto(`${forum.url}/admin/content`);
      await page.getByTestId('admin-content').waitFor();
      await page.getByTestId('content-row').first().waitFor();
      await page.getByLabel('关键词').fill('后台批量');
      await page.getByTestId('content-search').click();
      await expect.poll(() => page.getByTestId('content-row').count()).toBe(3);

      const row = (id: number) => page.locator(`[data-testid="content-row"][data-id="${id}"]`);
      await row(made[0]!).getByTestId('row-select').check();
      await row(made[1]!).getByTestId('row-select').check();
      await page.getByTestId('content-batch').waitFor();
      await page.getByTestId('batch-pin').click();
      await toast(page, '已保存').waitFor();
      await row(made[0]!).locator('.admin-mark--sticky').waitFor();
      await row(made[0]!).getByTestId('row-select').check();
      await page.getByTestId('batch-recommend').click();
      await row(made[0]!).locator('.admin-mark--site').waitFor();

      await row(made[1]!).getByTestId('row-select').check();
      await shot(page, 'admin-content', 'pc');
      await page.getByTestId('content-batch').locator('select[name="moveTo"]').selectOption(String(target));
      await page.getByTestId('batch-move').click();
      await expect.poll(() => row(made[1]!).textContent()).toContain('批量去处');

      // The public home shows the pinned thread at once.
      const home = await openContext(browser, 'pc');
      await home.page.goto(forum.url + '/');
      await hydrated(home.page);
      await home.page.getByText('后台批量一号').first().waitFor();
      await home.context.close();

      await row(made[2]!).getByTestId('row-select').check();
      await page.getByTestId('content-batch').locator('input[name="reason"]').fill('重复发帖');
      await page.getByTestId('batch-delete').click();
      await row(made[2]!).waitFor({ state: 'detached' });
      const told = await api<{ pageData: Array<{ event: string; content: string }> }>(
        author.context,
        forum.url,
        'GET',
        '/api/v3/notification?filter[type]=system',
      );
      expect(told.Data.pageData[0]).toMatchObject({ event: 'content.deleted' });
      expect(told.Data.pageData[0]!.content).toContain('重复发帖');

      // The recycle bin: purge for good.
      await page.goto(`${forum.url}/admin/review`);
      await page.getByTestId('admin-review').waitFor();
      await page.getByRole('button', { name: '回收站' }).click();
      const binned = page.locator(`[data-testid="review-item"][data-id="${made[2]}"]`);
      await binned.waitFor();
      page.once('dialog', (d) => void d.accept());
      await binned.getByTestId('review-purge').click();
      await binned.waitFor({ state: 'detached' });
      const gone = await api(context, forum.url, 'GET', `/api/v3/thread.detail?threadId=${made[2]}`);
      expect(gone.Code).toBe(-4004);

      // Replies tab lists the latest replies.
      await api(author.context, forum.url, 'POST', '/api/v3/posts.create', {
        id: made[0],
        content: '最新的一条回复',
      });
      await page.goto(`${forum.url}/admin/content`);
      await page.getByRole('button', { name: '最新回复' }).click();
      await page.getByTestId('content-row').filter({ hasText: '最新的一条回复' }).waitFor();
      expect(errors).toEqual([]);
      await author.context.close();
      await context.close();
    });

    it('pc: topics are recommended and reports handled from their pages', async () => {
      const member = await openMember(browser, forum.url, 'pc', '举报人');
      const th = await api<{ threadId: number }>(member.context, forum.url, 'POST', '/api/v3/thread.create', {
        categoryId: 1,
        title: '带话题的帖子',
        content: { text: '<p>#后台推荐话题# 你好</p>' },
      });
      expect(th.Code, th.Message).toBe(0);
      const rep = await api(member.context, forum.url, 'POST', '/api/v3/reports', {
        type: 1,
        threadId: th.Data.threadId,
        reason: '疑似广告',
      });
      expect(rep.Code, rep.Message).toBe(0);
      const { page, context, errors } = await adminPage();

      await page.goto(`${forum.url}/admin/topics`);
      await page.getByTestId('admin-topics').waitFor();
      const topic = page.getByTestId('topic-row').filter({ hasText: '后台推荐话题' });
      await topic.getByTestId('row-select').check();
      await page.getByTestId('topics-recommend').click();
      await topic.filter({ hasText: '是' }).waitFor();
      await shot(page, 'admin-topics', 'pc');
      const recommended = await api<{ pageData: Array<{ content: string }> }>(
        context,
        forum.url,
        'GET',
        '/api/v3/topics.list?filter[recommended]=1',
      );
      expect(recommended.Data.pageData.map((t) => t.content)).toContain('后台推荐话题');

      await page.goto(`${forum.url}/admin/reports`);
      await page.getByTestId('admin-reports').waitFor();
      const report = page.getByTestId('report-row').filter({ hasText: '疑似广告' });
      await report.waitFor();
      expect(await report.textContent()).toContain('带话题的帖子');
      await shot(page, 'admin-reports', 'pc');
      await report.getByTestId('row-select').check();
      await page.getByTestId('reports-handle').click();
      await report.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '已处理' }).click();
      await page.getByTestId('report-row').filter({ hasText: '疑似广告' }).waitFor();
      expect(errors).toEqual([]);
      await member.context.close();
      await context.close();
    });

    it('pc: function and attachment settings check values inline and take effect', async () => {
      const { page, context, errors } = await adminPage();
      await page.goto(`${forum.url}/admin/attachments`);
      await page.getByTestId('admin-attachments').waitFor();
      await page.locator('input[name="support_img_ext"]').fill('PNG;JPG');
      await page.getByTestId('settings-save').click();
      // The contracts' rule answers before anything is sent.
      await page.getByTestId('error-support_img_ext').waitFor();
      await page.locator('input[name="support_img_ext"]').fill('png,jpg,webp');
      await page.locator('input[name="support_max_size"]').fill('8');
      await page.getByTestId('settings-save').click();
      await toast(page, '已保存').waitFor();
      await shot(page, 'admin-attachments', 'pc');
      const size = await api<{ value: string }>(
        context,
        forum.url,
        'GET',
        '/api/settings.v2?key=support_max_size&tag=default',
      );
      expect(size.Data.value).toBe('8');

      await page.goto(`${forum.url}/admin/functions`);
      await page.getByTestId('admin-functions').waitFor();
      await page.locator('input[name="site_create_thread3"]').uncheck();
      await page.getByTestId('settings-save').click();
      await toast(page, '已保存').waitFor();
      await shot(page, 'admin-functions', 'pc');
      const member = await openMember(browser, forum.url, 'pc', '发帖人');
      const perms = await api<Record<string, boolean>>(
        member.context,
        forum.url,
        'GET',
        '/api/v3/tom.permissions',
      );
      expect(perms.Data['101']).toBe(false);
      await member.context.close();
      await page.locator('input[name="site_create_thread3"]').check();
      await page.getByTestId('settings-save').click();
      await toast(page, '已保存').waitFor();

      // Agreements sit on the registration page and show on the public agreement page.
      await page.goto(`${forum.url}/admin/register`);
      await page.getByTestId('admin-register').waitFor();
      await page.locator('textarea[name="register_content"]').fill('欢迎加入，请文明发言。');
      await page.getByTestId('settings-save').click();
      await toast(page, '已保存').waitFor();
      const guest = await openContext(browser, 'pc');
      await guest.page.goto(`${forum.url}/user/agreement?type=register`);
      await guest.page.getByText('欢迎加入，请文明发言。').waitFor();
      await guest.context.close();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('pc: a category gets a moderator, and deleting it moves its threads', async () => {
      const mod = await openMember(browser, forum.url, 'pc', '分类版主');
      const { page, context, errors } = await adminPage();
      const made = await api<Array<{ pid: number; name: string }>>(
        context,
        forum.url,
        'POST',
        '/api/backAdmin/categories.create',
        { data: [{ name: '要删的分类' }] },
      );
      const doomed = made.Data.find((c) => c.name === '要删的分类')!.pid;
      const th = await api<{ threadId: number }>(mod.context, forum.url, 'POST', '/api/v3/thread.create', {
        categoryId: doomed,
        title: '分类里的帖子',
        content: { text: '<p>内容</p>' },
      });
      expect(th.Code, th.Message).toBe(0);

      await page.goto(`${forum.url}/admin/categories`);
      const row = page.locator(`[data-testid="category-row"][data-category-id="${doomed}"]`);
      await row.getByTestId('category-edit').click();
      const editor = page.getByTestId('category-editor');
      await editor.locator('input[name="moderators"]').fill(mod.username);
      await editor.locator('textarea[name="description"]').fill('版主管理的分类');
      await editor.getByTestId('category-save').click();
      await toast(page, '已保存').waitFor();
      const tree = await api<Array<{ pid: number; moderators: number[]; description: string }>>(
        context,
        forum.url,
        'GET',
        '/api/v3/categories',
      );
      expect(tree.Data.find((c) => c.pid === doomed)).toMatchObject({
        moderators: [mod.userId],
        description: '版主管理的分类',
      });
      // The moderator may now mark essence in that category.
      const essence = await api(mod.context, forum.url, 'POST', '/api/v3/threads/operate', {
        threadId: th.Data.threadId,
        isEssence: true,
      });
      expect(essence.Code, essence.Message).toBe(0);

      await row.getByTestId('category-edit').click();
      await shot(page, 'admin-categories', 'pc');
      await editor.locator('select[name="moveTo"]').selectOption('1');
      page.once('dialog', (d) => void d.accept());
      await editor.getByTestId('category-delete').click();
      await row.waitFor({ state: 'detached' });
      const moved = await api<{ categoryId: number }>(
        context,
        forum.url,
        'GET',
        `/api/v3/thread.detail?threadId=${th.Data.threadId}`,
      );
      expect(moved.Data.categoryId).toBe(1);
      expect(errors).toEqual([]);
      await mod.context.close();
      await context.close();
    });

    it('pc: the header logo and background dress the phone home banner; removing the logo takes it away', async () => {
      const { page, errors, context } = await adminPage();
      await page.goto(`${forum.url}/admin/site`);
      await page.getByTestId('admin-site').waitFor();
      for (const key of ['header_logo', 'background_image']) {
        await page
          .getByTestId(`upload-${key}`)
          .setInputFiles({ name: `${key}.png`, mimeType: 'image/png', buffer: TINY_PNG });
        await page.getByTestId(`remove-${key}`).waitFor();
      }
      await page.getByTestId('settings-save').click();
      await toast(page, '已保存').waitFor();
      const phone = await openContext(browser, 'h5');
      await phone.page.goto(forum.url + '/');
      await hydrated(phone.page);
      const banner = phone.page.locator('.home-banner');
      expect(await banner.locator('img.home-banner__logo').getAttribute('src')).toMatch(
        /site-files\/header_logo-/,
      );
      expect(await banner.getAttribute('style')).toMatch(/background_image-/);
      await shot(phone.page, 'home-banner-pictures', 'h5');

      await page.getByTestId('remove-header_logo').click();
      await page.getByTestId('remove-header_logo').waitFor({ state: 'detached' });
      const stored = await api<{ value: string }>(
        context,
        forum.url,
        'GET',
        '/api/settings.v2?key=header_logo&tag=default',
      );
      expect(stored.Data.value).toBe('');
      await phone.page.reload();
      await hydrated(phone.page);
      expect(await phone.page.locator('.home-banner img.home-banner__logo').count()).toBe(0);
      await phone.context.close();
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
