import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '@forum/contracts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { Db } from '../../platform/db/db.js';
import { Loader } from '../../platform/db/loader.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import type { SettingsService } from '../settings/index.js';
import { findUserById, payPasswordHashesOf, updateUser } from '../users/index.js';
import * as guards from './pay-password.repository.js';

/** Wrong pay passwords allowed per day (the original's limit). */
export const PAY_PASSWORD_MAX_FAILURES = 5;
/** How long the token of `users/pay-password/reset` may be used to change the pay password. */
const RESET_TOKEN_MS = 10 * 60_000;

/**
 * How long a pay session lasts: after the pay password was checked, the member's next wallet payments within
 * this time may show the session's token instead (argon2id costs ~9 ms of CPU per check, which would cap wallet
 * payments near 100/s per instance; an HMAC check costs microseconds).
 */
export const PAY_SESSION_MS = 5 * 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** The pay password: six digits hashed with argon2id, a daily limit of wrong tries, a token to change it. */
export class PayPasswords {
  /** A member's pay-password hash for a pay session's check: concurrent payments share one read. */
  private readonly hashes = new Loader<number, string>((ids) => payPasswordHashesOf(this.db, ids));

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  /**
   * A wallet payment's proof: the pay password (answers a fresh pay-session token), or the token of a session
   * still open. The token names the member and its end and is signed over their current pay-password hash, so
   * changing the pay password ends every session.
   */
  async authorizePayment(
    userId: number,
    proof: { payPassword?: string | undefined; payToken?: string | undefined },
  ): Promise<{ payToken: string; payTokenExpiresAt: string } | null> {
    if (proof.payPassword === undefined && proof.payToken !== undefined) {
      const hash = await this.hashes.load(userId);
      if (hash === null) throw notFound();
      const [owner, end, mac] = proof.payToken.split('.');
      const ok =
        Number(owner) === userId &&
        Number(end) > Date.now() &&
        mac !== undefined &&
        safeEqual(mac, await this.sign(`${owner}.${end}`, hash));
      if (!ok)
        throw invalid('payToken: the pay session has ended, enter the pay password', { field: 'payToken' });
      return null;
    }
    await this.verify(userId, proof.payPassword ?? '');
    const user = (await findUserById(this.db, userId))!;
    const end = Date.now() + PAY_SESSION_MS;
    const body = `${userId}.${end}`;
    return {
      payToken: `${body}.${await this.sign(body, user.payPasswordHash)}`,
      payTokenExpiresAt: new Date(end).toISOString(),
    };
  }

  private async sign(body: string, payPasswordHash: string): Promise<string> {
    return createHmac('sha256', await this.settings.secret('pay_token_secret'))
      .update(`${body}.${payPasswordHash}`)
      .digest('base64url');
  }

  /** Whether the member has one, and how many wrong tries they have left today. */
  async status(userId: number): Promise<{ hasPayPassword: boolean; failuresLeft: number }> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound();
    const failures = await guards.failuresToday(this.db, userId);
    return {
      hasPayPassword: user.payPasswordHash !== '',
      failuresLeft: Math.max(0, PAY_PASSWORD_MAX_FAILURES - failures),
    };
  }

  /** Throws unless the pay password is right; wrong tries count against the daily limit. */
  async verify(userId: number, password: string): Promise<void> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound();
    if (user.payPasswordHash === '') {
      throw invalid('payPassword: no pay password has been set', { field: 'payPassword', notSet: true });
    }
    if ((await guards.failuresToday(this.db, userId)) >= PAY_PASSWORD_MAX_FAILURES) throw tooMany();
    if (await verifyPassword(user.payPasswordHash, password)) {
      await guards.clearFailures(this.db, userId);
      return;
    }
    const failures = await guards.addFailure(this.db, userId);
    const left = Math.max(0, PAY_PASSWORD_MAX_FAILURES - failures);
    if (left === 0) throw tooMany();
    throw invalid(`payPassword is wrong, ${left} tries left today`, {
      field: 'payPassword',
      failuresLeft: left,
    });
  }

  /** `users/pay-password/reset`: the current pay password buys a short-lived token to change it. */
  async reset(userId: number, password: string): Promise<{ sessionId: string }> {
    await this.verify(userId, password);
    const token = randomBytes(24).toString('base64url');
    await guards.storeResetToken(
      this.db,
      userId,
      sha256(token).toString('hex'),
      new Date(Date.now() + RESET_TOKEN_MS),
    );
    return { sessionId: token };
  }

  /** Sets the first pay password, or changes it with the reset token. */
  async update(
    userId: number,
    password: string,
    token: string | undefined,
  ): Promise<{ hasPayPassword: true }> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound();
    if (user.payPasswordHash !== '') {
      const stored = await guards.resetToken(this.db, userId);
      const ok =
        token !== undefined &&
        stored !== null &&
        stored.expiresAt.getTime() > Date.now() &&
        timingSafeEqual(sha256(token), Buffer.from(stored.hash, 'hex'));
      if (!ok) throw invalid('payPasswordToken is missing, wrong or expired', { field: 'payPasswordToken' });
    }
    await updateUser(this.db, userId, { payPasswordHash: await hashPassword(password) });
    await guards.clearResetToken(this.db, userId);
    return { hasPayPassword: true };
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The daily limit is used up (the original's "toplimit"): a business message. */
function tooMany(): AppError {
  return new AppError(Code.NET_ERROR, 'payPassword: too many wrong tries today, try again tomorrow', {
    field: 'payPassword',
    failuresLeft: 0,
  });
}
