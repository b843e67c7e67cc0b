import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason } from './support/forum-server.ts';

/**
 * The server sanitises with parse5 (apps/server platform/content/sanitize.ts) on the claim that parse5 parses as a
 * browser does. This checks the claim where it matters: every sanitised output, given to Chromium as innerHTML of a
 * <div> (as the thread page does), must build the very tree parse5 builds, and must run nothing.
 */

type Dump = string | [string, string, Array<[string, string]>, Dump[]];
interface ContentModules {
  sanitize: { sanitizeHtml(html: string): string };
  vectors: { XSS_VECTORS: readonly string[] };
  random: { randomHtml(seed: number): string };
  assert: { treeOf(html: string): Dump[] };
}

// Loaded by path at run time: the server's source is outside this project's TypeScript root.
async function load(): Promise<ContentModules> {
  const dir = path.resolve(import.meta.dirname, '../apps/server/src/platform/content');
  const from = (f: string) => import(/* @vite-ignore */ pathToFileURL(path.join(dir, f)).href);
  return {
    sanitize: (await from('sanitize.ts')) as ContentModules['sanitize'],
    vectors: (await from('xss-vectors.ts')) as ContentModules['vectors'],
    random: (await from('xss-random.ts')) as ContentModules['random'],
    assert: (await from('xss-assert.ts')) as ContentModules['assert'],
  };
}

let browser: Browser;
let m: ContentModules;

describe.skipIf(noChromiumReason !== null)(
  `parse5 and Chromium agree on sanitised HTML${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      m = await load();
      browser = await launch();
    });
    afterAll(async () => browser?.close());

    it('builds the same tree from every sanitised corpus vector and 600 random documents, and runs none', async () => {
      const inputs = [
        ...m.vectors.XSS_VECTORS,
        ...Array.from({ length: 600 }, (_, i) => m.random.randomHtml(i + 1)),
      ];
      const outputs = inputs.map((v) => m.sanitize.sanitizeHtml(v));
      for (const kind of ['pc', 'h5'] as const) {
        const { context, page, errors } = await openContext(browser, kind);
        // Nothing may leave the machine: image and link targets in the corpus point at real hosts.
        await context.route('**/*', (route) => route.abort());
        const dialogs: string[] = [];
        page.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        await page.setContent('<!DOCTYPE html><html><body><div id="c"></div></body></html>');
        const dumps = await page.evaluate((list: string[]) => {
          type D = string | [string, string, Array<[string, string]>, D[]];
          const walk = (n: Node): D => {
            if (n.nodeType === Node.TEXT_NODE) return `#${n.nodeValue ?? ''}`;
            if (n.nodeType === Node.COMMENT_NODE) return `!${n.nodeValue ?? ''}`;
            if (!(n instanceof Element)) return `?${n.nodeName}`;
            const attrs = Array.from(n.attributes).map((a): [string, string] => [a.name, a.value]);
            return [n.localName, n.namespaceURI ?? '', attrs, Array.from(n.childNodes).map(walk)];
          };
          const c = document.getElementById('c')!;
          return list.map((html) => {
            c.innerHTML = html;
            return Array.from(c.childNodes).map(walk);
          });
        }, outputs);
        for (const [i, dump] of dumps.entries())
          expect(dump, `input ${JSON.stringify(inputs[i])} -> ${outputs[i]}`).toEqual(
            m.assert.treeOf(outputs[i]!),
          );
        // Leave a readable sample on screen for the screenshot, then give any handler a moment to fire.
        await page.evaluate(
          (html) => (document.getElementById('c')!.innerHTML = html),
          outputs.slice(0, 60).join('<hr>'),
        );
        await page.waitForTimeout(300);
        await shot(page, 'sanitize-parity', kind);
        expect(dialogs).toEqual([]);
        expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
        // Failed loads of aborted images are console noise; an exception in the page is not.
        expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
        await context.close();
      }
    });
  },
);
