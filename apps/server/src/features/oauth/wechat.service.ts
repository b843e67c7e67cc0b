import { randomBytes } from 'node:crypto';
import {
  Code,
  QRCODE_TTL_SECONDS,
  type CurrentUser,
  type LoginResult,
  type WechatAction,
} from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { verifyPassword } from '../../platform/auth/password.js';
import type { Db, Tx } from '../../platform/db/db.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/http/errors.js';
import { pick, type Lang } from '../../platform/http/lang.js';
import type { GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import type { SmsService } from '../sms/index.js';
import {
  BIND_WECHAT,
  findUserById,
  findUserByUsername,
  presentCurrentUser,
  updateUser,
  type ClientInfo,
  type UserRow,
  type UsersService,
} from '../users/index.js';
import type { FlowTokens } from './oauth-tokens.js';
import * as repo from './oauth.repository.js';
import { BAD_CODE_ERRORS, WechatError, type WechatOAuthClient } from './wechat.client.js';

/** An OAuth state is good for 10 minutes; a pending WeChat waits 30 minutes for its account. */
const STATE_TTL_MS = 10 * 60_000;
const PENDING_TTL_MS = 30 * 60_000;

/** "This WeChat belongs to another account" / "this account already has one". */
const taken = (lang: Lang | undefined, mine: boolean) =>
  new AppError(
    Code.RESOURCE_EXIST,
    pick(lang ?? 'zh', {
      zh: mine ? '账号已绑定微信' : '该微信已绑定其他账号',
      en: mine ? 'This account already has a WeChat bound' : 'This WeChat is bound to another account',
    }),
  );

/**
 * WeChat official-account login (reference §1.1): H5 authorization, binding and rebinding, pending identities
 * bound to a new or existing account, and pc QR sessions completed from the phone.
 */
export class WechatService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
    private readonly client: WechatOAuthClient,
    private readonly tokens: FlowTokens,
    private readonly sms: SmsService | null,
  ) {}

  /** Whether the site switched official-account login on (`offiaccount_close` 1 means open, like the original). */
  enabled(): boolean {
    return this.settings.bool('offiaccount_close') && this.client.configured();
  }

  /** The consent URL for an action; a QR action names the live pc session it completes. */
  async oauthUrl(actor: Actor, action: WechatAction, qrToken: string | undefined, origin: string) {
    this.requireEnabled();
    if ((action === 'bind' || action === 'rebind') && actor.userId === null)
      throw new AppError(Code.JUMP_TO_LOGIN);
    const data: Record<string, string> = {};
    if (action === 'qrcode') {
      const qrId = qrToken ? this.tokens.verify(qrToken) : null;
      if (!qrId) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
      if (!(await repo.liveSession(this.db, qrId, 'qrcode'))) throw new AppError(Code.QRCODE_TIMEOUT);
      data.qr = qrId;
    }
    const { token, id } = this.tokens.issue();
    await repo.insertSession(this.db, {
      id,
      kind: 'state',
      purpose: action,
      userId: action === 'bind' || action === 'rebind' ? actor.userId : null,
      data,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    const redirect = `${origin}/user/wx-authorization?action=${action}`;
    return { location: this.client.authorizeUrl(redirect, token) };
  }

  /** `h5.login`: the bound account logs in; WeChat mode creates one; otherwise -7016 with a pending binding. */
  async login(code: string, state: string, client: ClientInfo, inviteCode?: string): Promise<LoginResult> {
    await this.consumeState(state, 'login', null);
    const wx = await this.identity(code);
    if (wx.userId !== null) return this.signInBound(wx.userId, client);
    if (this.settings.int('register_type', 0) === 2) return this.createFor(wx, client, inviteCode);
    throw await this.pending(wx);
  }

  /** `h5.bind`: my account gets the authorising WeChat. */
  async bind(actor: Actor, code: string, state: string, lang: Lang): Promise<CurrentUser> {
    const me = await this.me(actor);
    await this.consumeState(state, 'bind', me.id);
    if (me.bindType & BIND_WECHAT) throw taken(lang, true);
    const wx = await this.identity(code);
    return this.present(actor, await this.attach(me, wx.id, false, lang));
  }

  /** `h5.rebind`: my account's WeChat is replaced by the authorising one. */
  async rebind(actor: Actor, code: string, state: string, lang: Lang): Promise<CurrentUser> {
    const me = await this.me(actor);
    await this.consumeState(state, 'rebind', me.id);
    const wx = await this.identity(code);
    if (wx.userId === me.id) return this.present(actor, me);
    return this.present(actor, await this.attach(me, wx.id, true, lang));
  }

  /** `h5.register`: a new account for a pending WeChat (username or WeChat registration mode). */
  async register(pendingToken: string, client: ClientInfo, inviteCode?: string): Promise<LoginResult> {
    const { id, wx } = await this.pendingOf(pendingToken);
    if (this.settings.int('register_type', 0) === 1) throw new AppError(Code.BAD_REGISTER_TYPE);
    return this.createFor(wx, client, inviteCode, (tx) => this.spendPending(tx, id));
  }

  /** `username.bind`: logs an existing account in with its password and binds the pending WeChat to it. */
  async bindUsername(
    pendingToken: string,
    username: string,
    password: string,
    client: ClientInfo,
    lang: Lang,
  ): Promise<LoginResult> {
    const { id, wx } = await this.pendingOf(pendingToken);
    await this.users.assertNotLocked(client.ip, lang);
    const user = await findUserByUsername(this.db, username);
    if (!user || !(await verifyPassword(user.passwordHash || null, password))) {
      const left = await this.users.recordFailure(client.ip, lang);
      throw new AppError(Code.WRONG_CREDENTIALS, '', { attemptsLeft: left });
    }
    if (user.bindType & BIND_WECHAT) throw taken(lang, true);
    await this.requireNoSecondFactor(user);
    return this.users.signIn(user, client, (tx) => this.linkPending(tx, id, wx.id, user));
  }

  /** `sms.bind`: the phone's account (or a new one) logs in with a code and gets the pending WeChat. */
  async bindPhone(
    pendingToken: string,
    mobile: string,
    code: string,
    client: ClientInfo,
  ): Promise<LoginResult> {
    if (!this.sms) throw new AppError(Code.SMS_NOT_OPEN);
    const { id, wx } = await this.pendingOf(pendingToken);
    return this.sms.login(mobile, code, client, async (tx, userId) => {
      const user = await findUserById(tx, userId);
      if (!user) throw new AppError(Code.NOT_FOUND_USER);
      if (user.bindType & BIND_WECHAT) throw taken(undefined, true);
      await this.linkPending(tx, id, wx.id, user);
    });
  }

  /** `pc/wechat/h5.genqrcode`: a QR session; bind and rebind ones belong to the caller. */
  async genQrcode(actor: Actor, type: 'login' | 'bind' | 'rebind', origin: string) {
    this.requireEnabled();
    if (type !== 'login' && actor.userId === null) throw new AppError(Code.JUMP_TO_LOGIN);
    const { token, id } = this.tokens.issue();
    await repo.insertSession(this.db, {
      id,
      kind: 'qrcode',
      purpose: type,
      userId: type === 'login' ? null : actor.userId,
      expiresAt: new Date(Date.now() + QRCODE_TTL_SECONDS * 1000),
    });
    const url = `${origin}/user/wx-auth?action=qrcode&sessionToken=${encodeURIComponent(token)}`;
    return { sessionToken: token, url, expiresIn: QRCODE_TTL_SECONDS };
  }

  /** The phone side of a QR session: logs the bound account in there, or binds / rebinds the pc's account. */
  async completeQr(code: string, state: string) {
    const row = await this.consumeState(state, 'qrcode', null);
    const qr = await repo.liveSession(this.db, row.data.qr ?? '', 'qrcode');
    if (!qr) throw new AppError(Code.QRCODE_TIMEOUT);
    const wx = await this.identity(code);
    const type = qr.purpose as 'login' | 'bind' | 'rebind';
    if (type === 'login') {
      // A WeChat without an account: the person is at the computer, so the choice is made there (pollLogin).
      const marked =
        wx.userId === null
          ? await repo.scanQrByNewWechat(this.db, qr.id, wx.id)
          : await repo.completeQr(this.db, qr.id, wx.userId);
      if (!marked) throw new AppError(Code.QRCODE_TIMEOUT);
      return { done: true as const, type };
    }
    const me = qr.userId ? await findUserById(this.db, qr.userId) : null;
    if (!me) throw new AppError(Code.NOT_FOUND_USER);
    if (type === 'bind' && me.bindType & BIND_WECHAT) throw taken(undefined, true);
    if (wx.userId !== me.id) await this.attach(me, wx.id, type === 'rebind', undefined, qr.id);
    else if (!(await repo.completeQr(this.db, qr.id, me.id))) throw new AppError(Code.QRCODE_TIMEOUT);
    return { done: true as const, type };
  }

  /**
   * Polls a login QR: -7002 while waiting, -7001 once expired; the scanned account logs in (once). A WeChat
   * without an account gets -7016 with a pending binding here, on the computer (or its new account, in WeChat
   * registration mode), as the phone-side login does.
   */
  async pollLogin(token: string, client: ClientInfo): Promise<LoginResult> {
    const { id, row } = await this.qrState(token, null);
    if (row.purpose !== 'login') throw new AppError(Code.QRCODE_TYPE_ERROR);
    const spend = async (tx: Tx) => {
      if (!(await repo.spendSession(tx, id, 'qrcode'))) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    };
    const wx = row.wechatUserId ? await repo.wechatUserById(this.db, row.wechatUserId) : null;
    const userId = row.doneUserId ?? wx?.userId ?? null;
    if (userId === null) {
      if (!wx) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
      if (this.settings.int('register_type', 0) === 2) return this.createFor(wx, client, undefined, spend);
      await inTransaction(this.db, spend);
      throw await this.pending(wx);
    }
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError(Code.NOT_FOUND_USER);
    const second = await this.users.secondFactor?.(user);
    if (second) {
      await inTransaction(this.db, spend);
      throw new AppError(Code.TWO_FACTOR_REQUIRED, '', { twoFactorToken: second });
    }
    return this.users.signIn(user, client, spend);
  }

  /** Polls my bind or rebind QR; answers my account once the phone side bound it. */
  async pollBind(actor: Actor, token: string): Promise<CurrentUser> {
    const me = await this.me(actor);
    const { id } = await this.qrState(token, me.id);
    if (!(await repo.spendSession(this.db, id, 'qrcode'))) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    this.users.forgetCurrent(me.id);
    return this.present(actor, (await findUserById(this.db, me.id)) ?? me);
  }

  /** A QR session of this owner that the phone side finished; the waiting and expired answers otherwise. */
  private async qrState(token: string, ownerId: number | null) {
    const id = this.tokens.verify(token);
    const row = id ? await repo.findSession(this.db, id) : null;
    if (!id || !row || row.kind !== 'qrcode' || row.usedAt || row.userId !== ownerId)
      throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    if (row.expiresAt.getTime() < Date.now()) throw new AppError(Code.QRCODE_TIMEOUT);
    if (row.doneUserId === null && row.wechatUserId === null) throw new AppError(Code.QRCODE_SCANNING);
    return { id, row };
  }

  /** Checks and spends an OAuth state: genuine, live, for this purpose and (bind, rebind) this account. */
  private async consumeState(state: string, purpose: WechatAction, userId: number | null) {
    this.requireEnabled();
    const id = this.tokens.verify(state);
    const live = id ? await repo.liveSession(this.db, id, 'state') : null;
    if (!id || !live || live.purpose !== purpose || live.userId !== userId)
      throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    if (!(await repo.spendSession(this.db, id, 'state'))) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    return live;
  }

  /** The code's WeChat user, stored or refreshed; a bad or used code is -7045, a refusal -5004. */
  private async identity(code: string): Promise<repo.WechatUserRow> {
    try {
      const p = await this.client.profile(code);
      return await repo.upsertWechatUser(this.db, {
        mpOpenid: p.openid,
        unionid: p.unionid,
        nickname: p.nickname,
        avatar: p.avatar,
      });
    } catch (err) {
      if (!(err instanceof WechatError)) throw err;
      if (BAD_CODE_ERRORS.has(err.errcode)) throw new AppError(Code.AUTH_EXPIRED);
      throw new AppError(Code.EXTERNAL_API_ERROR, err.message);
    }
  }

  /** -7016 with a pending binding the next page answers (bind a username or phone, or create an account). */
  private async pending(wx: repo.WechatUserRow): Promise<AppError> {
    const { token, id } = this.tokens.issue();
    await repo.insertSession(this.db, {
      id,
      kind: 'pending',
      purpose: 'login',
      wechatUserId: wx.id,
      expiresAt: new Date(Date.now() + PENDING_TTL_MS),
    });
    return new AppError(Code.NEED_BIND_OR_CREATE_USER, '', {
      sessionToken: token,
      nickname: wx.nickname,
      avatar: wx.avatar,
      registerType: this.settings.int('register_type', 0),
    });
  }

  private async pendingOf(token: string) {
    this.requireEnabled();
    const id = this.tokens.verify(token);
    const row = id ? await repo.liveSession(this.db, id, 'pending') : null;
    const wx = row?.wechatUserId ? await repo.wechatUserById(this.db, row.wechatUserId) : null;
    if (!id || !wx) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    if (wx.userId !== null) throw taken(undefined, false);
    return { id, wx };
  }

  private async spendPending(tx: Tx, id: string): Promise<void> {
    if (!(await repo.spendSession(tx, id, 'pending'))) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
  }

  /** In the login's transaction: spends the pending binding and links its WeChat to the account. */
  private async linkPending(tx: Tx, pendingId: string, wxId: number, user: UserRow): Promise<void> {
    await this.spendPending(tx, pendingId);
    await this.link(tx, wxId, user);
  }

  private async link(tx: Tx, wxId: number, user: UserRow): Promise<void> {
    if (!(await repo.linkWechat(tx, wxId, user.id))) throw taken(undefined, false);
    await updateUser(tx, user.id, { bindType: user.bindType | BIND_WECHAT });
  }

  /** Binds a WeChat to an account (replacing its current one on a rebind), completing a QR session too. */
  private async attach(me: UserRow, wxId: number, replace: boolean, lang: Lang | undefined, qrId?: string) {
    try {
      const updated = await inTransaction(this.db, async (tx) => {
        if (replace) await repo.unlinkWechatOfUser(tx, me.id);
        await this.link(tx, wxId, me);
        if (qrId && !(await repo.completeQr(tx, qrId, me.id))) throw new AppError(Code.QRCODE_TIMEOUT);
        return findUserById(tx, me.id);
      });
      this.users.forgetCurrent(me.id);
      return updated ?? me;
    } catch (err) {
      // Another account took this WeChat meanwhile (or mine got one): the unique indexes decide.
      if (isUniqueViolation(err)) throw replace ? new AppError(Code.REBIND_FAILED) : taken(lang, true);
      throw err;
    }
  }

  /** A new account for a WeChat (registration open), its nickname taken from WeChat when acceptable. */
  private async createFor(
    wx: repo.WechatUserRow,
    client: ClientInfo,
    inviteCode: string | undefined,
    spend?: (tx: Tx) => Promise<void>,
  ): Promise<LoginResult> {
    if (!this.settings.bool('register_close')) throw new AppError(Code.REGISTER_CLOSED);
    let nickname = wx.nickname.replace(/\s+/g, '').slice(0, 15);
    try {
      if (nickname) this.users.censorText('nickname', nickname);
    } catch {
      nickname = ''; // asked on the nickname page instead
    }
    try {
      return await this.users.createAccount(
        { username: `w${randomBytes(5).toString('hex')}`, nickname, passwordHash: '', bindType: BIND_WECHAT },
        client,
        spend,
        inviteCode,
        async (tx, userId) => {
          if (!(await repo.linkWechat(tx, wx.id, userId))) throw taken(undefined, false);
        },
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw taken(undefined, false);
      throw err;
    }
  }

  private async signInBound(userId: number, client: ClientInfo): Promise<LoginResult> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError(Code.NOT_FOUND_USER);
    await this.requireNoSecondFactor(user);
    return this.users.signIn(user, client);
  }

  /** An account with an authenticator answers the second step first (the two-factor feature's token). */
  private async requireNoSecondFactor(user: UserRow): Promise<void> {
    const second = await this.users.secondFactor?.(user);
    if (second) throw new AppError(Code.TWO_FACTOR_REQUIRED, '', { twoFactorToken: second });
  }

  private present(actor: Actor, u: UserRow): CurrentUser {
    return presentCurrentUser(u, this.groups.group(actor.groupId));
  }

  private requireEnabled(): void {
    if (!this.enabled()) throw new AppError(Code.WECHAT_NOT_OPEN);
  }

  private async me(actor: Actor): Promise<UserRow> {
    if (actor.userId === null) throw new AppError(Code.JUMP_TO_LOGIN);
    const me = await findUserById(this.db, actor.userId);
    if (!me) throw new AppError(Code.JUMP_TO_LOGIN);
    return me;
  }
}
