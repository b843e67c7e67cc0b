/** Official-account OAuth settings (tag wx_offiaccount) and the endpoints, which tests point at a fake. */
export interface WechatConfig {
  appId: string;
  appSecret: string;
  /** The authorize page, e.g. `https://open.weixin.qq.com/connect/oauth2/authorize`. */
  authorizeUrl: string;
  /** The API origin, e.g. `https://api.weixin.qq.com`. */
  apiOrigin: string;
}

/** What WeChat tells about a user who authorised (snsapi_userinfo). */
export interface WechatProfile {
  openid: string;
  unionid: string;
  nickname: string;
  avatar: string;
}

/** WeChat refused (bad code, used code, bad appid or secret) or could not be reached. */
export class WechatError extends Error {
  constructor(
    message: string,
    /** WeChat's errcode (40029 invalid code, 40163 code used, ...); 0 when unreachable or malformed. */
    readonly errcode: number,
  ) {
    super(message);
  }
}

/** Errcodes meaning "this code is not (or no longer) good": the user must authorise again. */
export const BAD_CODE_ERRORS = new Set([40029, 40163, 41008]);

/** The WeChat official-account web authorization (OAuth 2.0): authorize URL, code exchange, profile. */
export class WechatOAuthClient {
  constructor(private readonly config: () => WechatConfig) {}

  /** Whether an app id and secret are set. */
  configured(): boolean {
    const c = this.config();
    return c.appId !== '' && c.appSecret !== '';
  }

  /** The page WeChat shows for consent; it returns to `redirectUri` with `code` and our `state`. */
  authorizeUrl(redirectUri: string, state: string): string {
    const c = this.config();
    const u = new URL(c.authorizeUrl);
    u.searchParams.set('appid', c.appId);
    u.searchParams.set('redirect_uri', redirectUri);
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('scope', 'snsapi_userinfo');
    u.searchParams.set('state', state);
    return `${u.toString()}#wechat_redirect`;
  }

  /** Exchanges a code for the user's token and openid, then reads the profile. */
  async profile(code: string): Promise<WechatProfile> {
    const c = this.config();
    const token = await this.get<TokenReply>('/sns/oauth2/access_token', {
      appid: c.appId,
      secret: c.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    if (!token.access_token || !token.openid) throw new WechatError('WeChat: malformed token reply', 0);
    const info = await this.get<UserInfoReply>('/sns/userinfo', {
      access_token: token.access_token,
      openid: token.openid,
      lang: 'zh_CN',
    });
    if (info.openid !== token.openid) throw new WechatError('WeChat: userinfo for another openid', 0);
    return {
      openid: token.openid,
      unionid: info.unionid ?? token.unionid ?? '',
      nickname: String(info.nickname ?? '').slice(0, 100),
      avatar: String(info.headimgurl ?? '').slice(0, 500),
    };
  }

  private async get<T extends { errcode?: number; errmsg?: string }>(
    path: string,
    query: Record<string, string>,
  ): Promise<T> {
    const u = new URL(path, this.config().apiOrigin);
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
    let body: T;
    try {
      const res = await fetch(u, { signal: AbortSignal.timeout(10_000) });
      body = (await res.json()) as T;
    } catch (err) {
      throw new WechatError(`WeChat unreachable: ${(err as Error).message}`, 0);
    }
    if (body.errcode) throw new WechatError(`WeChat: ${body.errcode} ${body.errmsg ?? ''}`, body.errcode);
    return body;
  }
}

interface TokenReply {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  openid?: string;
  unionid?: string;
}

interface UserInfoReply {
  errcode?: number;
  errmsg?: string;
  openid?: string;
  nickname?: string;
  headimgurl?: string;
  unionid?: string;
}
