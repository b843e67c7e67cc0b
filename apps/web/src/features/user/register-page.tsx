import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usernameRegister } from '@forum/contracts';
import { Button, Input, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { AuthCard, Field } from './auth-card.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';

/** `/user/register`: username registration, shown only when the site allows registration. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [nickname, setNickname] = useState('');
  const { busy, run } = useAuthSubmit('register.success');

  if (!forum.setSite.isRegister) {
    return (
      <AuthCard variant={platform} title={t('register.title')}>
        <p className="auth-note" data-testid="register-closed">
          {t('register.closed')}
        </p>
      </AuthCard>
    );
  }

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      toast.error(t('register.mismatch'));
      return;
    }
    void run(async () =>
      (await getBrowserApi()).call(usernameRegister, {
        username,
        password,
        ...(nickname ? { nickname } : {}),
      }),
    );
  };

  return (
    <AuthCard variant={platform} title={t('register.title')}>
      <form className="auth-form" onSubmit={handleSubmit} data-testid="register-form">
        <Field label={t('login.username')}>
          <Input
            variant={platform}
            name="username"
            trim
            value={username}
            onChange={setUsername}
            maxLength={15}
            placeholder={t('login.usernamePlaceholder')}
            autoComplete="username"
            required
          />
        </Field>
        <Field label={t('login.password')}>
          <Input
            variant={platform}
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="new-password"
            required
          />
        </Field>
        <Field label={t('register.confirmPassword')}>
          <Input
            variant={platform}
            name="confirm"
            type="password"
            value={confirm}
            onChange={setConfirm}
            placeholder={t('register.confirmPlaceholder')}
            autoComplete="new-password"
            required
          />
        </Field>
        <Field label={t('register.nickname')}>
          <Input
            variant={platform}
            name="nickname"
            trim
            value={nickname}
            onChange={setNickname}
            maxLength={15}
            placeholder={t('register.nicknamePlaceholder')}
          />
        </Field>
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
