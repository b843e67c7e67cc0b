import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code, type LoginResult } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { AppError } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/http/lang.js';
import type { SettingsService } from '../settings/index.js';
import { findUserById, type ClientInfo, type UserRow, type UsersService } from '../users/index.js';
import * as repo from './two-factor.repository.js';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.js';

/** The second login step must follow the password within this time. */
const PENDING_TTL_MS = 5 * 60_000;
/** Recovery codes given at enrolment. */
const RECOVERY_COUNT = 10;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function recoveryCode(): string {
  const s = randomBytes(10)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
  return `${s.slice(0, 5)}-${s.slice(5, 10)}`;
}

const wrong = () => new AppError(Code.TWO_FACTOR_WRONG);

/**
 * Two-factor authentication (beyond the original): an authenticator app (TOTP) with one-time recovery codes,
 * optional for members, enforceable for administrators (`two_factor_admin_required`).
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether the site requires administrators to use it. */
  adminRequired(): boolean {
    return this.settings.bool('two_factor_admin_required');
  }

  /** Whether a user has it on. */
  async enabled(userId: number): Promise<boolean> {
    return Boolean((await repo.findTotp(this.db, userId))?.enabledAt);
  }

  async status(actor: Actor) {
    const row = await repo.findTotp(this.db, actor.userId!);
    return {
      enabled: Boolean(row?.enabledAt),
      required: actor.isAdmin && this.adminRequired(),
      recoveryLeft: row?.enabledAt ? row.recoveryHashes.length : 0,
    };
  }

  /** A new secret for the authenticator; refused while one is on (turn it off first). */
  async setup(actor: Actor) {
    const me = await this.me(actor);
    const secret = newTotpSecret();
    if (!(await repo.startEnrolment(this.db, me.id, secret))) throw new AppError(Code.RESOURCE_EXIST);
    const issuer = this.settings.get('site_name') || 'Forum';
    return { secret, otpauthUrl: otpauthUrl(issuer, me.username, secret) };
  }

  /** Proves the pending secret with a first code; the recovery codes are shown this once. */
  async enable(actor: Actor, code: string) {
    const row = await repo.findTotp(this.db, actor.userId!);
    if (!row || row.enabledAt) throw new AppError(Code.RESOURCE_NOT_FOUND);
    await this.checkTotp(row, code);
    const codes = Array.from({ length: RECOVERY_COUNT }, recoveryCode);
    await repo.enable(this.db, row.userId, codes.map(sha256));
    return { recoveryCodes: codes };
  }

  /** Turns it off with a current or recovery code. */
  async disable(actor: Actor, code: string): Promise<null> {
    const row = await repo.findTotp(this.db, actor.userId!);
    if (!row?.enabledAt) throw new AppError(Code.RESOURCE_NOT_FOUND);
    await this.checkCode(row, code);
    await repo.removeTotp(this.db, row.userId);
    return null;
  }

  /** For the password step: a signed token for the second step when the account has an authenticator. */
  async pendingToken(user: UserRow): Promise<string | null> {
    if (!(await this.enabled(user.id))) return null;
    const body = `${user.id}.${this.now() + PENDING_TTL_MS}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The second step: a valid token and code log the account in; wrong codes count against the address. */
  async login(token: string, code: string, client: ClientInfo, lang: Lang): Promise<LoginResult> {
    const [uid, exp, mac, ...rest] = token.split('.');
    const want = Buffer.from(this.mac(`${uid}.${exp}`), 'hex');
    const got = Buffer.from(mac ?? '', 'hex');
    if (
      rest.length ||
      want.length !== got.length ||
      !timingSafeEqual(want, got) ||
      Number(exp) < this.now()
    ) {
      throw new AppError(Code.INVALID_TOKEN);
    }
    await this.users.assertNotLocked(client.ip, lang);
    const user = await findUserById(this.db, Number(uid));
    const row = user ? await repo.findTotp(this.db, user.id) : null;
    if (!user || !row?.enabledAt) throw new AppError(Code.INVALID_TOKEN);
    try {
      await this.checkCode(row, code);
    } catch (err) {
      await this.users.recordFailure(client.ip, lang);
      throw err;
    }
    return this.users.signIn(user, client);
  }

  private async checkCode(row: repo.TotpRow, code: string): Promise<void> {
    if (code.includes('-')) {
      if (!(await repo.useRecovery(this.db, row.userId, sha256(code)))) throw wrong();
      return;
    }
    await this.checkTotp(row, code);
  }

  private async checkTotp(row: repo.TotpRow, code: string): Promise<void> {
    const counter = matchTotp(row.secret, code, this.now());
    if (counter === null || !(await repo.useCounter(this.db, row.userId, counter))) throw wrong();
  }

  private mac(s: string): string {
    return createHmac('sha256', this.settings.get('two_factor_secret')).update(s).digest('hex');
  }

  private async me(actor: Actor): Promise<UserRow> {
    const me = await findUserById(this.db, actor.userId!);
    if (!me) throw new AppError(Code.JUMP_TO_LOGIN);
    return me;
  }
}
