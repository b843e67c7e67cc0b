import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { smsResetPassword } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PasswordField } from './account-fields.tsx';
import { AuthCard } from './auth-card.tsx';
import { EmailResetRequest, NewPasswordFields } from './email-reset.tsx';
import { MobileField, SmsCodeField } from './phone-fields.tsx';
import { stopIfEmpty } from './required-fields.ts';

/**
 * `/user/reset-password`: a new password by a text-message code or by an emailed link, whichever the site offers
 * (both: email first, with a switch). `?token=` is the emailed link itself: the new password form. With neither
 * on, the page says who can help instead.
 */
export function Component() {
  const { platform, forum } = useSite();
  const [params] = useSearchParams();
  const token = params.get('token');
  const sms = forum.qcloud.qcloudSms;
  const mail = forum.passport.mailOpen;
  if (token) return <NewPasswordFields variant={platform} token={token} />;
  if (!sms && !mail) return <NoResetMethod variant={platform} />;
  const by = mail && (!sms || params.get('by') !== 'phone') ? 'email' : 'phone';
  // Both on: a link under the form switches to the other way.
  const other = sms && mail ? (by === 'email' ? 'phone' : 'email') : null;
  return (
    <>
      {by === 'email' ? <EmailResetRequest variant={platform} /> : <SmsReset variant={platform} />}
      {other && <MethodSwitch to={other} />}
    </>
  );
}

/** The link to the other way of resetting, under the card. */
function MethodSwitch({ to }: { to: 'email' | 'phone' }) {
  const { t } = useTranslation();
  return (
    <p className="auth-links">
      <Link to={`/user/reset-password?by=${to}`} replace data-testid="reset-switch">
        {to === 'email' ? t('email.resetByEmail') : t('email.resetByPhone')}
      </Link>
    </p>
  );
}

/** No self-service reset on this site: ask the administrator; back to login. */
function NoResetMethod({ variant }: { variant: 'pc' | 'h5' }) {
  const { t } = useTranslation();
  return (
    <AuthCard variant={variant} title={t('phone.resetTitle')}>
      <p className="auth-note" data-testid="reset-unavailable">
        {t('phone.resetOff')}
      </p>
      <p className="auth-links">
        <Link to="/user/login">{t('phone.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}

/** The reset by a text-message code. */
function SmsReset({ variant: platform }: { variant: 'pc' | 'h5' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const mismatch = confirm !== '' && confirm !== password;
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    if (mismatch) return;
    setBusy(true);
    const res = await (
      await getBrowserApi()
    ).call(smsResetPassword, { mobile, code, password, passwordConfirmation: confirm });
    setBusy(false);
    if (res.Code !== 0) {
      toast.error(res.Message);
      return;
    }
    toast.success(t('phone.reset'));
    await navigate('/user/username-login', { replace: true });
  };
  return (
    <AuthCard variant={platform} title={t('phone.resetTitle')}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => void handleSubmit(e)}
        data-testid="reset-password-form"
      >
        <MobileField variant={platform} value={mobile} onChange={setMobile} />
        <SmsCodeField variant={platform} type="reset_pwd" mobile={mobile} value={code} onChange={setCode} />
        <PasswordField
          label={t('phone.newPassword')}
          autoComplete="new-password"
          variant={platform}
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          label={t('phone.confirmPassword')}
          name="confirm"
          autoComplete="new-password"
          variant={platform}
          value={confirm}
          onChange={setConfirm}
          error={mismatch ? t('phone.mismatch') : undefined}
        />
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('phone.resetSubmit')}
        </Button>
      </form>
    </AuthCard>
  );
}
