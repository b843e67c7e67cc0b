import { randomBytes } from 'node:crypto';
import { Code, type LoginResult } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/http/errors.js';
import type { SettingsService } from '../settings/index.js';
import { findUserById, type ClientInfo, type UsersService } from '../users/index.js';
import { IdTokenError, type IdClaims } from './jwt-verify.js';
import { OidcError, type OidcClient } from './oidc.client.js';
import type { FlowTokens } from './oauth-tokens.js';
import { pkcePair } from './oauth-tokens.js';
import * as repo from './oauth.repository.js';

const STATE_TTL_MS = 10 * 60_000;

/** Login and binding with a generic OpenID Connect provider (beyond the original). */
export class OidcService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    private readonly client: OidcClient,
    private readonly tokens: FlowTokens,
    private readonly issuer: () => string,
  ) {}

  enabled(): boolean {
    return this.settings.bool('oidc_enabled') && this.client.configured();
  }

  /** The consent URL; the state row keeps the PKCE verifier, the nonce and the redirect URI. */
  async authorize(actor: Actor, action: 'login' | 'bind', origin: string) {
    this.requireEnabled();
    if (action === 'bind' && actor.userId === null) throw new AppError(Code.JUMP_TO_LOGIN);
    const { token, id } = this.tokens.issue();
    const { verifier, challenge } = pkcePair();
    const nonce = randomBytes(16).toString('base64url');
    const redirect = `${origin}/user/oidc-callback`;
    const location = await this.call(() =>
      this.client.authorizeUrl(redirect, { state: token, nonce, challenge }),
    );
    await repo.insertSession(this.db, {
      id,
      kind: 'state',
      purpose: `oidc-${action}`,
      userId: action === 'bind' ? actor.userId : null,
      data: { verifier, nonce, redirect },
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { location };
  }

  /** The redirect back: checks and spends the state, exchanges the code, then logs in or binds. */
  async callback(actor: Actor, code: string, state: string, client: ClientInfo) {
    this.requireEnabled();
    const id = this.tokens.verify(state);
    const row = id ? await repo.liveSession(this.db, id, 'state') : null;
    if (!id || !row || !row.purpose.startsWith('oidc-')) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    const action: 'login' | 'bind' = row.purpose === 'oidc-bind' ? 'bind' : 'login';
    if (action === 'bind' && row.userId !== actor.userId) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    if (!(await repo.spendSession(this.db, id, 'state'))) throw new AppError(Code.SESSION_TOKEN_EXPIRED);
    const d = row.data;
    const claims = await this.call(() => this.client.exchange(code, d.redirect!, d.verifier!, d.nonce!));
    if (action === 'bind') {
      await this.bind(row.userId!, claims);
      return { action, login: null as LoginResult | null };
    }
    return { action, login: await this.login(claims, client) };
  }

  private async login(c: IdClaims, client: ClientInfo): Promise<LoginResult> {
    const known = await repo.oidcIdentity(this.db, this.issuer(), c.sub);
    if (known) {
      const user = await findUserById(this.db, known.userId);
      if (!user) throw new AppError(Code.NOT_FOUND_USER);
      const second = await this.users.secondFactor?.(user);
      if (second) throw new AppError(Code.TWO_FACTOR_REQUIRED, '', { twoFactorToken: second });
      return this.users.signIn(user, client);
    }
    if (!this.settings.bool('register_close')) throw new AppError(Code.REGISTER_CLOSED);
    if (this.settings.int('register_type', 0) !== 0) throw new AppError(Code.BAD_REGISTER_TYPE);
    let nickname = String(c.name ?? c.preferred_username ?? '')
      .replace(/\s+/g, '')
      .slice(0, 15);
    try {
      if (nickname) this.users.censorText('nickname', nickname);
    } catch {
      nickname = '';
    }
    try {
      return await this.users.createAccount(
        { username: `o${randomBytes(5).toString('hex')}`, nickname, passwordHash: '' },
        client,
        undefined,
        undefined,
        (tx, userId) => this.link(tx, userId, c),
      );
    } catch (err) {
      // The same identity registering twice at once: the unique index lets one through.
      if (isUniqueViolation(err)) throw new AppError(Code.RESOURCE_EXIST);
      throw err;
    }
  }

  private async bind(userId: number, c: IdClaims): Promise<void> {
    if (await repo.oidcIdentity(this.db, this.issuer(), c.sub)) throw new AppError(Code.RESOURCE_EXIST);
    try {
      await inTransaction(this.db, (tx) => this.link(tx, userId, c));
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Code.RESOURCE_EXIST);
      throw err;
    }
  }

  private link(tx: Parameters<typeof repo.insertOidcIdentity>[0], userId: number, c: IdClaims) {
    return repo.insertOidcIdentity(tx, {
      userId,
      issuer: this.issuer(),
      subject: c.sub,
      email: String(c.email ?? '').slice(0, 255),
    });
  }

  /** Provider trouble: a refused code is -7045, a bad ID token -7040, anything else -5004. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof IdTokenError) throw new AppError(Code.LOGIN_FAILED, `ID token: ${err.message}`);
      if (err instanceof OidcError) {
        if (/invalid_grant/.test(err.message)) throw new AppError(Code.AUTH_EXPIRED);
        throw new AppError(Code.EXTERNAL_API_ERROR, err.message);
      }
      throw err;
    }
  }

  private requireEnabled(): void {
    if (!this.enabled()) throw new AppError(Code.UNAUTHORIZED);
  }
}
