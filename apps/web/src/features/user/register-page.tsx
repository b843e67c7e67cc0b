import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { captchaIssue, usernameRegister } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { NicknameField, PasswordField, UsernameField } from './account-fields.tsx';
import { AuthCard } from './auth-card.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { solvePow } from '../../shared/pow.ts';
import { stopIfEmpty } from './required-fields.ts';

/** The answer to the site's proof-of-work challenge; none when it cannot be fetched (the server then refuses). */
async function solveCaptcha(api: Awaited<ReturnType<typeof getBrowserApi>>) {
  const issued = await api.call(captchaIssue, {});
  if (issued.Code !== 0 || !issued.Data?.pow) return {};
  const { challenge, difficulty } = issued.Data.pow;
  return { captchaTicket: issued.Data.ticket, captchaRandStr: await solvePow(challenge, difficulty) };
}

/** `/user/register`: username registration, shown only when the site allows registration. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [nickname, setNickname] = useState('');
  const { busy, run } = useAuthSubmit('register.success');
  // An invite link (`?inviteCode=`) registers into its group or under its inviter.
  const [params] = useSearchParams();
  const inviteCode = params.get('inviteCode') ?? '';

  if (!forum.setSite.isRegister) {
    return (
      <AuthCard variant={platform} title={t('register.title')}>
        <p className="auth-note" data-testid="register-closed">
          {t('register.closed')}
        </p>
      </AuthCard>
    );
  }

  // Phone mode (register_type 1): new accounts come from phone login, not from this form.
  if (forum.setReg.registerType === 1) {
    return (
      <AuthCard variant={platform} title={t('register.title')}>
        <p className="auth-note" data-testid="register-by-phone">
          {t('phone.registerByPhone')}
        </p>
        {forum.qcloud.qcloudSms && (
          <p className="auth-links">
            <Link to="/user/phone-login">{t('phone.loginTitle')}</Link>
          </p>
        )}
      </AuthCard>
    );
  }

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    if (password !== confirm) {
      toast.error(t('register.mismatch'));
      return;
    }
    void run(async () => {
      const api = await getBrowserApi();
      // With the registration captcha on, the browser solves the site's proof of work first (about a second).
      const captcha = forum.setReg.registerCaptcha ? await solveCaptcha(api) : {};
      return api.call(usernameRegister, {
        username,
        password,
        ...(nickname ? { nickname } : {}),
        ...(inviteCode ? { code: inviteCode } : {}),
        ...captcha,
      });
    });
  };

  return (
    <AuthCard variant={platform} title={t('register.title')}>
      <form className="auth-form" noValidate onSubmit={handleSubmit} data-testid="register-form">
        <UsernameField variant={platform} value={username} onChange={setUsername} />
        <PasswordField
          variant={platform}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordField
          variant={platform}
          name="confirm"
          label={t('register.confirmPassword')}
          placeholder={t('register.confirmPlaceholder')}
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
        />
        <NicknameField
          variant={platform}
          value={nickname}
          onChange={setNickname}
          placeholder={t('register.nicknamePlaceholder')}
        />
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('register.submit')}
        </Button>
      </form>
      <p className="auth-links auth-links--muted">
        {t('register.agree')} <Link to="/user/agreement?type=register">{t('register.agreement')}</Link> ·{' '}
        <Link to="/user/agreement?type=privacy">{t('register.privacy')}</Link>
      </p>
      <p className="auth-links">
        {t('register.hasAccount')} <Link to="/user/login">{t('register.toLogin')}</Link>
      </p>
    </AuthCard>
  );
}
