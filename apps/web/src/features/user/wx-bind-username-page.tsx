import { useState } from 'react';
import { wechatBindUsername } from '@forum/contracts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PasswordField, UsernameField } from './account-fields.tsx';
import { WxPendingForm } from './wx-pending-form.tsx';

/** `/user/wx-bind-username`: logs in an existing account and binds the pending WeChat to it. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <WxPendingForm
      title={t('wechat.bindUsernameTitle')}
      testId="wx-bind-username-form"
      send={(api, sessionToken) => api.call(wechatBindUsername, { sessionToken, username, password })}
    >
      <UsernameField variant={platform} value={username} onChange={setUsername} maxLength={100} />
      <PasswordField
        variant={platform}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
    </WxPendingForm>
  );
}
