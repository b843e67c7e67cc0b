import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { smsLogin } from '@forum/contracts';
import { Button } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { MobileField, SmsCodeField } from './phone-fields.tsx';
import { pendingTwoFactor, TwoFactorStep } from './two-factor-step.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { stopIfEmpty } from './required-fields.ts';

/** `/user/phone-login`: a phone and a text message code; a new phone gets an account when registration is open. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const { busy, run } = useAuthSubmit('login.success');
  if (pending) return <TwoFactorStep variant={platform} token={pending} busy={busy} run={run} />;
  if (!forum.qcloud.qcloudSms) {
    return (
      <AuthCard variant={platform} title={t('phone.loginTitle')}>
        <p className="auth-note">{t('phone.off')}</p>
        <p className="auth-links">
          <Link to="/user/username-login">{t('phone.usernameLogin')}</Link>
        </p>
      </AuthCard>
    );
  }
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    void run(async () => {
      const res = await (
        await getBrowserApi()
      ).call(smsLogin, { mobile, code, type: `${platform}_sms_login` });
      setPending(pendingTwoFactor(res));
      return res;
    });
  };
  return (
    <AuthCard variant={platform} title={t('phone.loginTitle')}>
      <form className="auth-form" noValidate onSubmit={handleSubmit} data-testid="phone-login-form">
        <MobileField variant={platform} value={mobile} onChange={setMobile} />
        <SmsCodeField variant={platform} type="login" mobile={mobile} value={code} onChange={setCode} />
        {forum.setSite.isRegister && <p className="auth-note">{t('phone.loginTip')}</p>}
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('phone.loginSubmit')}
        </Button>
      </form>
      <p className="auth-links">
        <Link to="/user/username-login">{t('phone.usernameLogin')}</Link> ·{' '}
        <Link to="/user/reset-password">{t('phone.forgot')}</Link>
      </p>
    </AuthCard>
  );
}
