import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usernameLogin } from '@forum/contracts';
import { Button } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { safeSessionStorage } from '../../app/storage.ts';
import { rememberReturn } from '../../app/login-return.ts';
import { useSite } from '../../app/site-context.tsx';
import { PasswordField, UsernameField } from './account-fields.tsx';
import { AuthCard } from './auth-card.tsx';
import { OidcLoginLink } from './oidc-login-link.tsx';
import { pendingTwoFactor, TwoFactorStep } from './two-factor-step.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { useInWechat } from './use-in-wechat.ts';
import { stopIfEmpty } from './required-fields.ts';

/** `/user/login` and `/user/username-login`: username and password, with links to the other enabled methods. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Set when the password was right and the account asks for its authenticator code (-7090).
  const [pending, setPending] = useState<string | null>(null);
  const { busy, run } = useAuthSubmit('login.success');
  const inWechat = useInWechat();

  // A server-side redirect may carry the page that asked for login; it obeys the same return rules.
  useEffect(() => {
    const from = params.get('returnTo');
    if (from) rememberReturn(from, safeSessionStorage());
  }, [params]);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    void run(async () => {
      const res = await (
        await getBrowserApi()
      ).call(usernameLogin, { username, password, type: `${platform}_username_login` });
      setPending(pendingTwoFactor(res));
      return res;
    });
  };
  if (pending) return <TwoFactorStep variant={platform} token={pending} busy={busy} run={run} />;

  return (
    <AuthCard variant={platform} title={t('login.usernameTitle')}>
      <form className="auth-form" noValidate onSubmit={handleSubmit} data-testid="login-form">
        {/* Logging in takes any existing name (imported accounts may be longer), as the login contract does. */}
        <UsernameField variant={platform} value={username} onChange={setUsername} maxLength={100} />
        <PasswordField
          variant={platform}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        {/* A reset by text message or by email: the link shows where one of them works. */}
        {(forum.qcloud.qcloudSms || forum.passport.mailOpen) && (
          <Link className="auth-forgot" to="/user/reset-password" data-testid="forgot-password">
            {t('phone.forgot')}
          </Link>
        )}
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="auth-links">
        {forum.setSite.isRegister && (
          <>
            {t('login.noAccount')} <Link to="/user/register">{t('login.toRegister')}</Link>
          </>
        )}
      </p>
      {/* Only the methods the site switched on. */}
      {(forum.qcloud.qcloudSms || forum.passport.offiaccountOpen || forum.passport.oidcOpen) && (
        <p className="auth-links auth-links--muted" data-testid="login-methods">
          {t('login.otherMethods')}:{' '}
          {forum.passport.oidcOpen && (
            <>
              <OidcLoginLink />
              {(forum.passport.offiaccountOpen || forum.qcloud.qcloudSms) && ' · '}
            </>
          )}
          {forum.passport.offiaccountOpen && (
            <>
              {/* WeChat's consent page opens only in WeChat's own browser; anywhere else (a computer, a phone's
                  browser) the QR page, scanned with WeChat, is the way in. */}
              <Link
                to={inWechat ? '/user/wx-auth?action=login' : '/user/wx-login'}
                data-testid="wechat-login"
              >
                {t('wechat.login')}
              </Link>
              {forum.qcloud.qcloudSms && ' · '}
            </>
          )}
          {forum.qcloud.qcloudSms && (
            <>
              <Link to="/user/phone-login">{t('login.phone')}</Link>
            </>
          )}
        </p>
      )}
    </AuthCard>
  );
}
