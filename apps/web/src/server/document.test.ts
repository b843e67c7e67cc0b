import { describe, expect, it } from 'vitest';
import type { TFunction } from '../i18n/translator.ts';
import { headForMatches } from '../app/head-manager.tsx';
import { statusRedirect } from '../app/auth-flow.ts';
import { statusMessageKey } from '../features/user/status-page.tsx';
import { buildDocument, inlineJson, nonceScripts } from './document.ts';

const t = ((k: string) =>
  ({ 'app.welcome': '欢迎您', 'login.title': '登录' })[k] ?? k) as unknown as TFunction;

describe('document shell', () => {
  it('adds the nonce to every script of the statistics snippet, keeping existing nonces', () => {
    expect(nonceScripts('<script>a()</script><SCRIPT src="x.js"></SCRIPT>', 'N')).toBe(
      '<script nonce="N">a()</script><script nonce="N" src="x.js"></SCRIPT>',
    );
    expect(nonceScripts('<script nonce="old">a()</script>', 'N')).toBe('<script nonce="old">a()</script>');
  });
  it('escapes inline JSON so data cannot close the script element', () => {
    expect(inlineJson({ s: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
  it('escapes the head values and puts the statistics snippet after the app', () => {
    const [before, after] = buildDocument({
      lang: 'zh',
      theme: 'dark',
      platform: 'h5',
      head: { title: '<b>x</b>', keywords: 'a"b', description: 'd', favicon: '/f.ico' },
      nonce: 'N',
      assets: { head: '', body: '<script type="module" nonce="__NONCE__" src="/e.js"></script>' },
      modules: [],
      hydration: '{}',
      siteStat: '<script>s()</script>',
    });
    expect(before).toContain('<title>&#60;b&#62;x&#60;/b&#62;</title>');
    expect(before).toContain('content="a&#34;b"');
    expect(before).toContain('data-theme="dark" data-platform="h5"');
    expect(after).toContain('nonce="N" src="/e.js"');
    expect(after.indexOf('s()')).toBeGreaterThan(after.indexOf('/e.js'));
  });
  it('carries no nonce where the policy lists scripts by hash (production): no tag has the attribute', () => {
    const [before, after] = buildDocument({
      lang: 'en',
      theme: 'light',
      platform: 'pc',
      head: { title: 't', keywords: '', description: '', favicon: '/f.ico' },
      assets: {
        head: '<link rel="modulepreload" nonce="__NONCE__" href="/a.js">',
        body: '<script type="module" nonce="__NONCE__" src="/e.js"></script>',
      },
      modules: [],
      hydration: '{}',
      siteStat: '<script>s()</script>',
    });
    const html = before + after;
    expect(html).not.toContain('nonce');
    expect(html).toContain('<link rel="modulepreload" href="/a.js">');
    expect(html).toContain('<script type="module" src="/e.js"></script>');
    expect(html).toContain('<script>window.__staticRouterHydrationData={};</script>');
    expect(html).toContain('<div hidden data-site-stat><script>s()</script></div>');
  });
});

describe('head of the matched routes', () => {
  it('uses the deepest route that describes itself', () => {
    const head = headForMatches(
      [{ handle: undefined }, { handle: { titleKey: 'login.title' } }],
      { siteName: '', siteKeywords: 'k' },
      t,
    );
    expect(head).toMatchObject({ title: '登录 - 欢迎您', keywords: 'k', description: '欢迎您' });
  });
  it('lets data-driven pages set title, keywords and description', () => {
    const head = headForMatches(
      [
        {
          handle: {
            head: (d: unknown) => ({ title: (d as { t: string }).t, keywords: 'x', description: 'y' }),
          },
          loaderData: { t: 'T' },
        },
      ],
      { siteName: 'S', siteKeywords: 'k', siteIntroduction: 'i' },
      t,
    );
    expect(head).toMatchObject({ title: 'T - S', keywords: 'x,k', description: 'y' });
  });
});

describe('account status routing', () => {
  it('sends pending, rejected and banned accounts to the status page', () => {
    expect(statusRedirect(-3003, '')).toBe('/user/status?statusCode=2');
    expect(statusRedirect(-4009, 'spam')).toBe('/user/status?statusCode=-4009&statusMsg=spam');
    expect(statusRedirect(-7062, 'wrong')).toBeNull();
    expect(statusMessageKey(2)).toBe('status.pending');
    expect(statusMessageKey(-4007)).toBe('status.rejected');
    expect(statusMessageKey(-4009)).toBe('status.banned');
    expect(statusMessageKey(99)).toBe('status.unknown');
  });
});
