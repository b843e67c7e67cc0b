import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';

let forum: RunningForum;
let browser: Browser;

/** What an authenticator app shows `steps` 30-second steps from now (RFC 6238, SHA-1, 6 digits). */
function authenticator(secret: string, steps = 0): string {
  let bits = '';
  for (const ch of secret)
    bits += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[19]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe.skipIf(noChromiumReason !== null)(
  `two-factor authentication${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ site_name: '测试论坛' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: enrol in /my/edit (QR, key, recovery codes), then login asks for the code`, async () => {
        const { context, page, errors, username } = await openMember(browser, forum.url, kind, `安全${kind}`);
        await page.goto(forum.url + '/my/edit');
        await hydrated(page);
        await page.getByTestId('two-factor-start').click();
        const secret = await page.getByTestId('two-factor-secret').innerText();
        await page.locator('input[name="twoFactorCode"]').fill(authenticator(secret));
        await page.getByTestId('security-section').scrollIntoViewIfNeeded();
        await shot(page, 'two-factor-enrol', kind);
        // This step timed out in CI under load: the full-page screenshot above passes the window through a 1 px
        // width, which switched the layout to h5 and back and remounted the form (the switch now ignores such
        // widths and waits for a resize to settle). Should it recur, say what the page showed.
        await page
          .getByTestId('two-factor-settings')
          .locator('button[type="submit"]')
          .click({ timeout: 20_000 })
          .catch(async (err: unknown) => {
            const section = await page
              .getByTestId('security-section')
              .innerHTML()
              .catch(() => '?');
            throw new Error(
              `enrolment form gone; page errors: ${JSON.stringify(errors)}; url ${page.url()}; section: ${section}`,
              { cause: err },
            );
          });
        await page.getByTestId('recovery-codes').waitFor();
        expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
        await shot(page, 'two-factor-recovery', kind);

        const fresh = await openContext(browser, kind);
        await fresh.page.goto(forum.url + '/user/login');
        await hydrated(fresh.page);
        await fresh.page.locator('input[name="username"]').fill(username);
        await fresh.page.locator('input[name="password"]').fill('secret123');
        await fresh.page.getByTestId('login-form').locator('button[type="submit"]').click();
        await fresh.page.getByTestId('two-factor-form').waitFor();
        // The enrolment used this step's code: the next step's is what the app shows soon (and is accepted).
        await fresh.page.locator('input[name="code"]').fill(authenticator(secret, 1));
        await shot(fresh.page, 'two-factor-login', kind);
        await fresh.page.getByTestId('two-factor-form').locator('button[type="submit"]').click();
        await fresh.page.waitForURL(forum.url + '/');
        expect(await fresh.page.evaluate(() => localStorage.getItem('forum_uid'))).toBeTruthy();
        expect(errors).toEqual([]);
        // The password step answers -7090 (HTTP 400) on purpose.
        expect(fresh.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
        await fresh.context.close();
        await context.close();
      });
    }
  },
);
