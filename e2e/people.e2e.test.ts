import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';
import { api, TINY_PNG } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;
/** A logged-in member at one width. */
const member = (kind: 'pc' | 'h5', nickname: string) => openMember(browser, forum.url, kind, nickname);

async function threadBy(m: { context: Parameters<typeof api>[0] }, title: string): Promise<number> {
  const r = await api<{ threadId: number }>(m.context, forum.url, 'POST', '/api/v3/thread.create', {
    categoryId: 1,
    title,
    content: { text: `<p>${title} 的正文</p>` },
  });
  expect(r.Code).toBe(0);
  return r.Data.threadId;
}

const toast = (page: Page, text: string) => page.locator('.ui-toast').filter({ hasText: text });

describe.skipIf(noChromiumReason !== null)(
  `people: hover cards, profiles, personal centre${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
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

    it('pc: follow and unfollow from the hover card (counts move by one, mutual shows), block and unblock with toasts', async () => {
      const author = await member('pc', '卡片作者');
      const fan = await member('pc', '卡片粉丝');
      const threadId = await threadBy(author, '悬停卡片测试');
      await fan.page.goto(`${forum.url}/thread/${threadId}`);
      await hydrated(fan.page);
      const hover = fan.page.locator(`[data-testid="user-hover"][data-user-id="${author.userId}"]`).first();
      await hover.hover();
      const card = fan.page.getByTestId('user-card-pop');
      await card.waitFor();
      expect(await card.getByTestId('user-card-signature').innerText()).toBe('这个人很懒，什么也没留下~');
      const fans = Number(await card.getByTestId('user-card-fans').innerText());
      await card.getByTestId('card-follow').click();
      await card.locator('[data-testid="card-follow"][data-state="1"]').waitFor();
      expect(Number(await card.getByTestId('user-card-fans').innerText())).toBe(fans + 1);
      await shot(fan.page, 'hover-card', 'pc');

      // The author follows back: the fan's card now says mutual.
      expect(
        (await api(author.context, forum.url, 'POST', '/api/v3/follow.create', { toUserId: fan.userId }))
          .Code,
      ).toBe(0);
      await fan.page.mouse.move(5, 5);
      await card.waitFor({ state: 'detached' });
      await hover.hover();
      await fan.page.locator('[data-testid="card-follow"][data-state="2"]').waitFor();
      expect(await fan.page.getByTestId('card-follow').innerText()).toBe('互相关注');
      await fan.page.getByTestId('card-follow').click();
      await fan.page.locator('[data-testid="card-follow"][data-state="0"]').waitFor();
      expect(Number(await fan.page.getByTestId('user-card-fans').innerText())).toBe(fans);

      await fan.page.getByTestId('card-block').click();
      await toast(fan.page, '屏蔽成功').waitFor();
      await fan.page.getByTestId('card-block').filter({ hasText: '解除屏蔽' }).waitFor();
      await fan.page.getByTestId('card-block').click();
      await toast(fan.page, '解除屏蔽成功').waitFor();
      expect(fan.errors).toEqual([]);
      await author.context.close();
      await fan.context.close();
    });

    it('pc: a guest pressing follow on a card is sent to login and comes back', async () => {
      const author = await member('pc', '访客看的作者');
      const threadId = await threadBy(author, '访客卡片');
      const guest = await openContext(browser, 'pc');
      await guest.page.goto(`${forum.url}/thread/${threadId}`);
      await hydrated(guest.page);
      await guest.page.locator(`[data-testid="user-hover"][data-user-id="${author.userId}"]`).first().hover();
      await guest.page.getByTestId('card-follow').click();
      await guest.page.waitForURL(/\/user\/login/);
      // An account made elsewhere; logging in on the page the guest was sent to brings them back.
      const username = `back${Date.now() % 100000}`;
      const other = await openContext(browser, 'pc');
      const reg = await api(other.context, forum.url, 'POST', '/api/v3/users/username.register', {
        username,
        password: 'secret123',
      });
      expect(reg.Code).toBe(0);
      await other.context.close();
      await hydrated(guest.page);
      await guest.page.locator('input[name="username"]').fill(username);
      await guest.page.locator('input[name="password"]').fill('secret123');
      await guest.page.getByTestId('login-form').locator('button[type="submit"]').click();
      await guest.page.waitForURL(new RegExp(`/thread/${threadId}$`));
      await author.context.close();
      await guest.context.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a guest reads a public profile with its threads; a site with private profiles sends guests to login`, async () => {
        const owner = await member(kind, `公开主页${kind}`);
        await threadBy(owner, `${kind} 公开主页的帖子`);
        const guest = await openContext(browser, kind);
        await guest.page.goto(`${forum.url}/user/${owner.userId}`);
        await hydrated(guest.page);
        await guest.page.getByTestId('profile').waitFor();
        expect(await guest.page.getByTestId('profile-name').innerText()).toContain(`公开主页${kind}`);
        await guest.page.getByTestId('thread-card').first().waitFor();
        await shot(guest.page, 'profile-guest', kind);
        // Following from a public profile still asks the guest to log in.
        await guest.page.getByTestId('profile-follow').click();
        await guest.page.waitForURL(/\/user\/login/);
        await forum.setSettings({ user_profile_public: '0' });
        try {
          await guest.page.goto(`${forum.url}/user/${owner.userId}`);
          await guest.page.waitForURL(/\/user\/login/);
        } finally {
          await forum.setSettings({ user_profile_public: '1' });
        }
        expect(guest.errors).toEqual([]);
        await owner.context.close();
        await guest.context.close();
      });

      it(`${kind}: /user/<id> shows the profile with its tabs; follow from the header; mutual shows`, async () => {
        const owner = await member(kind, `主页主人${kind}`);
        const visitor = await member(kind, `访客${kind}`);
        await threadBy(owner, `${kind} 主页的帖子`);
        await visitor.page.goto(`${forum.url}/user/${owner.userId}`);
        await hydrated(visitor.page);
        await visitor.page.getByTestId('profile').waitFor();
        expect(await visitor.page.getByTestId('profile-name').innerText()).toContain(`主页主人${kind}`);
        await visitor.page.getByTestId('thread-card').first().waitFor();
        await visitor.page.getByTestId('profile-follow').click();
        await visitor.page.locator('[data-testid="profile-follow"][data-state="1"]').waitFor();
        expect(await visitor.page.getByTestId('profile-count-fans').innerText()).toBe('1');
        await api(owner.context, forum.url, 'POST', '/api/v3/follow.create', { toUserId: visitor.userId });
        await visitor.page.reload();
        await visitor.page.locator('[data-testid="profile-follow"][data-state="2"]').waitFor();
        await visitor.page.getByTestId('profile-tab-fans').click();
        await visitor.page.locator(`[data-testid="people-row"][data-user-id="${visitor.userId}"]`).waitFor();
        await shot(visitor.page, 'profile', kind);
        await visitor.page.getByTestId('profile-block').click();
        await toast(visitor.page, '屏蔽成功').waitFor();
        await visitor.page.locator('[data-testid="profile-follow"][data-state="0"]').waitFor();
        expect(visitor.errors).toEqual([]);
        await owner.context.close();
        await visitor.context.close();
      });

      it(`${kind}: /my lists my threads, blocks with unblock, and settings change nickname, signature and avatar`, async () => {
        const me = await member(kind, `我自己${kind}`);
        const other = await member(kind, `被屏蔽${kind}`);
        await threadBy(me, `${kind} 我的帖子`);
        await api(me.context, forum.url, 'POST', '/api/v3/users/deny.create', { id: other.userId });
        await me.page.goto(`${forum.url}/my`);
        await hydrated(me.page);
        await me.page.getByTestId('hello').waitFor();
        await me.page.getByTestId('my-threads').getByTestId('thread-card').first().waitFor();
        await shot(me.page, 'my', kind);
        await me.page.goto(`${forum.url}/my/block`);
        await hydrated(me.page);
        await me.page.getByTestId('my-unblock').click();
        await toast(me.page, '解除屏蔽成功').waitFor();
        // My own profile leads to the settings.
        await me.page.goto(`${forum.url}/user/${me.userId}`);
        await hydrated(me.page);
        await me.page.locator('a[href="/my/edit"]').click();
        await me.page.getByTestId('my-settings').waitFor();
        await me.page.locator('input[name="nickname"]').fill(`新名字${kind}`);
        await me.page.locator('textarea[name="signature"]').fill('每天都在学习');
        await me.page.getByTestId('profile-save').click();
        await toast(me.page, '已保存').waitFor();
        await me.page
          .getByTestId('avatar-input')
          .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
        await me.page.getByTestId('avatar-cropper').waitFor();
        await shot(me.page, 'my-settings', kind);
        await me.page.getByTestId('avatar-save').click();
        await me.page.getByTestId('avatar-cropper').waitFor({ state: 'detached' });
        const user = await api<{ nickname: string; signature: string; avatarUrl: string }>(
          me.context,
          forum.url,
          'GET',
          '/api/v3/user',
        );
        expect(user.Data).toMatchObject({ nickname: `新名字${kind}`, signature: '每天都在学习' });
        expect(user.Data.avatarUrl).toMatch(/\/api\/v3\/users\/avatar\//);
        expect(me.errors).toEqual([]);
        await me.context.close();
        await other.context.close();
      });
    }
  },
);
