import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated } from './browser.ts';

/**
 * The WeChat bind page (`/user/wx-bind`, `/user/wx-rebind-action`) offers the one way that works in this
 * browser: WeChat's consent page inside WeChat's browser, the QR code anywhere else. Checked once hydrated
 * (until then the page is drawn as the server drew it, which cannot tell).
 */
export async function onlyBindWay(page: Page, way: 'consent' | 'qr'): Promise<void> {
  const [shown, hidden] =
    way === 'qr' ? ['wx-bind-by-qr', 'wx-bind-in-wechat'] : ['wx-bind-in-wechat', 'wx-bind-by-qr'];
  await hydrated(page);
  await page.getByTestId(shown).waitFor();
  expect(await page.getByTestId(hidden).count(), `${hidden} is not offered here`).toBe(0);
}
