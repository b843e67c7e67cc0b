import type { Browser } from 'playwright-core';
import { hydrated, openContext } from './browser.ts';
import { api, loginAs } from './forum-api.ts';

let seq = 0;

/**
 * Registers a member in a fresh context of one width and logs in through the form (the page keeps its own
 * login marker, which an API-only login would not set). Throws when the registration is refused.
 */
export async function openMember(browser: Browser, base: string, kind: 'pc' | 'h5', nickname: string) {
  const opened = await openContext(browser, kind);
  seq += 1;
  const username = `m${kind}${process.pid % 1000}${seq}${Date.now() % 10000}`.slice(0, 15);
  const res = await api<{ userId: number }>(opened.context, base, 'POST', '/api/v3/users/username.register', {
    username,
    password: 'secret123',
    nickname,
  });
  if (res.Code !== 0) throw new Error(`register failed: ${res.Code} ${res.Message}`);
  await opened.context.clearCookies();
  await loginAs(opened.page, base, username, 'secret123');
  await hydrated(opened.page);
  return { ...opened, userId: res.Data.userId, username };
}
