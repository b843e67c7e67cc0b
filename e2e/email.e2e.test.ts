import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openContext, shot } from './support/browser.ts';
import { api, loginAs } from './support/forum-api.ts';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';
import { openMember } from './support/members.ts';
import { toastSaying } from './support/admin.ts';

// Email in the browser at 1280 px (pc) and 375 px (h5), against a real SMTP server (smtp-server) started here:
// the administrator's mail page and test send, a member setting and confirming an address, a password reset
// from the login page's "forgot password" link, the notification email choice and the unsubscribe page.

interface Received {
  to: string[];
  parsed: { subject?: string; text?: string; html?: string | false };
  header(name: string): string | undefined;
}
interface TestSmtp {
  port: number;
  received: Received[];
  waitFor(match?: (m: Received) => boolean, timeoutMs?: number): Promise<Received>;
  settings(extra?: Record<string, string>): Array<{ key: string; value: string; tag: string }>;
  close(): Promise<void>;
}
const smtpModule = path.resolve(import.meta.dirname, '../apps/server/src/test/smtp-server.ts');

let forum: RunningForum;
let browser: Browser;
let smtp: TestSmtp;
let seq = 0;
const address = (kind: string) => `e2e${process.pid % 1000}${kind}${++seq}@example.test`;
const linkIn = (m: Received, pathname: string) => {
  const hit = new RegExp(`${forum.url}${pathname}\\?[^\\s]+`).exec(m.parsed.text ?? '');
  if (!hit) throw new Error(`no ${pathname} link in ${m.parsed.text}`);
  return hit[0];
};
const stored = async (sql: string, params: unknown[]) =>
  ((await forum.exec(sql, params)) as { rows: Array<Record<string, unknown>> }).rows[0];

/** Fills my address on /my/edit, sends the link, follows it from the mail. */
async function setAndVerify(page: Page, kind: 'pc' | 'h5', email: string) {
  await page.goto(forum.url + '/my/edit');
  await hydrated(page);
  const section = page.getByTestId('email-section');
  await section.waitFor();
  await section.locator('input[name="email"]').fill(email);
  await section.getByRole('button', { name: '发送验证链接' }).click();
  await section.getByTestId('email-pending').waitFor();
  expect(await section.getByTestId('email-pending').innerText()).toContain(email);
  await shot(page, 'email-pending', kind);
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  expect(mail.parsed.subject).toBe('验证你在 邮件论坛 的邮箱');
  await page.goto(linkIn(mail, '/user/verify-email'));
  await page.getByTestId('verify-email-result').and(page.locator('[data-state="ok"]')).waitFor();
  expect(await page.getByTestId('verify-email-result').innerText()).toContain(email);
  await shot(page, 'email-verified', kind);
}

describe.skipIf(noChromiumReason !== null)(
  `email${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      const { startSmtp } = (await import(smtpModule)) as { startSmtp(): Promise<TestSmtp> };
      smtp = await startSmtp();
      forum = await startForum();
      await forum.setSettings({ site_name: '邮件论坛' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await forum?.close();
      await smtp?.close();
    });

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: the administrator fills the mail page (site address offered), saves, and sends a test`, async () => {
        const { context, page, errors } = await openContext(browser, kind);
        await loginAs(page, forum.url, 'admin', 'admin-pass-123');
        await page.goto(`${forum.url}/admin/mail`);
        const form = page.getByTestId('admin-mail');
        await form.locator('input[name="mail_host"]').waitFor();
        // The site address starts as the one the administrator is using.
        expect(await form.locator('input[name="site_url"]').inputValue()).toBe(forum.url);
        await form.locator('input[name="mail_open"]').check();
        await form.locator('input[name="mail_host"]').fill('127.0.0.1');
        await form.locator('input[name="mail_secure"][value="none"]').check();
        await form.locator('input[name="mail_port"]').fill(String(smtp.port));
        await form.locator('input[name="mail_username"]').fill('');
        await form.locator('input[name="mail_password"]').fill('smtp-secret');
        await form.locator('input[name="mail_from"]').fill('forum@example.test');
        await form.getByTestId('settings-save').click();
        await toastSaying(page, '已保存').first().waitFor();
        await expect
          .poll(async () => (await stored(`SELECT value FROM settings WHERE key = 'mail_port'`, []))?.value)
          .toBe(String(smtp.port));
        await page.reload();
        await form.locator('input[name="mail_host"]').waitFor();
        expect(await form.locator('input[name="mail_password"]').inputValue()).toBe('******');
        // The test server takes no login: the stored password is not used (empty user name).
        const to = address(`admin${kind}`);
        const test = page.getByTestId('admin-mail-test');
        await test.locator('input[name="to"]').fill(to);
        await test.getByTestId('mail-test-send').click();
        await test.getByTestId('mail-test-result').waitFor({ timeout: 30_000 });
        expect(await test.getByTestId('mail-test-result').innerText()).toContain('已接收');
        const mail = await smtp.waitFor((m) => m.to.includes(to));
        expect(mail.parsed.subject).toBe('邮件论坛 测试邮件');
        await shot(page, 'admin-mail', kind);
        if (kind === 'pc') {
          // A wrong encryption setting is explained in the admin's language, with the server's own words after.
          await form.locator('input[name="mail_secure"][value="tls"]').check();
          await form.getByTestId('settings-save').click();
          await toastSaying(page, '已保存').first().waitFor();
          await test.getByTestId('mail-test-send').click();
          await expect
            .poll(() => test.getByTestId('mail-test-result').innerText(), { timeout: 30_000 })
            .toContain('没有用 TLS 应答');
          expect(await test.getByTestId('mail-test-result').innerText()).toContain('服务器的回答：');
          await shot(page, 'admin-mail-tls-hint', kind);
          await form.locator('input[name="mail_secure"][value="none"]').check();
          await form.getByTestId('settings-save').click();
          await expect
            .poll(
              async () => (await stored(`SELECT value FROM settings WHERE key = 'mail_secure'`, []))?.value,
            )
            .toBe('none');
        }
        expect(errors).toEqual([]);
        await context.close();
      });
    }

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: a member sets an email, confirms it from the mail, and chooses notification email`, async () => {
        const { context, page, errors, userId } = await openMember(browser, forum.url, kind, `邮箱${kind}`);
        const email = address(kind);
        await setAndVerify(page, kind, email);
        await page.goto(forum.url + '/my/edit');
        await hydrated(page);
        const section = page.getByTestId('email-section');
        await expect.poll(() => section.getByTestId('email-current').innerText()).toContain(email);
        expect(await section.getByTestId('email-current').innerText()).toContain('已验证');
        // The default is the daily digest; choose "each".
        expect(await section.getByTestId('email-notify-digest').getAttribute('aria-pressed')).toBe('true');
        await section.getByTestId('email-notify-each').click();
        await expect
          .poll(
            async () =>
              (await stored(`SELECT email_notify FROM users WHERE id = $1`, [userId]))?.email_notify,
          )
          .toBe('each');
        await page.reload();
        await hydrated(page);
        await expect
          .poll(() => section.getByTestId('email-notify-each').getAttribute('aria-pressed'))
          .toBe('true');
        await section.scrollIntoViewIfNeeded();
        await shot(page, 'email-settings', kind);
        expect(errors).toEqual([]);
        await context.close();
      });
    }

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: "forgot password" on the login page mails a reset link that sets a new password`, async () => {
        const member = await openMember(browser, forum.url, kind, `重置${kind}`);
        const email = address(`reset${kind}`);
        await setAndVerify(member.page, kind, email);
        await member.context.close();

        const { context, page, errors } = await openContext(browser, kind);
        await page.goto(forum.url + '/user/login');
        await hydrated(page);
        await page.getByTestId('forgot-password').click();
        await page.waitForURL(forum.url + '/user/reset-password');
        const form = page.getByTestId('reset-email-form');
        await form.locator('input[name="email"]').fill(email);
        await shot(page, 'reset-email', kind);
        await form.getByRole('button', { name: '发送重置链接' }).click();
        await page.getByTestId('reset-email-sent').waitFor();
        expect(await page.getByTestId('reset-email-sent').innerText()).toContain(email);
        const mail = await smtp.waitFor(
          (m) => m.to.includes(email) && (m.parsed.subject ?? '').includes('重置'),
        );
        await page.goto(linkIn(mail, '/user/reset-password'));
        await hydrated(page);
        const fresh = page.getByTestId('reset-new-password');
        await fresh.locator('input[name="password"]').fill('brand-new-123');
        await fresh.locator('input[name="confirm"]').fill('brand-new-123');
        await shot(page, 'reset-new-password', kind);
        await fresh.locator('button[type="submit"]').click();
        await page.waitForURL(forum.url + '/user/username-login');
        await loginAs(page, forum.url, member.username, 'brand-new-123');
        expect(errors).toEqual([]);
        // The link works once (the refusal is a 400 the page explains).
        await page.goto(linkIn(mail, '/user/reset-password'));
        await hydrated(page);
        await fresh.locator('input[name="password"]').fill('other-pass-123');
        await fresh.locator('input[name="confirm"]').fill('other-pass-123');
        await fresh.locator('button[type="submit"]').click();
        await page.getByTestId('reset-link-bad').waitFor();
        await shot(page, 'reset-link-used', kind);
        expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
        await context.close();
      });
    }

    for (const kind of ['pc', 'h5'] as const) {
      it(`${kind}: the digest's unsubscribe link works without a login`, async () => {
        const member = await openMember(browser, forum.url, kind, `退订${kind}`);
        const email = address(`digest${kind}`);
        await setAndVerify(member.page, kind, email);
        // Someone follows the member: one unread notification for the digest.
        const fan = await openMember(browser, forum.url, kind, `粉丝${kind}`);
        expect(
          (await api(fan.context, forum.url, 'POST', '/api/v3/follow.create', { toUserId: member.userId }))
            .Code,
        ).toBe(0);
        await fan.context.close();
        await member.context.close();
        await expect
          .poll(async () => {
            const row = await stored(
              `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
              [member.userId],
            );
            return row?.n;
          })
          .toBeGreaterThan(0);
        await expect.poll(() => forum.mailDigests()).toBeGreaterThan(0);
        const mail = await smtp.waitFor(
          (m) => m.to.includes(email) && (m.parsed.subject ?? '').includes('每日摘要'),
        );
        expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

        const { context, page, errors } = await openContext(browser, kind);
        // The message as a mail program shows it (its HTML part, at this width).
        await page.setContent(String(mail.parsed.html));
        expect(await page.locator('body').innerText()).toContain('关注了你');
        await shot(page, 'digest-mail', kind);
        await page.goto(linkIn(mail, '/user/unsubscribe'));
        await hydrated(page);
        await shot(page, 'unsubscribe', kind);
        await page.getByTestId('unsubscribe-confirm').click();
        await page.getByTestId('unsubscribed').waitFor();
        expect(
          (await stored(`SELECT email_notify FROM users WHERE id = $1`, [member.userId]))?.email_notify,
        ).toBe('off');
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
