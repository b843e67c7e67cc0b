import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { api, loginAs, TINY_PNG, upload } from './support/forum-api.ts';

let forum: RunningForum;
let browser: Browser;

/** Script-injection vectors; each tries to set `window.__xss` or open a dialog if it ever runs. */
const VECTORS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '<img src="x" onerror="alert(1)">',
  '<svg onload=window.__xss=1>',
  '<svg><script>window.__xss=1</script></svg>',
  '<body onload=window.__xss=1>',
  '<iframe src="javascript:window.parent.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href=" javascript:alert(1)">space</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '<video><source onerror=window.__xss=1></video>',
  '<audio src=x onerror=window.__xss=1>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>x</button></form>',
  '<div style="background:url(javascript:window.__xss=1)">css</div>',
  '<marquee onstart=window.__xss=1>m</marquee>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '</textarea><script>window.__xss=1</script>',
  '</title><script>window.__xss=1</script>',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '<IMG SRC=JaVaScRiPt:window.__xss=1>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=import href="data:text/html,<script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<template><img src=x onerror=window.__xss=1></template>',
  '{{constructor.constructor("window.__xss=1")()}}',
  '\u2028<script>window.__xss=1</script>',
];

describe.skipIf(noChromiumReason !== null)(
  `script injection${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
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

    it(`${VECTORS.length} vectors in titles, bodies, replies, topic names and file names never execute`, async () => {
      expect(VECTORS.length).toBeGreaterThanOrEqual(30);
      const admin = await openContext(browser, 'pc');
      await loginAs(admin.page, forum.url, 'admin', 'admin-pass-123');
      const ids: number[] = [];
      for (const [i, v] of VECTORS.entries()) {
        const file = await upload(admin.context, forum.url, `${v}.png`, TINY_PNG, 1, 'image/png');
        const doc = await upload(admin.context, forum.url, `${v}.txt`, Buffer.from('x'), 0, 'text/plain');
        const fileLink = doc.Data ? `<p><a href="${doc.Data.url}">${doc.Data.fileName}</a></p>` : '';
        const created = await api<{ threadId: number }>(
          admin.context,
          forum.url,
          'POST',
          '/api/v3/thread.create',
          {
            title: `标题${i} ${v}`.slice(0, 100),
            categoryId: 1,
            content: {
              text:
                `<p>正文 ${v} #话题${i}${v.replace(/#/g, '')}#</p>${fileLink}` +
                (file.Data ? `<img src="${file.Data.url}" alt="${v.replace(/"/g, '')}">` : ''),
              indexes: file.Data ? { '0': { tomId: 101, body: { imageIds: [file.Data.id] } } } : {},
            },
          },
        );
        expect(created.Code, created.Message).toBe(0);
        ids.push(created.Data.threadId);
        const reply = await api(admin.context, forum.url, 'POST', '/api/v3/posts.create', {
          id: created.Data.threadId,
          content: v,
        });
        expect([0, -4001]).toContain(reply.Code);
      }
      await admin.context.close();

      for (const kind of ['pc', 'h5'] as const) {
        const { context, page } = await openContext(browser, kind);
        const dialogs: string[] = [];
        page.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        const visit = async (path: string) => {
          await page.goto(forum.url + path);
          await hydrated(page);
          await page.waitForTimeout(150);
          const state = await page.evaluate(() => ({
            flag: (window as unknown as { __xss?: unknown }).__xss,
            injected: Array.from(document.querySelectorAll('script')).filter(
              // The document's own data script (a direct child of <body>, JSON with `<` escaped) holds the
              // vectors as data; any other inline script that names them was injected.
              (s) =>
                !s.src &&
                !(
                  s.parentElement === document.body &&
                  (s.textContent ?? '').startsWith('window.__staticRouterHydrationData=')
                ) &&
                (s.textContent ?? '').includes('__xss'),
            ).length,
            // The page is sent whole (React streams no scripts into it): any script inside the app is injected.
            rootScripts: document.querySelectorAll('#root script, #root iframe, #root object, #root embed')
              .length,
          }));
          expect(state.flag, path).toBeUndefined();
          expect(state.injected, path).toBe(0);
          expect(state.rootScripts, path).toBe(0);
        };
        await visit('/');
        await shot(page, 'xss-home', kind);
        for (const id of ids.slice(0, kind === 'pc' ? ids.length : 8)) await visit(`/thread/${id}`);
        await shot(page, 'xss-thread', kind);
        await visit('/search?keyword=' + encodeURIComponent('script'));
        await visit('/search?tab=topics&keyword=' + encodeURIComponent('话题'));
        const topics = await page
          .locator('.topic-list a')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        for (const href of topics.slice(0, 5)) if (href) await visit(href);
        expect(dialogs).toEqual([]);
        await context.close();
      }
      // 34 vectors through the admin and two readers: about 40 s alone, more beside other browser files.
    }, 180_000);
  },
);
