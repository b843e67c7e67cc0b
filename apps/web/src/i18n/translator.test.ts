import { describe, expect, it } from 'vitest';
import type { Lang } from './i18n.ts';
import { Translator } from './translator.ts';
import { loadBundle } from './messages.ts';
import { serverTranslator, shellTranslator } from './server.ts';
import { en } from './en.ts';
import { zh } from './zh.ts';

const zhShell = { nav: { unread: '{{count}} 条未读', home: '首页' }, apple: '{{count}} 个苹果' };
const enShell = {
  nav: { unread: '{{count}} unread', home: 'Home' },
  apple_one: 'one apple',
  apple_other: '{{count}} apples',
};
const pages: Record<Lang, Record<string, object>> = {
  zh: { shell: zhShell, threads: { thread: { title: '帖子' } }, search: { search: { title: '搜索' } } },
  en: { shell: enShell, threads: { thread: { title: 'Thread' } }, search: { search: { title: 'Search' } } },
};

/** A loader over in-memory sets that records what was asked, and can hold answers back. */
function memoryLoader() {
  const calls: string[] = [];
  const gates: Array<() => void> = [];
  let hold = false;
  const load = async (lang: Lang, part: string) => {
    calls.push(`${lang}:${part}`);
    if (hold) await new Promise<void>((r) => gates.push(r));
    const set = pages[lang][part];
    if (!set) throw new Error(`no ${part}`);
    return set;
  };
  return {
    load,
    calls,
    hold: (on: boolean) => (hold = on),
    release: () => gates.splice(0).forEach((r) => r()),
  };
}

describe('Translator', () => {
  it('looks nested keys up and interpolates every placeholder, without escaping', () => {
    const tr = new Translator('en', { a: { b: { c: 'deep' } }, greet: '<b>{{name}}</b> & {{ name }} {{n}}' });
    expect(tr.t('a.b.c')).toBe('deep');
    expect(tr.t('greet', { name: '<i>', n: 0 })).toBe('<b><i></b> & <i> 0');
    // A placeholder without a value stays visible; text without placeholders comes back as is.
    expect(tr.t('greet', { name: 'x' })).toBe('<b>x</b> & x {{n}}');
    expect(tr.t('a.b.c', { name: 'x' })).toBe('deep');
  });

  it('returns the key (or the default value) for a missing key and for a non-leaf key', () => {
    const tr = new Translator('zh', zhShell);
    expect(tr.t('nav.nope')).toBe('nav.nope');
    expect(tr.t('nav')).toBe('nav');
    expect(tr.t('methods.qq', { defaultValue: 'qq' })).toBe('qq');
    expect(tr.t('nav.home', { defaultValue: 'qq' })).toBe('首页');
  });

  it('picks the English _one/_other form by count; Chinese has a single form', () => {
    const e = new Translator('en', enShell);
    expect(e.t('apple', { count: 1 })).toBe('one apple');
    expect(e.t('apple', { count: 0 })).toBe('0 apples');
    expect(e.t('apple', { count: 5 })).toBe('5 apples');
    expect(e.t('nav.unread', { count: 1 })).toBe('1 unread');
    const z = new Translator('zh', zhShell);
    expect(z.t('apple', { count: 1 })).toBe('1 个苹果');
    expect(z.t('apple', { count: 3 })).toBe('3 个苹果');
  });

  it('adds namespaces later, once each, and tells subscribers with a new t', async () => {
    const mem = memoryLoader();
    const tr = new Translator('zh', zhShell, mem.load);
    let seen = 0;
    const unsubscribe = tr.subscribe(() => seen++);
    const before = tr.t;
    expect(tr.t('thread.title')).toBe('thread.title');
    await tr.loadNamespaces(['threads', 'threads']);
    await tr.loadNamespaces(['threads']);
    expect(mem.calls).toEqual(['zh:threads']);
    expect(tr.t('thread.title')).toBe('帖子');
    expect(tr.t('nav.home')).toBe('首页');
    expect(tr.t).not.toBe(before);
    expect(tr.getT()).toBe(tr.t);
    expect(seen).toBe(1);
    tr.addResources({ nav: { extra: '额外' } });
    expect(tr.t('nav.extra')).toBe('额外');
    expect(tr.resources).toMatchObject({ nav: { home: '首页', extra: '额外' }, thread: { title: '帖子' } });
    expect(seen).toBe(2);
    unsubscribe();
    tr.addResources({ x: 'y' });
    expect(seen).toBe(2);
    // The imported string sets are never modified by merging.
    expect(zhShell.nav).not.toHaveProperty('extra');
  });

  it('forgets a namespace whose load failed, so it can be retried', async () => {
    const mem = memoryLoader();
    const tr = new Translator('zh', zhShell, mem.load);
    await expect(tr.loadNamespaces(['nope'])).rejects.toThrow('no nope');
    await expect(tr.loadNamespaces(['nope'])).rejects.toThrow('no nope');
    expect(mem.calls).toEqual(['zh:nope', 'zh:nope']);
  });

  it('switches language with the shell and every namespace loaded so far, in one swap', async () => {
    const mem = memoryLoader();
    const tr = new Translator('zh', zhShell, mem.load);
    await tr.loadNamespaces(['threads']);
    let seen = 0;
    tr.subscribe(() => seen++);
    mem.hold(true);
    const switching = tr.changeLanguage('en');
    await Promise.resolve();
    // Until the new strings are all in, the page keeps rendering the old language.
    expect(tr.language).toBe('zh');
    expect(tr.t('nav.home')).toBe('首页');
    // A namespace asked for during the switch is fetched in the new language too.
    const late = tr.loadNamespaces(['search']);
    mem.release();
    await new Promise((r) => setTimeout(r, 0));
    mem.release();
    await new Promise((r) => setTimeout(r, 0));
    mem.release();
    await Promise.all([switching, late]);
    expect(tr.language).toBe('en');
    expect(tr.t('nav.home')).toBe('Home');
    expect(tr.t('thread.title')).toBe('Thread');
    expect(tr.t('search.title')).toBe('Search');
    expect(tr.t('apple', { count: 1 })).toBe('one apple');
    expect(mem.calls).toEqual(expect.arrayContaining(['en:shell', 'en:threads', 'en:search']));
    expect(seen).toBeGreaterThanOrEqual(1);
    // Switching back drops the English-only keys.
    mem.hold(false);
    await tr.changeLanguage('zh');
    expect(tr.t('apple_one')).toBe('apple_one');
    expect(tr.t('search.title')).toBe('搜索');
  });

  it('lets the last of two quick switches win', async () => {
    const mem = memoryLoader();
    const tr = new Translator('zh', zhShell, mem.load);
    mem.hold(true);
    const toEn = tr.changeLanguage('en');
    const back = tr.changeLanguage('zh');
    mem.release();
    await Promise.all([toEn, back]);
    expect(tr.language).toBe('zh');
    expect(tr.t('nav.home')).toBe('首页');
  });

  it('refuses changes once sealed', async () => {
    const tr = new Translator('en', enShell).seal();
    expect(() => tr.addResources({ a: 'b' })).toThrow('sealed');
    await expect(tr.changeLanguage('zh')).rejects.toThrow('sealed');
  });
});

describe('server translators', () => {
  it('are shared per language and namespace set, hold the real strings and are sealed', async () => {
    const a = await serverTranslator('en', ['threads', 'account']);
    const b = await serverTranslator('en', ['account', 'threads', 'account']);
    expect(a).toBe(b);
    expect(a.t('nav.home')).toBe(en.nav.home);
    expect(a.t('register.title')).toBe('Register');
    const z = await serverTranslator('zh', ['threads']);
    expect(z.t('nav.home')).toBe(zh.nav.home);
    expect(z.t('register.title')).toBe('register.title');
    expect(() => z.addResources({})).toThrow('sealed');
    expect(shellTranslator('zh').t('error.message')).toBe(zh.error.message);
  });

  it('count one thing in English in the singular, on the real sets', async () => {
    const e = await serverTranslator('en', ['threads', 'search', 'membership', 'paid']);
    expect(e.t('list.replies', { count: 1 })).toBe('1 reply');
    expect(e.t('list.replies', { count: 2 })).toBe('2 replies');
    expect(e.t('list.views', { count: 1 })).toBe('1 view');
    expect(e.t('home.postCount', { count: 1 })).toBe('1 post');
    expect(e.t('topic.threads', { count: 1 })).toBe('1 thread');
    expect(e.t('vote.users', { count: 1 })).toBe('1 voter');
    expect(e.t('search.userFans', { count: 1 })).toBe('1 follower');
    expect(e.t('membership.days', { count: 1 })).toBe('1 day');
    expect(e.t('paid.lockedItems', { count: 1 })).toBe('1 more paid item');
    const z = await serverTranslator('zh', ['threads']);
    expect(z.t('list.replies', { count: 1 })).toBe('1 回复');
    expect(z.t('home.postCount', { count: 1 })).toBe('帖子 1');
  });

  it('load the real page sets through loadBundle, and reject unknown ones', async () => {
    expect(await loadBundle('zh', 'shell')).toBe(zh);
    await expect(loadBundle('en', 'nope')).rejects.toThrow('unknown');
  });
});
