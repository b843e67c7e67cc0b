import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Code, SMS_RESEND_SECONDS, type CurrentUser, type LoginResult, type SmsType } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/password.js';
import type { Db, Tx } from '../../platform/db/db.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/http/lang.js';
import type { GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import {
  BIND_PHONE,
  findUserById,
  findUserByMobile,
  presentCurrentUser,
  updateUser,
  type ClientInfo,
  type UserRow,
  type UsersService,
} from '../users/index.js';
import * as repo from './sms.repository.js';
import { SmsSendError, type SmsProvider } from './sms.providers.js';

/** Codes last 5 minutes (reference §1.1). */
export const CODE_TTL_MS = 5 * 60_000;
/** A code is spent after this many wrong answers. */
export const MAX_ATTEMPTS = 5;
/** Per phone: at most this many codes an hour and a day; per address, this many an hour. */
export const PER_MOBILE_HOUR = 5;
export const PER_MOBILE_DAY = 10;
export const PER_IP_HOUR = 20;
/** A verified current phone allows a rebind for this long. */
const VERIFY_WINDOW_MS = 10 * 60_000;

function hashCode(salt: string, code: string): string {
  return createHash('sha256')
    .update(salt + code)
    .digest('hex');
}

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError(Code.TOO_MANY_REQUESTS, '', { retryAfterSeconds });
}

/** Text message codes and what they unlock: phone login, binding, rebinding, password resets. */
export class SmsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
    private readonly provider: SmsProvider,
  ) {}

  /** Whether the site switched SMS on (settings tag qcloud). */
  enabled(): boolean {
    return this.settings.bool('qcloud_sms');
  }

  /** `sms.send`: checks the purpose against the account, the limits, then stores and sends a new code. */
  async send(
    actor: Actor,
    type: SmsType,
    given: string | undefined,
    ip: string,
  ): Promise<{ interval: number }> {
    this.requireEnabled();
    const { mobile, userId, deliver } = await this.target(actor, type, given);
    const now = Date.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(16).toString('hex');
    const id = await inTransaction(this.db, async (tx) => {
      await repo.lockMobile(tx, mobile);
      const hour = await repo.sentToMobile(tx, mobile, new Date(now - 3600_000));
      const wait = hour.last ? hour.last.getTime() + SMS_RESEND_SECONDS * 1000 - now : 0;
      if (wait > 0) throw tooMany(Math.ceil(wait / 1000));
      if (hour.count >= PER_MOBILE_HOUR) throw tooMany(3600);
      if ((await repo.sentToMobile(tx, mobile, new Date(now - 86_400_000))).count >= PER_MOBILE_DAY)
        throw tooMany(86_400);
      if ((await repo.sentFromIp(tx, ip, new Date(now - 3600_000))) >= PER_IP_HOUR) throw tooMany(3600);
      return repo.insertCode(tx, {
        mobile,
        type,
        codeHash: hashCode(salt, code),
        salt,
        userId,
        ip: ip.slice(0, 64),
        expiresAt: new Date(now + CODE_TTL_MS),
      });
    });
    // A password reset for a phone with no account answers the same but sends nothing (no account probing).
    if (deliver) {
      try {
        await this.provider.send({ mobile, code, minutes: CODE_TTL_MS / 60_000 });
      } catch (err) {
        await repo.deleteCode(this.db, id);
        if (err instanceof SmsSendError) throw new AppError(Code.EXTERNAL_API_ERROR, err.message);
        throw err;
      }
    }
    return { interval: SMS_RESEND_SECONDS };
  }

  /** `sms.verify`: proves the caller's bound phone (a rebind needs it within 10 minutes). */
  async verify(actor: Actor, code: string): Promise<{ verified: boolean }> {
    this.requireEnabled();
    const me = await this.me(actor);
    if (!me.mobile) throw new AppError(Code.ENTER_NEW_PHONE);
    const row = await this.check(me.mobile, 'verify', code, me.id);
    await this.spendAlone(row);
    return { verified: true };
  }

  /** `sms.login`: the account of the phone, or a new one when registration allows. */
  async login(
    mobile: string,
    code: string,
    client: ClientInfo,
    /** Runs in the login's transaction with the account (binds a pending WeChat to it). */
    link?: (tx: Tx, userId: number) => Promise<void>,
  ): Promise<LoginResult> {
    this.requireEnabled();
    const row = await this.check(mobile, 'login', code, null);
    const spend = (tx: Tx) => this.spend(tx, row);
    const user = await findUserByMobile(this.db, mobile);
    // An account with an authenticator still answers the second step (the code is spent either way).
    const second = user ? await this.users.secondFactor?.(user) : null;
    if (second) {
      await this.spendAlone(row);
      throw new AppError(Code.TWO_FACTOR_REQUIRED, '', { twoFactorToken: second });
    }
    if (user) {
      const spendAndLink = async (tx: Tx) => {
        await spend(tx);
        await link?.(tx, user.id);
      };
      return this.users.signIn(user, client, spendAndLink);
    }
    this.requireRegistration();
    try {
      return await this.users.createAccount(
        // The nickname is asked for after the first login (empty means "missing").
        { username: `m${randomBytes(5).toString('hex')}`, nickname: '', passwordHash: '', mobile },
        client,
        spend,
        undefined,
        link,
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Code.MOBILE_BOUND);
      throw err;
    }
  }

  /** `sms.bind`: a phone for an account that has none. */
  async bind(actor: Actor, mobile: string, code: string): Promise<CurrentUser> {
    this.requireEnabled();
    const me = await this.me(actor);
    if (me.mobile) throw new AppError(Code.ACCOUNT_BOUND);
    const row = await this.check(mobile, 'bind', code, me.id);
    return this.setMobile(actor, me, mobile, row);
  }

  /** `sms.rebind`: a new phone, once the current one was verified. */
  async rebind(actor: Actor, mobile: string, code: string): Promise<CurrentUser> {
    this.requireEnabled();
    const me = await this.me(actor);
    await this.requireVerified(me, mobile);
    const row = await this.check(mobile, 'rebind', code, me.id);
    return this.setMobile(actor, me, mobile, row);
  }

  /** `sms.reset.pwd`: a new password for the phone's account; every session of it ends. */
  async resetPassword(mobile: string, code: string, password: string, lang: Lang): Promise<null> {
    this.requireEnabled();
    this.users.checkNewPassword(password, lang);
    const row = await this.check(mobile, 'reset_pwd', code, null);
    const user = await findUserByMobile(this.db, mobile);
    if (!user) throw new AppError(Code.SMS_WRONG_CODE);
    const passwordHash = await hashPassword(password);
    await inTransaction(this.db, async (tx) => {
      await this.spend(tx, row);
      await updateUser(tx, user.id, { passwordHash });
    });
    this.users.forgetCurrent(user.id);
    await this.users.revokeOtherSessions(user.id, null);
    return null;
  }

  /** `sms.reset.pay.pwd`: a new pay password with a code sent to the caller's bound phone. */
  async resetPayPassword(actor: Actor, code: string, payPassword: string): Promise<null> {
    this.requireEnabled();
    const me = await this.me(actor);
    if (!me.mobile) throw new AppError(Code.NEED_BIND_PHONE);
    const row = await this.check(me.mobile, 'reset_pay_pwd', code, me.id);
    const payPasswordHash = await hashPassword(payPassword);
    await inTransaction(this.db, async (tx) => {
      await this.spend(tx, row);
      await updateUser(tx, me.id, { payPasswordHash });
    });
    return null;
  }

  /** Where a code of this purpose goes, refused early when it could never be used. */
  private async target(actor: Actor, type: SmsType, given: string | undefined) {
    if (type === 'verify' || type === 'reset_pay_pwd') {
      const me = await this.me(actor);
      if (!me.mobile) throw new AppError(type === 'verify' ? Code.ENTER_NEW_PHONE : Code.NEED_BIND_PHONE);
      return { mobile: me.mobile, userId: me.id, deliver: true };
    }
    if (!given) throw invalid('mobile is required');
    const owner = await findUserByMobile(this.db, given);
    if (type === 'bind' || type === 'rebind') {
      const me = await this.me(actor);
      if (type === 'bind' && me.mobile) throw new AppError(Code.ACCOUNT_BOUND);
      if (owner?.id === me.id) throw new AppError(Code.ENTER_NEW_PHONE);
      if (owner) throw new AppError(Code.MOBILE_BOUND);
      if (type === 'rebind') await this.requireVerified(me, given);
      return { mobile: given, userId: me.id, deliver: true };
    }
    if (type === 'login' && !owner) this.requireRegistration();
    return { mobile: given, userId: null, deliver: type === 'login' || owner !== null };
  }

  /** Checks an answer against the newest code of the phone and purpose; wrong answers are counted. */
  private async check(mobile: string, type: SmsType, code: string, userId: number | null) {
    const row = await repo.latestCode(this.db, mobile, type);
    if (!row || (userId !== null && row.userId !== userId)) throw new AppError(Code.SMS_WRONG_CODE);
    if (row.usedAt || row.expiresAt.getTime() < Date.now()) throw new AppError(Code.SMS_CODE_EXPIRED);
    const want = Buffer.from(row.codeHash, 'hex');
    const got = Buffer.from(hashCode(row.salt, code), 'hex');
    if (!timingSafeEqual(want, got)) {
      await repo.addAttempt(this.db, row.id, MAX_ATTEMPTS);
      throw new AppError(Code.SMS_WRONG_CODE);
    }
    return row;
  }

  /** Spends a checked code inside the caller's transaction; a second request with it finds it spent. */
  private async spend(tx: Tx, row: repo.CodeRow): Promise<void> {
    if (!(await repo.spendCode(tx, row.id))) throw new AppError(Code.SMS_CODE_EXPIRED);
  }

  private async spendAlone(row: repo.CodeRow): Promise<void> {
    await inTransaction(this.db, (tx) => this.spend(tx, row));
  }

  private async setMobile(actor: Actor, me: UserRow, mobile: string, row: repo.CodeRow) {
    try {
      const updated = await inTransaction(this.db, async (tx) => {
        await this.spend(tx, row);
        return updateUser(tx, me.id, { mobile, bindType: me.bindType | BIND_PHONE });
      });
      this.users.forgetCurrent(me.id);
      return presentCurrentUser(updated ?? me, this.groups.group(actor.groupId));
    } catch (err) {
      // Another account took the phone between the code and now: the unique index decides.
      if (isUniqueViolation(err)) throw new AppError(Code.MOBILE_BOUND);
      throw err;
    }
  }

  private async requireVerified(me: UserRow, mobile: string): Promise<void> {
    if (!me.mobile) return;
    if (me.mobile === mobile) throw new AppError(Code.ENTER_NEW_PHONE);
    const since = new Date(Date.now() - VERIFY_WINDOW_MS);
    if (!(await repo.verifiedSince(this.db, me.id, me.mobile, since)))
      throw new AppError(Code.VERIFY_OLD_PHONE);
  }

  /** New accounts by phone: registration open, and not the WeChat-only mode (reference §1.1 register_type). */
  private requireRegistration(): void {
    if (!this.settings.bool('register_close')) throw new AppError(Code.REGISTER_CLOSED);
    if (this.settings.int('register_type', 0) === 2) throw new AppError(Code.BAD_REGISTER_TYPE);
  }

  private requireEnabled(): void {
    if (!this.enabled()) throw new AppError(Code.SMS_NOT_OPEN);
  }

  private async me(actor: Actor): Promise<UserRow> {
    if (actor.userId === null) throw new AppError(Code.JUMP_TO_LOGIN);
    const me = await findUserById(this.db, actor.userId);
    if (!me) throw new AppError(Code.JUMP_TO_LOGIN);
    return me;
  }
}
