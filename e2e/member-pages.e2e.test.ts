import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot, withoutInlineOverlay } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api } from './support/forum-api.ts';

// Members' pages are rendered once per group and shared; each person's marks and abilities arrive as the
// viewer overlay, which the server puts at the end of the member's copy (a page without it asks for it). Two
// members of different groups, a moderator and a guest read the same pages here: each must see only their
// own marks and abilities, and nothing personal may show before the overlay.
let forum: RunningForum;
let browser: Browser;
type Who = { name: string; userId: number };
const people: Record<'alice' | 'bob' | 'mod', Who> = {
  alice: { name: 'alice_m', userId: 0 },
  bob: { name: 'bob_m', userId: 0 },
  mod: { name: 'mod_m', userId: 0 },
};
let threadId = 0;
let bobReply = 0;

async function signIn(kind: 'pc' | 'h5', who: Who | null) {
  const opened = await openContext(browser, kind);
  if (who) {
    const r = await api<{ userId: number }>(
      opened.context,
      forum.url,
      'POST',
      '/api/v3/users/username.login',
      {
        username: who.name,
        password: 'secret123',
      },
    );
    expect(r.Code).toBe(0);
    // The storage-consistency rule (spec §4) wants the uid marker in local storage too, as the login page sets it.
    await opened.context.addInitScript(
      (uid) => localStorage.setItem('forum_uid', String(uid)),
      r.Data.userId,
    );
  }
  return opened;
}

async function ready(page: Page) {
  await hydrated(page);
  await page.waitForFunction(() => document.documentElement.dataset.viewer !== 'pending');
}

const likeText = (page: Page) => page.getByTestId('like').innerText();

describe.skipIf(noChromiumReason !== null)(
  `member pages: shared render plus viewer overlay${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: '测试论坛', thread_post_interval: '0' });
      browser = await launch();
      const { context } = await openContext(browser, 'pc');
      for (const who of Object.values(people)) {
        const r = await api<{ userId: number }>(
          context,
          forum.url,
          'POST',
          '/api/v3/users/username.register',
          {
            username: who.name,
            password: 'secret123',
          },
        );
        expect(r.Code).toBe(0);
        who.userId = r.Data.userId;
      }
      await forum.groupOf(people.bob.userId, 20);
      await forum.groupOf(people.mod.userId, 21, [
        'thread.edit',
        'thread.hide',
        'thread.hidePosts',
        'thread.essence',
      ]);
      await context.close();

      const alice = await signIn('pc', people.alice);
      const t = await api<{ threadId: number; postId: number }>(
        alice.context,
        forum.url,
        'POST',
        '/api/v3/thread.create',
        {
          categoryId: 1,
          title: '共享页面测试',
          content: { text: '<p>大家好，这是共享渲染的帖子。</p>' },
        },
      );
      expect(t.Code).toBe(0);
      threadId = t.Data.threadId;
      await api(alice.context, forum.url, 'POST', '/api/v3/posts.update', {
        postId: t.Data.postId,
        isLiked: true,
      });
      await api(alice.context, forum.url, 'POST', '/api/v3/threads/operate', { threadId, isFavorite: true });
      await alice.context.close();
      const bob = await signIn('pc', people.bob);
      const r = await api<{ id: number }>(bob.context, forum.url, 'POST', '/api/v3/posts.create', {
        id: threadId,
        content: '<p>鲍勃的回复</p>',
      });
      expect(r.Code).toBe(0);
      bobReply = r.Data.id;
      await bob.context.close();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: the shared page carries nothing personal; each reader sees only their own marks`, async () => {
        const seen: Record<
          string,
          { like: string; favorite: string; edit: boolean; delete: boolean; replyDelete: boolean }
        > = {};
        for (const [key, who] of [['guest', null], ...Object.entries(people)] as Array<
          [string, Who | null]
        >) {
          const { context, page, errors } = await signIn(kind, who);
          // The page a member gets is their group's (no one's like state, name menu or abilities rendered in
          // it), with their own overlay as a data block at its end.
          const raw = await (await context.request.get(`${forum.url}/thread/${threadId}`)).text();
          expect(raw).not.toContain('已赞');
          if (who) {
            expect(raw).toContain('data-viewer="pending"');
            expect(raw).toContain('/api/v3/viewer.overlay?threadIds=');
            expect(raw).toContain(`"username":"${who.name}"`);
            for (const other of Object.values(people).filter((p) => p !== who))
              expect(raw).not.toContain(`"username":"${other.name}"`);
          } else expect(raw).not.toContain('viewer.overlay');
          await page.goto(`${forum.url}/thread/${threadId}`);
          await ready(page);
          const reactions = page.getByTestId('thread-reactions');
          const has = async (id: string) => (await page.getByTestId(id).count()) > 0;
          seen[key] = {
            like: (await has('like')) ? await likeText(page) : '',
            favorite: (await has('favorite')) ? await page.getByTestId('favorite').innerText() : '',
            edit: await has('edit'),
            delete: await has('delete'),
            replyDelete:
              (await page.locator(`[data-post-id="${bobReply}"] [data-testid="post-delete"]`).count()) > 0,
          };
          if (who) {
            expect(await reactions.isVisible()).toBe(true);
            if (kind === 'pc') expect(await page.getByTestId('user-menu').innerText()).toContain(who.name);
          } else if (kind === 'pc') expect(await page.getByTestId('login-button').isVisible()).toBe(true);
          await shot(page, `member-thread-${key}`, kind);
          expect(errors).toEqual([]);
          await context.close();
        }
        expect(seen.guest).toMatchObject({
          like: '',
          favorite: '',
          edit: false,
          delete: false,
          replyDelete: false,
        });
        expect(seen.alice).toMatchObject({ edit: true, replyDelete: false });
        expect(seen.alice!.like).toContain('已赞');
        expect(seen.alice!.favorite).toContain('已收藏');
        expect(seen.bob!.like).not.toContain('已赞');
        expect(seen.bob!.favorite).not.toContain('已收藏');
        expect(seen.bob).toMatchObject({ edit: false, delete: false, replyDelete: true });
        expect(seen.mod!.like).not.toContain('已赞');
        expect(seen.mod).toMatchObject({ edit: true, delete: true, replyDelete: true });
      });

      it(`${kind}: personal parts stay hidden until the overlay arrives, then show the member's own state`, async () => {
        const { context, page, errors } = await signIn(kind, people.alice);
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        // A page that came without its overlay (the server could not make it) asks for it: held here.
        await withoutInlineOverlay(page);
        await page.route('**/api/v3/viewer.overlay*', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${forum.url}/thread/${threadId}`);
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.dataset.viewer)).toBe('pending');
        // Hidden, not wrong: no "赞" where she liked it, no login buttons where her name will be.
        expect(await page.getByTestId('thread-reactions').isVisible()).toBe(false);
        if (kind === 'pc') expect(await page.getByTestId('login-button').count()).toBe(0);
        await shot(page, 'member-thread-pending', kind);
        release();
        await ready(page);
        expect(await page.getByTestId('thread-reactions').isVisible()).toBe(true);
        expect(await likeText(page)).toContain('已赞');
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`${kind}: a member's own reply awaiting review shows to them on reload, to no one else`, async () => {
        const admin = await signIn(kind, null);
        const login = await api(admin.context, forum.url, 'POST', '/api/v3/users/username.login', {
          username: 'admin',
          password: 'admin-pass-123',
        });
        expect(login.Code).toBe(0);
        const set = await api(admin.context, forum.url, 'POST', '/api/backAdmin/stopwords.batch', {
          words: [`待审${kind}={MOD}`],
        });
        expect(set.Code).toBe(0);
        await admin.context.close();
        const { context, page, errors } = await signIn(kind, people.mod);
        const text = `需要待审${kind}的回复`;
        const r = await api(context, forum.url, 'POST', '/api/v3/posts.create', {
          id: threadId,
          content: `<p>${text}</p>`,
        });
        expect(r.Code).toBe(0);
        await page.goto(`${forum.url}/thread/${threadId}`);
        await ready(page);
        await page.getByTestId('reply').filter({ hasText: text }).waitFor();
        const other = await signIn(kind, people.alice);
        await other.page.goto(`${forum.url}/thread/${threadId}`);
        await ready(other.page);
        expect(await other.page.getByTestId('reply').filter({ hasText: text }).count()).toBe(0);
        expect([...errors, ...other.errors]).toEqual([]);
        // Withdrawn again, so the moderator's pages are their group's in the other tests.
        const removed = await api(context, forum.url, 'POST', '/api/v3/posts.update', {
          postId: (r.Data as { id: number }).id,
          isDeleted: true,
        });
        expect(removed.Code).toBe(0);
        await other.context.close();
        await context.close();
      });

      it(`${kind}: a member's own like and new reply show on the next page load`, async () => {
        const { context, page, errors } = await signIn(kind, people.bob);
        await page.goto(`${forum.url}/thread/${threadId}`);
        await ready(page);
        const before = await likeText(page);
        expect(before).not.toContain('已赞');
        await page.getByTestId('like').click();
        await page.getByTestId('like').filter({ hasText: '已赞' }).waitFor();
        const text = `${kind} 第二条回复`;
        await page.getByTestId('reply-box').locator('textarea').fill(text);
        await page.getByTestId('reply-box').getByTestId('reply-submit').click();
        await page.getByTestId('reply').filter({ hasText: text }).waitFor();
        await page.reload();
        await ready(page);
        expect(await likeText(page)).toContain('已赞');
        expect(await page.getByTestId('reply').filter({ hasText: text }).count()).toBe(1);
        await page.getByTestId('like').click();
        await page.getByTestId('like').filter({ hasNotText: '已赞' }).waitFor();
        // The home list is shared too; the member's own reply count is there on the next load.
        await page.goto(`${forum.url}/`);
        await ready(page);
        await page.getByText('共享页面测试').first().waitFor({ timeout: 10_000 });
        await shot(page, 'member-home', kind);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
