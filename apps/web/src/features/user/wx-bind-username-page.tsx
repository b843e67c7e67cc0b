import { useState, type FormEvent } from 'react';
import { wechatBindUsername } from '@forum/contracts';
import { Button } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PasswordField, UsernameField } from './account-fields.tsx';
import { AuthCard } from './auth-card.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { clearPending, readPending } from './wx-pending.ts';
import { WxPendingMissing } from './wx-notices.tsx';

/** `/user/wx-bind-username`: logs in an existing account and binds the pending WeChat to it. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useAuthSubmit('login.success');
  const pending = readPending();
  if (!pending) return <WxPendingMissing />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await (
        await getBrowserApi()
      ).call(wechatBindUsername, { sessionToken: pending.sessionToken, username, password });
      if (res.Code === 0) clearPending();
      return res;
    });
  };
  return (
    <AuthCard variant={platform} title={t('wechat.bindUsernameTitle')}>
      <form className="auth-form" onSubmit={submit} data-testid="wx-bind-username-form">
        <p className="auth-note">{t('wechat.selectTip', { nickname: pending.nickname })}</p>
        <UsernameField variant={platform} value={username} onChange={setUsername} maxLength={100} />
        <PasswordField
          variant={platform}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('wechat.bindSubmit')}
        </Button>
      </form>
    </AuthCard>
  );
}
