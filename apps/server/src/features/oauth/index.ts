import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Route } from '../../platform/http/router.js';
import type { ForumServices } from '../../services.js';
import type { SmsService } from '../sms/index.js';
import { FlowTokens } from './oauth-tokens.js';
import { WechatOAuthClient } from './wechat.client.js';
import { registerWechatRoutes } from './wechat.routes.js';
import { WechatService } from './wechat.service.js';

export { WechatService } from './wechat.service.js';
export { FakeWechat } from './fake-wechat.js';

/**
 * Mounts third-party login: WeChat official-account OAuth (endpoints from settings, the real ones by default)
 * and the flow tokens they share, signed with a site secret made on first start.
 */
export async function mountOAuth(
  ctx: Pick<ForumServices, 'config' | 'settings' | 'database' | 'users' | 'groups'> & {
    route: Route;
    sms: SmsService | null;
  },
): Promise<{ wechat: WechatService }> {
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
  const origin = (req: FastifyRequest) =>
    (s.get('site_url') || ctx.config.publicUrl || `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  registerWechatRoutes(ctx.route, wechat, origin);
  return { wechat };
}
