import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { smsResetPassword } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PasswordField } from './account-fields.tsx';
import { AuthCard } from './auth-card.tsx';
import { MobileField, SmsCodeField } from './phone-fields.tsx';
import { stopIfEmpty } from './required-fields.ts';

/**
 * `/user/reset-password`: a new password for the account bound to a phone; then log in again. Text messages are
 * the only reset the forum has (no e-mail on accounts), so with SMS off the page says who can help instead.
 */
export function Component() {
  const { platform, forum } = useSite();
  if (!forum.qcloud.qcloudSms) return <NoResetMethod variant={platform} />;
  return <SmsReset variant={platform} />;
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
