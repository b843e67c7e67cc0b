import { FakeOidc } from './fake-oidc.js';
import { FakeWechat } from './fake-wechat.js';

/** Starts both fakes (`npm run forum -- fake:oauth`) and answers the settings that point a site at them. */
export async function startFakes(wechatPort: number, oidcPort: number) {
  const wechat = new FakeWechat('wxfakeapp0001', 'fake-wechat-secret');
  const oidc = new FakeOidc('forum-local', 'fake-oidc-secret');
  const wx = await wechat.start(wechatPort);
  const issuer = await oidc.start(oidcPort);
  const rows = [
    { key: 'offiaccount_close', tag: 'wx_offiaccount', value: '1' },
    { key: 'offiaccount_app_id', tag: 'wx_offiaccount', value: wechat.appId },
    { key: 'offiaccount_app_secret', tag: 'wx_offiaccount', value: wechat.appSecret },
    { key: 'wechat_oauth_authorize_url', tag: 'wx_offiaccount', value: `${wx}/connect/oauth2/authorize` },
    { key: 'wechat_api_origin', tag: 'wx_offiaccount', value: wx },
    { key: 'oidc_enabled', tag: 'oidc', value: '1' },
    { key: 'oidc_issuer', tag: 'oidc', value: issuer },
    { key: 'oidc_client_id', tag: 'oidc', value: oidc.clientId },
    { key: 'oidc_client_secret', tag: 'oidc', value: oidc.clientSecret },
  ];
  console.log(`fake WeChat at ${wx}, fake OpenID provider at ${issuer}; settings:`);
  for (const r of rows) console.log(`  ${r.key} = ${r.value}`);
  return rows;
}
