import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, TINY_PNG } from './support/forum-api.ts';
import { openAdmin } from './support/admin.ts';

// Issue 10 §3 and §8: a new account answers an image field on /user/supplementary (both widths), waits for
// review, and the administrator reads the answers beside the decision and approves.

let forum: RunningForum;
let browser: Browser;
let photoField = 0;

describe.skipIf(noChromiumReason !== null)(
  `sign-in answers under review${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      browser = await launch();
      const admin = await openAdmin(browser, forum.url);
      const f = await api<{ id: number }>(
        admin.context,
        forum.url,
        'POST',
        '/api/admin/signinfields.create.v2',
        {
          name: '证件照',
          type: 4,
          sort: 1,
          required: true,
        },
      );
      photoField = f.Data.id;
      await api(admin.context, forum.url, 'POST', '/api/admin/signinfields.update.v2', {
        id: photoField,
        status: 1,
      });
      await admin.context.close();
      await forum.setSettings({ open_ext_fields: '1', register_validate: '1' });
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a new account uploads its photo answer, waits for review, and is approved from its answers`, async () => {
        const user = await openContext(browser, kind);
        const username = `photo${kind}${Date.now() % 100000}`;
        await user.page.goto(`${forum.url}/user/register`);
        await hydrated(user.page);
        await user.page.locator('input[name="username"]').fill(username);
        await user.page.locator('input[name="password"]').fill('secret123');
        const confirm = user.page.locator('input[name="confirm"]');
        if (await confirm.count()) await confirm.fill('secret123');
        await user.page.getByTestId('register-form').locator('button[type="submit"]').click();
        await user.page.waitForURL(/\/user\/supplementary/);
        await user.page
          .getByTestId(`upload-field-${photoField}`)
          .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
        await user.page.getByTestId('upload-done').waitFor();
        await shot(user.page, 'supplementary-upload', kind);
        await user.page.getByTestId('supplementary-submit').click();
        await user.page.waitForURL(/\/user\/status/);

        const admin = await openAdmin(browser, forum.url);
        await admin.page.goto(`${forum.url}/admin/users`);
        await admin.page.locator('input[name="username"]').fill(username);
        await admin.page.getByTestId('users-search').click();
        const row = admin.page.getByTestId('user-row').filter({ hasText: username });
        await row.getByTestId('user-answers-open').click();
        const panel = admin.page.getByTestId('user-answers');
        const img = panel.locator('img.admin-answer__image');
        await img.waitFor();
        // The picture really loads for the reviewer.
        await expect
          .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
        if (kind === 'pc') await shot(admin.page, 'admin-user-answers', 'pc');
        await panel.getByTestId('answers-approve').click();
        await panel.waitFor({ state: 'detached' });
        const me = await api<{ status: number }>(user.context, forum.url, 'GET', '/api/v3/user');
        expect(me.Code, me.Message).toBe(0);
        expect(me.Data.status).toBe(0);
        expect(user.errors).toEqual([]);
        expect(admin.errors).toEqual([]);
        await admin.context.close();
        await user.context.close();
      });
    }
  },
);
