import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code, type EmailNotify, type EmailStatus } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/password.js';
import type { Db } from '../../platform/db/db.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/http/lang.js';
import type { SettingsService } from '../settings/index.js';
import { updateUser, type UsersService } from '../users/index.js';
import type { MailQueue } from './mail-queue.js';
import { resetMail, verifyMail, type MailContext } from './mail-templates.js';
import * as repo from './mail.repository.js';

/** A verification link works this long. */
export const VERIFY_TTL_MS = 24 * 3600_000;
/** A password reset link works this long. */
export const RESET_TTL_MS = 60 * 60_000;
/** Links of one purpose to one account: one a minute, five an hour. */
export const RESEND_MS = 60_000;
export const PER_HOUR = 5;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const notifyOf = (v: string): EmailNotify => (v === 'off' || v === 'each' ? v : 'digest');
/** A member's language for email: theirs when known, else the one given (the request's, or Chinese). */
export const langOfAccount = (a: { lang: string }, fallback: Lang = 'zh'): Lang =>
  a.lang === 'en' || a.lang === 'zh' ? a.lang : fallback;

/** What the email features share: the settings, the site's address, the queue. */
export interface MailSite {
  settings: SettingsService;
  /** PUBLIC_URL, when the operator set it. */
  publicUrl: string | undefined;
  queue: MailQueue;
}

/** The site's address for links in email: the `site_url` setting, else PUBLIC_URL; null when neither is set. */
export function siteOrigin(site: MailSite): string | null {
  const url = site.settings.get('site_url') || site.publicUrl || '';
  return url ? url.replace(/\/+$/, '') : null;
}

/** Whether the site sends email: switched on, a server and sender, and an address for the links. */
export function mailAvailable(site: MailSite): boolean {
  const s = site.settings;
  return s.bool('mail_open') && s.get('mail_host') !== '' && s.get('mail_from') !== '' && !!siteOrigin(site);
}

/** The words every message needs: language, site name, origin. */
export function mailContext(site: MailSite, lang: Lang): MailContext {
  return { lang, siteName: site.settings.get('site_name'), origin: siteOrigin(site) ?? '' };
}

/** The key of a member's unsubscribe link: signed over the account and its address (a new address, new links). */
export async function unsubscribeKey(site: MailSite, userId: number, email: string): Promise<string> {
  const secret = await site.settings.secret('mail_secret', 'mail');
  return createHmac('sha256', secret)
    .update(`unsubscribe:${userId}:${email.toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * A member's email address (verified by a link), their notification email choice and language, password
 * reset by email, and the unsubscribe link. Every message is queued in the transaction that makes its token,
 * so a link exists exactly when its message goes out; the queue's worker sends it.
 */
export class EmailAccountService {
  constructor(
    private readonly db: Db,
    private readonly site: MailSite,
    private readonly users: UsersService,
  ) {}

  /** My address, one awaiting its link, my choice. */
  async status(actor: Actor): Promise<EmailStatus> {
    const me = await this.me(actor);
    const pending = await repo.pendingVerification(this.db, me.id);
    return {
      email: me.email,
      verifiedAt: me.emailVerifiedAt?.toISOString() ?? null,
      pending: pending
        ? {
            email: pending.email,
            sentAt: pending.createdAt.toISOString(),
            expiresAt: pending.expiresAt.toISOString(),
          }
        : null,
      notify: notifyOf(me.emailNotify),
      available: mailAvailable(this.site),
    };
  }

  /** Sends a verification link to a new address, or removes my address ('' ). */
  async setEmail(actor: Actor, email: string, lang: Lang): Promise<EmailStatus> {
    const me = await this.me(actor);
    if (email === '') {
      await inTransaction(this.db, async (tx) => {
        await repo.voidTokens(tx, me.id, 'verify');
        await repo.setEmail(tx, me.id, '');
      });
      return this.status(actor);
    }
    this.requireAvailable();
    if (email.toLowerCase() === me.email.toLowerCase()) throw invalid('email: this is your address already');
    const token = newToken();
    const origin = siteOrigin(this.site)!;
    await inTransaction(this.db, async (tx) => {
      await repo.lockAccount(tx, me.id);
      await this.checkLimits(tx, me.id, 'verify');
      await repo.insertToken(tx, {
        userId: me.id,
        purpose: 'verify',
        email,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
      });
      await repo.setLang(tx, me.id, lang);
      const mail = verifyMail(mailContext(this.site, lang), {
        name: me.nickname || me.username,
        email,
        url: `${origin}/user/verify-email?token=${token}`,
        hours: VERIFY_TTL_MS / 3600_000,
      });
      await this.site.queue.enqueue(tx, { ...mail, to: email, kind: 'verify' });
    });
    return this.status(actor);
  }

  /** Follows a verification link: the address becomes the account's (once; refused when another has it). */
  async verify(token: string): Promise<{ email: string }> {
    try {
      const row = await inTransaction(this.db, async (tx) => {
        const spent = await repo.spendToken(tx, sha256(token), 'verify');
        if (!spent) throw invalid('token: the link is wrong, used or expired');
        await repo.setEmail(tx, spent.userId, spent.email);
        return spent;
      });
      this.users.forgetCurrent(row.userId);
      return { email: row.email };
    } catch (err) {
      // Another account confirmed the address first: the unique index decides (the link stays unused).
      if (isUniqueViolation(err)) throw invalid('email: this address belongs to another account');
      throw err;
    }
  }

  /** My notification email choice (and my language, the page's). */
  async setNotify(actor: Actor, notify: EmailNotify, lang: Lang): Promise<EmailStatus> {
    const me = await this.me(actor);
    await inTransaction(this.db, async (tx) => {
      await repo.setNotify(tx, me.id, notify);
      await repo.setLang(tx, me.id, lang);
    });
    return this.status(actor);
  }

  /** My language for email. */
  async setLang(actor: Actor, lang: Lang): Promise<null> {
    const me = await this.me(actor);
    await repo.setLang(this.db, me.id, lang);
    return null;
  }

  /**
   * Mails a reset link when an account has this verified address. The answer is the same either way (and so
   * is a refusal by the limits: they are silent), so nobody learns who is a member.
   */
  async sendReset(email: string, lang: Lang): Promise<null> {
    this.requireAvailable();
    const account = await repo.accountByEmail(this.db, email);
    // An address the SMTP server refused for good gets nothing (the same answer): it would only bounce again.
    if (!account || account.emailBounce) return null;
    const token = newToken();
    const origin = siteOrigin(this.site)!;
    await inTransaction(this.db, async (tx) => {
      await repo.lockAccount(tx, account.id);
      const recent = await repo.sentSince(tx, account.id, 'reset', new Date(Date.now() - 3600_000));
      if (recent.count >= PER_HOUR || (recent.last && Date.now() - recent.last.getTime() < RESEND_MS)) return;
      await repo.insertToken(tx, {
        userId: account.id,
        purpose: 'reset',
        email: account.email,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      const mail = resetMail(mailContext(this.site, langOfAccount(account, lang)), {
        name: account.nickname || account.username,
        url: `${origin}/user/reset-password?token=${token}`,
        minutes: RESET_TTL_MS / 60_000,
      });
      await this.site.queue.enqueue(tx, { ...mail, to: account.email, kind: 'reset' });
    });
    return null;
  }

  /** A new password with a reset link's token (once, in time); every session of the account ends. */
  async resetPassword(token: string, password: string, lang: Lang): Promise<null> {
    this.users.checkNewPassword(password, lang);
    const passwordHash = await hashPassword(password);
    const userId = await inTransaction(this.db, async (tx) => {
      const spent = await repo.spendToken(tx, sha256(token), 'reset');
      if (!spent) throw invalid('token: the link is wrong, used or expired');
      // The link went to the account's address then: it must still be the address now.
      const account = await repo.accountById(tx, spent.userId);
      if (!account || account.email.toLowerCase() !== spent.email.toLowerCase())
        throw invalid('token: the link is wrong, used or expired');
      await updateUser(tx, spent.userId, { passwordHash });
      // Other reset links of the account die with this one.
      await repo.voidTokens(tx, spent.userId, 'reset');
      return spent.userId;
    });
    this.users.forgetCurrent(userId);
    await this.users.revokeOtherSessions(userId, null);
    return null;
  }

  /** The unsubscribe link (no login: its key is signed over the account and address). */
  async unsubscribe(userId: number, key: string): Promise<{ email: string }> {
    const account = await repo.accountById(this.db, userId);
    const want = account?.email ? await unsubscribeKey(this.site, userId, account.email) : null;
    const ok =
      want !== null && want.length === key.length && timingSafeEqual(Buffer.from(want), Buffer.from(key));
    if (!ok || !account) throw invalid('k: the link is wrong or out of date');
    await repo.unsubscribe(this.db, userId);
    return { email: account.email };
  }

  /** One a minute and five an hour per account and purpose (-4029 with the wait). */
  private async checkLimits(
    tx: Parameters<typeof repo.sentSince>[0],
    userId: number,
    purpose: repo.TokenPurpose,
  ) {
    const now = Date.now();
    const recent = await repo.sentSince(tx, userId, purpose, new Date(now - 3600_000));
    const wait = recent.last ? recent.last.getTime() + RESEND_MS - now : 0;
    if (wait > 0)
      throw new AppError(Code.TOO_MANY_REQUESTS, '', { retryAfterSeconds: Math.ceil(wait / 1000) });
    if (recent.count >= PER_HOUR) throw new AppError(Code.TOO_MANY_REQUESTS, '', { retryAfterSeconds: 3600 });
  }

  private requireAvailable(): void {
    if (!mailAvailable(this.site)) throw invalid('email: this site does not send email');
  }

  private async me(actor: Actor): Promise<repo.EmailAccount> {
    if (actor.userId === null) throw new AppError(Code.JUMP_TO_LOGIN);
    const me = await repo.accountById(this.db, actor.userId);
    if (!me) throw new AppError(Code.JUMP_TO_LOGIN);
    return me;
  }
}
