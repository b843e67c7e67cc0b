import { describe, expect, it } from 'vitest';
import { nextPlatform, platformFromUserAgent } from './platform.ts';
import { resolveHead } from './head.ts';
import {
  isAllowedReturn,
  rememberReturn,
  RETURN_KEY,
  takeReturn,
  type KeyValueStorage,
} from './login-return.ts';
import { checkStorageConsistency, isLoggedIn, readCookie } from './session.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('platform choice', () => {
  it('picks h5 for mobile user agents and pc otherwise', () => {
    expect(platformFromUserAgent(IPHONE)).toBe('h5');
    expect(platformFromUserAgent(ANDROID)).toBe('h5');
    expect(platformFromUserAgent(DESKTOP)).toBe('pc');
    expect(platformFromUserAgent(undefined)).toBe('pc');
  });
  it('switches pc to h5 below 800 px and h5 to pc at 800 px unless rotated', () => {
    expect(nextPlatform('pc', 799, false)).toBe('h5');
    expect(nextPlatform('pc', 800, false)).toBe('pc');
    expect(nextPlatform('h5', 800, false)).toBe('pc');
    expect(nextPlatform('h5', 799, false)).toBe('h5');
    expect(nextPlatform('h5', 900, true)).toBe('h5');
    // A full-page capture or print preview passes through a 1 px window; a minimised one reads 0.
    expect(nextPlatform('pc', 1, false)).toBe('pc');
    expect(nextPlatform('pc', 0, false)).toBe('pc');
    expect(nextPlatform('h5', 0, false)).toBe('h5');
  });
});

describe('head rules', () => {
  const site = {
    siteName: 'Q 站',
    siteKeywords: 'forum,q',
    siteIntroduction: 'intro',
    siteFavicon: '/f.ico',
  };
  it('builds title, keywords, description and favicon from the page and the site', () => {
    expect(
      resolveHead({ title: '登录', keywords: 'login', description: 'page desc' }, site, '欢迎您'),
    ).toEqual({
      title: '登录 - Q 站',
      keywords: 'login,forum,q',
      description: 'page desc',
      favicon: '/f.ico',
    });
  });
  it('falls back to the welcome greeting for name and introduction', () => {
    const h = resolveHead({ title: 'Home' }, {}, 'Welcome');
    expect(h.title).toBe('Home - Welcome');
    expect(h.description).toBe('Welcome');
    expect(h.keywords).toBe('');
    expect(resolveHead({}, { siteName: 'S' }, 'W').title).toBe('S');
  });
  it('uses the site introduction when the page has no description', () => {
    expect(resolveHead({ title: 'x' }, site, 'W').description).toBe('intro');
  });
});

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('login return address', () => {
  it('allows same-origin paths and /my*, refuses login-flow pages and foreign targets', () => {
    expect(isAllowedReturn('/thread/12?x=1#top')).toBe(true);
    expect(isAllowedReturn('/my')).toBe(true);
    expect(isAllowedReturn('/my/settings')).toBe(true);
    expect(isAllowedReturn('/user/login')).toBe(false);
    expect(isAllowedReturn('/user/register?x=1')).toBe(false);
    expect(isAllowedReturn('/user/bind-nickname')).toBe(false);
    expect(isAllowedReturn('https://evil.example/')).toBe(false);
    expect(isAllowedReturn('//evil.example/')).toBe(false);
    expect(isAllowedReturn('/\\evil.example')).toBe(false);
    expect(isAllowedReturn('/\t/evil.example')).toBe(false);
    expect(isAllowedReturn('javascript:alert(1)')).toBe(false);
    expect(isAllowedReturn(42)).toBe(false);
  });
  it('remembers only strings, restores once and then clears', () => {
    const s = memoryStorage();
    expect(rememberReturn({ path: '/x' }, s)).toBe(false);
    expect(rememberReturn('/user/login', s)).toBe(false);
    expect(rememberReturn('/my', s)).toBe(true);
    expect(takeReturn(s)).toBe('/my');
    expect(s.data.has(RETURN_KEY)).toBe(false);
    expect(takeReturn(s)).toBe('/');
  });
  it('ignores a tampered stored value and goes to the site home when storage fails', () => {
    const s = memoryStorage();
    s.setItem(RETURN_KEY, '//evil.example');
    expect(takeReturn(s)).toBe('/');
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(takeReturn(broken, '/home')).toBe('/home');
  });
});

describe('login state', () => {
  it('applies the storage consistency rule', () => {
    expect(checkStorageConsistency(undefined, null)).toBe('guest');
    expect(checkStorageConsistency('3', '3')).toBe('consistent');
    expect(checkStorageConsistency('3', null)).toBe('mismatch');
    expect(checkStorageConsistency(undefined, '3')).toBe('mismatch');
    expect(checkStorageConsistency('3', '4')).toBe('mismatch');
  });
  it('is logged in when a user id exists', () => {
    expect(isLoggedIn({ id: 1 })).toBe(true);
    expect(isLoggedIn(null)).toBe(false);
  });
  it('reads cookies', () => {
    expect(readCookie('a=1; forum_uid=12; b=x%20y', 'forum_uid')).toBe('12');
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(readCookie(undefined, 'a')).toBeUndefined();
  });
});
