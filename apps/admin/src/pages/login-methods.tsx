import { l } from '../i18n-login.ts';
import { SettingsForm } from './settings.tsx';

/** Login methods (issue 13): registration mode, SMS with its Tencent Cloud keys (masked), captcha, 2FA. */
export function LoginMethodSettings() {
  return (
    <SettingsForm
      title={l.title}
      testId="admin-login-methods"
      fields={[
        { key: 'register_type', label: l.registerType, kind: 'number' },
        { key: 'qcloud_sms', label: l.sms, kind: 'bool' },
        { key: 'qcloud_secret_id', label: l.secretId, kind: 'text' },
        { key: 'qcloud_secret_key', label: l.secretKey, kind: 'text' },
        { key: 'qcloud_sms_app_id', label: l.smsAppId, kind: 'text' },
        { key: 'qcloud_sms_sign', label: l.smsSign, kind: 'text' },
        { key: 'qcloud_sms_template_id', label: l.smsTemplate, kind: 'text' },
        { key: 'qcloud_sms_region', label: l.smsRegion, kind: 'text' },
        { key: 'captcha_difficulty', label: l.captchaDifficulty, kind: 'number' },
        { key: 'two_factor_admin_required', label: l.twoFactorAdmins, kind: 'bool' },
      ]}
    />
  );
}
