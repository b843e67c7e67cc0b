import { l } from '../i18n-login.ts';
import { lo } from '../i18n-oauth.ts';
import { SettingsForm } from './settings.tsx';

/** Login methods (issue 13): registration mode, SMS, WeChat and OpenID Connect (secrets masked), captcha, 2FA. */
export function LoginMethodSettings() {
  return (
    <SettingsForm
      title={l.title}
      testId="admin-login-methods"
      fields={[
        {
          key: 'register_type',
          label: l.registerType,
          kind: 'radio',
          options: Object.entries(l.registerTypes),
        },
        { key: 'qcloud_sms', label: l.sms, kind: 'bool' },
        { key: 'qcloud_secret_id', label: l.secretId, kind: 'text' },
        { key: 'qcloud_secret_key', label: l.secretKey, kind: 'text' },
        { key: 'qcloud_sms_app_id', label: l.smsAppId, kind: 'text' },
        { key: 'qcloud_sms_sign', label: l.smsSign, kind: 'text' },
        { key: 'qcloud_sms_template_id', label: l.smsTemplate, kind: 'text' },
        { key: 'qcloud_sms_region', label: l.smsRegion, kind: 'text' },
        { key: 'offiaccount_close', label: lo.wechat, kind: 'bool' },
        { key: 'offiaccount_app_id', label: lo.wechatAppId, kind: 'text' },
        { key: 'offiaccount_app_secret', label: lo.wechatSecret, kind: 'text' },
        { key: 'wechat_oauth_authorize_url', label: lo.wechatAuthorize, kind: 'text' },
        { key: 'wechat_api_origin', label: lo.wechatApi, kind: 'text' },
        { key: 'oidc_enabled', label: lo.oidc, kind: 'bool' },
        { key: 'oidc_name', label: lo.oidcName, kind: 'text' },
        { key: 'oidc_issuer', label: lo.oidcIssuer, kind: 'text' },
        { key: 'oidc_client_id', label: lo.oidcClientId, kind: 'text' },
        { key: 'oidc_client_secret', label: lo.oidcClientSecret, kind: 'text' },
        { key: 'oidc_scopes', label: lo.oidcScopes, kind: 'text' },
        { key: 'captcha_difficulty', label: l.captchaDifficulty, kind: 'number' },
        { key: 'two_factor_admin_required', label: l.twoFactorAdmins, kind: 'bool' },
      ]}
    />
  );
}
