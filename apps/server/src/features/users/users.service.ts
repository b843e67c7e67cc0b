import {
  Code,
  GroupId,
  UserStatus,
  type CurrentUser,
  type LoginResult,
  type PublicUser,
} from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { guestActor } from '../../platform/auth/actor.js';
import {
  hashPassword,
  parseStrength,
  passwordProblem,
  verifyPassword,
  needsRehash,
} from '../../platform/auth/password.js';
import { TOKEN_TTL_MS, hashToken, newToken } from '../../platform/auth/tokens.js';
import type { Bus } from '../../platform/cache/bus.js';
import type { Db, Tx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError } from '../../platform/http/errors.js';
import { pick, type Lang } from '../../platform/http/lang.js';
import { findUserGroup, setUserGroup, type GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import { requireCaptcha, type CaptchaProvider } from '../captcha/index.js';
import { presentCurrentUser, presentPublicUser } from './users.presenter.js';
import * as repo from './users.repository.js';
import { UsersSearchService } from './users-search.service.js';

/** Five failed logins from one IP lock it for 15 minutes (reference §1.1: 5 per IP). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** `bind_type` bit of a bound phone (reference §3: 1 WeChat, 2 QQ, 4 phone). */
export const BIND_PHONE = 4;
/** `bind_type` bit of a bound WeChat. */
export const BIND_WECHAT = 1;
/** Sessions are cached this long; logout and status changes drop them at once on every instance. */
const SESSION_CACHE_MS = 5000;
/**
 * Bus channel of revoked sessions: a token hash, one member's (`userSessionsMessage`), or '*' when any session
 * may have changed (bans, groups).
 */
export const REVOKED_CHANNEL = 'sessions.revoked';

/** The revocation message for one member's sessions (token hashes are hex, so it never names a token). */
export function userSessionsMessage(userId: number): string {
  return `user:${userId}`;
}

/** The member a revocation message names, or null for a token hash or '*'. */
export function userOfMessage(message: string): number | null {
  if (!message.startsWith('user:')) return null;
  const id = Number(message.slice(5));
  return Number.isSafeInteger(id) ? id : null;
}

/** Where a request came from, for audit columns and the lockout. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Checks a name against the content filter; throws -4001 naming the word (set by the stop-words feature). */
export type NameCensor = (scope: 'username' | 'nickname' | 'signature', text: string) => void;

interface CachedSession {
  actor: Actor;
  at: number;
}

/** Whether a paid-site membership (`users.expired_at`) is running. */
function isPaid(paidUntil: Date | null): boolean {
  return paidUntil != null && paidUntil.getTime() > Date.now();
}

/** Accounts: registration, login, tokens and the actor behind a token. */
export class UsersService {
  private sessions = new Map<string, CachedSession>();
  /** The current user's own view, cached as briefly as sessions: the forum reply reads it on every page. */
  private currentUsers = new Map<number, { user: CurrentUser; at: number }>();
  private censor: NameCensor = () => {};
  /** User search (`users.list`). */
  readonly search: UsersSearchService;
  /** The site's captcha, asked at registration when `register_captcha` is on; set by the captcha feature. */
  captcha?: CaptchaProvider;
  /** A second-step token when the account must answer an authenticator code; set by the two-factor feature. */
  secondFactor?: (user: repo.UserRow) => Promise<string | null>;
  /** Whether a new account must fill sign-in fields first; set by the sign-in fields feature. */
  needsFields?: () => Promise<boolean>;
  /** The thread a user pinned on their profile; set by the threads feature. */
  pinnedThread?: (userId: number) => Promise<number | null>;
  /** How a viewer relates to a user (follow state, blocks both ways); set by the follows feature. */
  relations?: (
    viewerId: number,
    userId: number,
  ) => Promise<{ follow: 0 | 1 | 2; isDeny: boolean; isDenied: boolean }>;
  /** The same for a page of users (follow state and block flag); set by the follows feature. */
  relationsOf?: (
    viewerId: number,
    ids: number[],
  ) => Promise<Map<number, { follow: 0 | 1 | 2; isDeny: boolean }>>;

  /** Applies an invite code to a new account in its registration transaction; answers its group if it
   * changed. Set by the invites feature. */
  invited?: (tx: Tx, userId: number, code: string) => Promise<number | null>;
  /** Welcomes a new account once it is committed (the `registered` notice); set where the notifier is mounted. */
  welcome?: (user: { id: number; nickname: string }) => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly groups: GroupsService,
    private readonly bus: Bus,
  ) {
    this.search = new UsersSearchService(db, groups);
    bus.subscribe(REVOKED_CHANNEL, (message) => this.dropSessions(message));
  }

  /** Installs the content filter for usernames, nicknames and signatures. */
  setCensor(censor: NameCensor): void {
    this.censor = censor;
  }

  /** Runs the content filter (throws -4001 naming the words when banned). */
  censorText(scope: 'username' | 'nickname' | 'signature', text: string): void {
    this.censor(scope, text);
  }

  /** Forgets the cached current-user view (after the account changed). */
  forgetCurrent(userId: number): void {
    this.currentUsers.delete(userId);
  }

  /** Checks a new password against the site's rules (length, classes, no spaces). */
  checkNewPassword(password: string, lang: Lang): void {
    this.checkPassword(password, lang);
  }

  /** Ends every session of a user but one, on every instance (their sockets close too). */
  async revokeOtherSessions(userId: number, keepTokenId: number | null): Promise<void> {
    const hashes = await repo.revokeUserTokens(this.db, userId, keepTokenId);
    for (const h of hashes) {
      this.dropSessions(h);
      await this.bus.publish(REVOKED_CHANNEL, h);
    }
  }

  /** Registers with username and password (reference §1.1 rules). */
  async register(
    input: {
      username: string;
      password: string;
      nickname?: string | undefined;
      captchaTicket?: string | undefined;
      captchaRandStr?: string | undefined;
      /** An invite code (the invites feature decides what it grants). */
      code?: string | undefined;
    },
    client: ClientInfo,
    lang: Lang,
  ): Promise<LoginResult> {
    if (!this.settings.bool('register_close')) throw new AppError(Code.REGISTER_CLOSED);
    // Phone mode (1) and WeChat mode (2) create accounts only through their own flow (reference §1.1).
    if (this.settings.int('register_type', 0) !== 0) throw new AppError(Code.BAD_REGISTER_TYPE);
    if (this.captcha && this.settings.bool('register_captcha')) {
      await requireCaptcha(this.captcha, input.captchaTicket, input.captchaRandStr);
    }
    this.censor('username', input.username);
    if (input.nickname) this.censor('nickname', input.nickname);
    this.checkPassword(input.password, lang);
    if (await repo.findUserByUsername(this.db, input.username)) throw new AppError(Code.USERNAME_EXISTS);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.createAccount(
        { username: input.username, nickname: input.nickname ?? input.username, passwordHash },
        client,
        undefined,
        input.code,
      );
    } catch (err) {
      // Two registrations racing for one name: the unique index decides, the loser gets the clear code.
      if (isUniqueViolation(err)) {
        throw new AppError(Code.USERNAME_EXISTS);
      }
      throw err;
    }
  }

  /**
   * Creates an account under the registration rules (review, sign-in fields, default group) and logs it in.
   * `spend` runs first in the same transaction (a text message code), so a failure leaves nothing behind.
   */
  async createAccount(
    fields: { username: string; nickname: string; passwordHash: string; mobile?: string; bindType?: number },
    client: ClientInfo,
    spend?: (tx: Tx) => Promise<void>,
    inviteCode?: string,
    /** Runs after the insert in the same transaction (links a WeChat identity to the new account). */
    link?: (tx: Tx, userId: number) => Promise<void>,
  ): Promise<LoginResult> {
    // With extended sign-in fields on (and a required one to fill), a new account starts at "fill the fields".
    const status =
      this.settings.bool('open_ext_fields') && (await this.needsFields?.())
        ? UserStatus.NEEDS_FIELDS
        : this.settings.bool('register_validate')
          ? UserStatus.PENDING
          : UserStatus.NORMAL;
    const created = await inTransaction(this.db, async (tx) => {
      await spend?.(tx);
      const user = await repo.insertUser(tx, {
        ...fields,
        ...(fields.mobile ? { bindType: BIND_PHONE } : {}),
        ...(fields.bindType ? { bindType: fields.bindType } : {}),
        status,
        registerIp: client.ip,
        lastLoginIp: client.ip,
        loginAt: new Date(),
      });
      await setUserGroup(tx, user.id, this.groups.defaultGroupId());
      // A link may change the row (bind_type): answer what was stored.
      let stored = user;
      if (link) {
        await link(tx, user.id);
        stored = (await repo.findUserById(tx, user.id)) ?? user;
      }
      // An invite code may put the new member in another group (the invites feature).
      const invited = inviteCode ? await this.invited?.(tx, user.id, inviteCode) : null;
      const tokens = await this.issueTokens(tx, user.id, client);
      return { stored, result: this.loginResult(stored, invited ?? this.groups.defaultGroupId(), tokens) };
    });
    await this.welcome?.(created.stored);
    return created.result;
  }

  /** Logs in; five failures from one IP lock it with a message that says how long to wait. */
  async login(
    input: { username: string; password: string },
    client: ClientInfo,
    lang: Lang,
  ): Promise<LoginResult> {
    const failure = await this.assertNotLocked(client.ip, lang);
    const user = await repo.findUserByUsername(this.db, input.username);
    const ok = await verifyPassword(user?.passwordHash || null, input.password);
    if (!user || !ok) {
      const left = await this.recordFailure(client.ip, lang);
      throw new AppError(
        Code.WRONG_CREDENTIALS,
        pick(lang, {
          zh: `用户名或密码错误，还可以尝试${left}次`,
          en: `Wrong username or password; ${left} attempt(s) left`,
        }),
        { attemptsLeft: left },
      );
    }
    if (failure) await repo.clearLoginFailures(this.db, client.ip);
    if (needsRehash(user.passwordHash)) await this.rehash(user.id, input.password);
    // An account with an authenticator answers -7090 with a token for the second step instead.
    const second = await this.secondFactor?.(user);
    if (second) throw new AppError(Code.TWO_FACTOR_REQUIRED, '', { twoFactorToken: second });
    return this.signIn(user, client);
  }

  /** Replaces an imported bcrypt hash, or an argon2id one of older parameters, once the password is right. */
  private async rehash(userId: number, password: string): Promise<void> {
    await repo.updateUser(this.db, userId, { passwordHash: await hashPassword(password) });
  }

  /** Refuses an address locked by failed logins (-4029 saying how long); answers its failure row, if any. */
  async assertNotLocked(ip: string, lang: Lang) {
    const failure = await repo.findLoginFailure(this.db, ip);
    if (failure && failure.count >= LOGIN_MAX_FAILURES) {
      const waitMs = failure.lastFailedAt.getTime() + LOGIN_LOCK_MS - Date.now();
      if (waitMs > 0) throw this.lockedError(waitMs, lang);
    }
    return failure;
  }

  /** Counts a failed login step from an address; throws the lock at the limit, else answers the tries left. */
  async recordFailure(ip: string, lang: Lang): Promise<number> {
    const count = await repo.recordLoginFailure(this.db, ip, LOGIN_LOCK_MS);
    if (count >= LOGIN_MAX_FAILURES) throw this.lockedError(LOGIN_LOCK_MS, lang);
    return LOGIN_MAX_FAILURES - count;
  }

  /**
   * Logs a known account in: refused for banned, rejected and ignored accounts; otherwise a new token pair.
   * `spend` runs first in the same transaction (a text message code), so a refusal leaves it unspent.
   */
  async signIn(
    user: repo.UserRow,
    client: ClientInfo,
    spend?: (tx: Tx) => Promise<void>,
  ): Promise<LoginResult> {
    if (user.status === UserStatus.BANNED) {
      throw new AppError(Code.USER_BAN, user.banReason, { banReason: user.banReason });
    }
    if (user.status === UserStatus.REJECTED) {
      throw new AppError(Code.VALIDATE_REJECT, user.rejectReason, { rejectReason: user.rejectReason });
    }
    if (user.status === UserStatus.IGNORED) throw new AppError(Code.VALIDATE_IGNORE);
    // Read before the transaction: a query on `db` inside it would take a second pooled connection.
    const membership = await this.groupOf(user.id);
    return inTransaction(this.db, async (tx) => {
      await spend?.(tx);
      const updated = await repo.updateUser(tx, user.id, { loginAt: new Date(), lastLoginIp: client.ip });
      const tokens = await this.issueTokens(tx, user.id, client);
      return this.loginResult(updated ?? user, membership, tokens);
    });
  }

  /** Revokes the session the actor used, on every instance. */
  async logout(actor: Actor): Promise<void> {
    if (actor.tokenId == null) return;
    const hash = await repo.revokeToken(this.db, actor.tokenId);
    if (!hash) return;
    // Drop it here at once (a Redis message comes back later), then tell the other instances.
    this.dropSessions(hash);
    await this.bus.publish(REVOKED_CHANNEL, hash);
  }

  /** Swaps a refresh token for a new pair; the old pair stops working. */
  async refresh(refreshToken: string, client: ClientInfo): Promise<LoginResult> {
    const row = await repo.findTokenByRefreshHash(this.db, hashToken(refreshToken));
    if (!row) throw new AppError(Code.INVALID_TOKEN);
    const user = await repo.findUserById(this.db, row.userId);
    if (!user) throw new AppError(Code.INVALID_TOKEN);
    const membership = await this.groupOf(user.id);
    const result = await inTransaction(this.db, async (tx) => {
      const revoked = await repo.revokeToken(tx, row.id);
      // A refresh token used twice at once: only the first revocation wins.
      if (!revoked) throw new AppError(Code.INVALID_TOKEN);
      const tokens = await this.issueTokens(tx, user.id, client);
      return this.loginResult(user, membership, tokens);
    });
    this.dropSessions(row.tokenHash);
    await this.bus.publish(REVOKED_CHANNEL, row.tokenHash);
    return result;
  }

  /** The cached session for a token hash when it is fresh enough to trust without asking the database. */
  private freshSession(hash: string) {
    const hit = this.sessions.get(hash);
    return hit && Date.now() - hit.at < SESSION_CACHE_MS ? hit : undefined;
  }

  /** The actor for a token when its session is cached and fresh, without a query (pages' fast path); else null. */
  peekActor(token: string, via: 'bearer' | 'cookie'): Actor | null {
    const hit = this.freshSession(hashToken(token));
    return hit ? { ...hit.actor, via } : null;
  }

  /**
   * {@link peekActor}, and a check that says later, without hashing the token again, whether that answer still
   * holds: the same cached session, still fresh. A logout, a ban, a group change or a purchase drops the cached
   * session (`dropSessions`), so the check fails and the caller asks again.
   */
  peekHeldActor(token: string, via: 'bearer' | 'cookie'): { actor: Actor; holds: () => boolean } | null {
    const hash = hashToken(token);
    const hit = this.freshSession(hash);
    if (!hit) return null;
    return { actor: { ...hit.actor, via }, holds: () => this.freshSession(hash) === hit };
  }

  /** The actor behind a token (cached briefly); no token is a guest; a bad token is -4011. */
  async resolveActor(token: string | null, via: 'bearer' | 'cookie' | 'none'): Promise<Actor> {
    if (!token) return guestActor(this.groups.permissions(GroupId.GUEST));
    const hash = hashToken(token);
    const hit = this.freshSession(hash);
    if (hit) return { ...hit.actor, via };
    const s = await repo.findSessionByTokenHash(this.db, hash);
    if (!s) throw new AppError(Code.INVALID_TOKEN);
    const expired = s.groupExpiresAt != null && s.groupExpiresAt.getTime() < Date.now();
    // A lapsed paid group falls back to the default group (reference §1.10).
    const member = s.groupId == null || expired ? this.groups.defaultGroupId() : s.groupId;
    // Pay mode: a member who has not paid (or whose paid time ran out) is in the unpaid group (§1.10).
    const unpaid =
      member !== GroupId.ADMIN && this.settings.get('site_mode') === 'pay' && !isPaid(s.paidUntil);
    const groupId = unpaid ? GroupId.UNPAID : member;
    const actor: Actor = {
      userId: s.userId,
      isGuest: false,
      isAdmin: groupId === GroupId.ADMIN,
      groupId,
      permissions: this.groups.permissions(groupId),
      status: s.status,
      statusReason: s.status === UserStatus.BANNED ? s.banReason : s.rejectReason,
      tokenId: s.tokenId,
      via,
    };
    if (this.sessions.size > 10_000) this.sessions.clear();
    this.sessions.set(hash, { actor, at: Date.now() });
    return actor;
  }

  /**
   * A member of a group with no identity: what every member of the group sees, without anyone's likes,
   * favourites, own threads or drafts. Group renders of pages read as this actor; the viewer overlay adds
   * the person's own facts.
   */
  groupActor(groupId: number): Actor {
    return {
      userId: null,
      isGuest: false,
      isAdmin: groupId === GroupId.ADMIN,
      groupId,
      permissions: this.groups.permissions(groupId),
      status: 0,
      statusReason: '',
      tokenId: null,
      via: 'none',
    };
  }

  /**
   * Forgets cached sessions: one token hash, one member's (`user:<id>`, see `userSessionsMessage`), or all
   * for '*'.
   */
  dropSessions(message: string): void {
    if (message === '*') {
      this.sessions.clear();
      this.currentUsers.clear();
      return;
    }
    const userId = userOfMessage(message);
    if (userId === null) {
      this.sessions.delete(message);
      return;
    }
    // At most 10,000 entries: a scan is cheaper than keeping an index by member in step.
    for (const [hash, s] of this.sessions) if (s.actor.userId === userId) this.sessions.delete(hash);
    this.currentUsers.delete(userId);
  }

  /**
   * Tells every instance to forget cached sessions after a status or group change: one member's when
   * `userId` is given (a purchase), everyone's otherwise (a group's permissions, a batch).
   */
  async sessionsChanged(userId?: number): Promise<void> {
    const message = userId === undefined ? '*' : userSessionsMessage(userId);
    this.dropSessions(message);
    await this.bus.publish(REVOKED_CHANNEL, message);
  }

  /** The user's current group id (default group when none). */
  async groupOf(userId: number): Promise<number> {
    const g = await findUserGroup(this.db, userId);
    if (!g || (g.expiresAt && g.expiresAt.getTime() < Date.now())) return this.groups.defaultGroupId();
    return g.groupId;
  }

  /** A profile: the owner's own view, or the public view (needs `user.view`). */
  async profile(actor: Actor, userId: number | undefined): Promise<CurrentUser | PublicUser> {
    const id = userId ?? actor.userId;
    if (id == null) throw new AppError(Code.JUMP_TO_LOGIN);
    const user = await repo.findUserById(this.db, id);
    if (!user) throw new AppError(Code.RESOURCE_NOT_FOUND);
    const group = this.groups.group(await this.groupOf(user.id));
    if (id === actor.userId) return presentCurrentUser(user, group);
    return presentPublicUser(user, group);
  }

  /** Whether a username is free. */
  async usernameAvailable(username: string): Promise<boolean> {
    return (await repo.findUserByUsername(this.db, username)) === null;
  }

  /** Sets the actor's nickname. */
  async setNickname(actor: Actor, nickname: string): Promise<CurrentUser> {
    this.censor('nickname', nickname);
    const user = await repo.updateUser(this.db, actor.userId!, { nickname });
    if (!user) throw new AppError(Code.RESOURCE_NOT_FOUND);
    this.currentUsers.delete(user.id);
    return presentCurrentUser(user, this.groups.group(actor.groupId));
  }

  /** The current user's own view, for the forum reply. */
  /** `currentUser` when it is cached and fresh (no query), else undefined. */
  peekCurrentUser(actor: Actor): CurrentUser | null | undefined {
    if (actor.userId == null) return null;
    const hit = this.currentUsers.get(actor.userId);
    if (hit && Date.now() - hit.at < SESSION_CACHE_MS && hit.user.group.id === actor.groupId) return hit.user;
    return undefined;
  }

  async currentUser(actor: Actor): Promise<CurrentUser | null> {
    if (actor.userId == null) return null;
    const hit = this.currentUsers.get(actor.userId);
    if (hit && Date.now() - hit.at < SESSION_CACHE_MS && hit.user.group.id === actor.groupId) return hit.user;
    const user = await repo.findUserById(this.db, actor.userId);
    if (!user) return null;
    const presented = presentCurrentUser(user, this.groups.group(actor.groupId));
    if (this.currentUsers.size > 10_000) this.currentUsers.clear();
    this.currentUsers.set(actor.userId, { user: presented, at: Date.now() });
    return presented;
  }

  private checkPassword(password: string, lang: Lang): void {
    const problem = passwordProblem(
      password,
      this.settings.int('password_length', 6),
      parseStrength(this.settings.get('password_strength')),
    );
    if (problem) {
      const code = /\s/.test(password) ? Code.SPACE_IN_PASSWORD : Code.ILLEGAL_PASSWORD;
      throw new AppError(code, pick(lang, problem));
    }
  }

  private lockedError(waitMs: number, lang: Lang): AppError {
    const minutes = Math.max(1, Math.ceil(waitMs / 60000));
    return new AppError(
      Code.TOO_MANY_REQUESTS,
      pick(lang, {
        zh: `登录失败次数过多，请${minutes}分钟后再试`,
        en: `Too many failed logins. Try again in ${minutes} minute(s)`,
      }),
      { retryAfterSeconds: Math.ceil(waitMs / 1000) },
    );
  }

  private async issueTokens(tx: Parameters<typeof repo.insertToken>[0], userId: number, client: ClientInfo) {
    const accessToken = newToken();
    const refreshToken = newToken();
    const now = Date.now();
    await repo.insertToken(tx, {
      userId,
      tokenHash: hashToken(accessToken),
      refreshHash: hashToken(refreshToken),
      expiresAt: new Date(now + TOKEN_TTL_MS),
      refreshExpiresAt: new Date(now + TOKEN_TTL_MS),
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 300),
    });
    return { accessToken, refreshToken };
  }

  private loginResult(
    user: repo.UserRow,
    groupId: number,
    tokens: { accessToken: string; refreshToken: string },
  ): LoginResult {
    const current = presentCurrentUser(user, this.groups.group(groupId));
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      tokenType: 'Bearer',
      expiresIn: Math.floor(TOKEN_TTL_MS / 1000),
      uid: user.id,
      userId: user.id,
      userStatus: user.status,
      isMissNickname: current.isMissNickname,
      csrfToken: '',
      user: current,
    };
  }
}
