import { randomBytes } from 'node:crypto';
import type { Route } from '../../platform/http/router.js';
import type { ForumServices } from '../../services.js';
import type { SmsService } from '../sms/index.js';
import { FlowTokens } from './oauth-tokens.js';
import { OidcClient } from './oidc.client.js';
import { registerOidcRoutes } from './oidc.routes.js';
import { OidcService } from './oidc.service.js';
import { WechatOAuthClient } from './wechat.client.js';
import { registerWechatRoutes } from './wechat.routes.js';
import { WechatService } from './wechat.service.js';
import { siteOrigin } from '../../platform/http/site-origin.js';

export { WechatService } from './wechat.service.js';
export { OidcService } from './oidc.service.js';
export { FakeWechat } from './fake-wechat.js';
export { FakeOidc } from './fake-oidc.js';

/**
 * Mounts third-party login: WeChat official-account OAuth (endpoints from settings, the real ones by default),
 * a generic OpenID Connect provider, and the flow tokens they share, signed with a site secret made on first start.
 */
export async function mountOAuth(
  ctx: Pick<ForumServices, 'config' | 'settings' | 'database' | 'users' | 'groups'> & {
    route: Route;
    sms: SmsService | null;
  },
): Promise<{ wechat: WechatService; oidc: OidcService }> {
  const s = ctx.settings;
  if (!s.get('oauth_state_secret')) {
    await s.set([{ key: 'oauth_state_secret', tag: 'oauth', value: randomBytes(32).toString('hex') }]);
  }
  const tokens = new FlowTokens(() => s.get('oauth_state_secret'));
  const client = new WechatOAuthClient(() => ({
    appId: s.get('offiaccount_app_id'),
    appSecret: s.get('offiaccount_app_secret'),
    authorizeUrl: s.get('wechat_oauth_authorize_url'),
    apiOrigin: s.get('wechat_api_origin'),
  }));
  const wechat = new WechatService(ctx.database.db, s, ctx.users, ctx.groups, client, tokens, ctx.sms);
  // Redirects come back to this site: its configured URL, else the address the request came to.
  const origin = siteOrigin(s, ctx.config.publicUrl);
  registerWechatRoutes(ctx.route, wechat, origin);
  const oidcClient = new OidcClient(() => ({
    issuer: s.get('oidc_issuer'),
    clientId: s.get('oidc_client_id'),
    clientSecret: s.get('oidc_client_secret'),
    scopes: s.get('oidc_scopes'),
  }));
  const issuer = () => s.get('oidc_issuer').replace(/\/+$/, '');
  const oidc = new OidcService(ctx.database.db, s, ctx.users, oidcClient, tokens, issuer);
  registerOidcRoutes(ctx.route, oidc, origin);
  return { wechat, oidc };
}
