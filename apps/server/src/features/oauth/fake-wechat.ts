import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consentPage } from './fake-page.js';

/** A WeChat user of the fake. */
export interface FakeWechatUser {
  openid: string;
  nickname: string;
  unionid?: string;
}

interface Grant {
  openid: string;
  appid: string;
  expiresAt: number;
  used: boolean;
}

/**
 * A local stand-in for WeChat's official-account OAuth (tests and `fake:oauth`): the consent page asks which
 * user to be, and the API checks what WeChat checks: the app id and secret, a code issued to that app, spent
 * once, within 5 minutes, and the token for its openid.
 */
export class FakeWechat {
  private server: Server | null = null;
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, string>();
  readonly users = new Map<string, FakeWechatUser>();
  origin = '';

  constructor(
    readonly appId: string,
    readonly appSecret: string,
  ) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async close(): Promise<void> {
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  /** Issues a code for a user as the consent page would (tests that skip the browser). */
  grant(user: FakeWechatUser, appid = this.appId): string {
    this.users.set(user.openid, user);
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, { openid: user.openid, appid, expiresAt: Date.now() + 300_000, used: false });
    return code;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.origin);
    const q = (k: string) => url.searchParams.get(k) ?? '';
    const json = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/connect/oauth2/authorize') return this.consent(url, res);
    if (url.pathname === '/connect/oauth2/allow') {
      // The consent form's answer: back to the site with a code for the chosen user.
      const openid = q('openid') || `fake-${randomBytes(4).toString('hex')}`;
      const code = this.grant({ openid, nickname: q('nickname') || openid }, q('appid'));
      const back = new URL(q('redirect_uri'));
      back.searchParams.set('code', code);
      back.searchParams.set('state', q('state'));
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q('appid') !== this.appId) return json({ errcode: 40013, errmsg: 'invalid appid' });
      if (q('secret') !== this.appSecret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q('grant_type') !== 'authorization_code')
        return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      const g = this.codes.get(q('code'));
      if (!g || g.appid !== this.appId || g.expiresAt < Date.now())
        return json({ errcode: 40029, errmsg: 'invalid code' });
      if (g.used) return json({ errcode: 40163, errmsg: 'code been used' });
      g.used = true;
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, g.openid);
      const u = this.users.get(g.openid);
      return json({
        access_token: token,
        expires_in: 7200,
        refresh_token: randomBytes(16).toString('hex'),
        openid: g.openid,
        scope: 'snsapi_userinfo',
        ...(u?.unionid ? { unionid: u.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const openid = this.tokens.get(q('access_token'));
      if (!openid) return json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid' });
      if (openid !== q('openid')) return json({ errcode: 40003, errmsg: 'invalid openid' });
      const u = this.users.get(openid)!;
      return json({
        openid,
        nickname: u.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: '',
        privilege: [],
        ...(u.unionid ? { unionid: u.unionid } : {}),
      });
    }
    res.writeHead(404).end();
  }

  /** The consent page: pick an openid and a nickname (a browser test fills them in). */
  private consent(url: URL, res: ServerResponse): void {
    const p = url.searchParams;
    if (p.get('appid') !== this.appId || p.get('response_type') !== 'code' || !p.get('redirect_uri')) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return void res.end('invalid request: appid, response_type or redirect_uri');
    }
    const hidden = Object.fromEntries(['appid', 'redirect_uri', 'state'].map((k) => [k, p.get(k) ?? '']));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      consentPage('Fake WeChat authorization', '/connect/oauth2/allow', hidden, [
        { name: 'openid', value: 'fake-user-1' },
        { name: 'nickname', value: 'WeChat user' },
      ]),
    );
  }
}
