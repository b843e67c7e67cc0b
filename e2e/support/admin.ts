import type { Browser, Page } from 'playwright-core';
import { openContext } from './browser.ts';
import { loginAs } from './forum-api.ts';

/** A pc context logged in as the test forum's administrator. */
export async function openAdmin(browser: Browser, base: string) {
  const opened = await openContext(browser, 'pc');
  await loginAs(opened.page, base, 'admin', 'admin-pass-123');
  return opened;
}

/** The toast that says `text`. */
export const toastSaying = (page: Page, text: string) => page.locator('.ui-toast').filter({ hasText: text });
