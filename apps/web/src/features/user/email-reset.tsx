import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, TextField, toast } from '@forum/ui';
import { callNamed } from '../../app/api.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PasswordField } from './account-fields.tsx';
import { AuthCard } from './auth-card.tsx';
import { stopIfEmpty } from './required-fields.ts';

/** A loose address check for the form (the server checks again; the link proves it). */
export const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

/**
 * Asks for a reset link by email. The answer is the same whether an account has the address (the server says
 * nothing about who is a member), so the page says "if an account uses it, a link is on its way".
 */
export function EmailResetRequest({ variant }: { variant: 'pc' | 'h5' }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    if (!looksLikeEmail(email)) return setError(t('email.badEmail'));
    setError('');
    setBusy(true);
    const res = await callNamed('emailResetSend', { email: email.trim() });
    setBusy(false);
    if (res.Code !== 0) return void toast.error(res.Message);
    setSentTo(email.trim());
  };
  return (
    <AuthCard variant={variant} title={t('phone.resetTitle')}>
      {sentTo ? (
        <div data-testid="reset-email-sent">
          <p className="auth-note">{t('email.resetSent', { email: sentTo })}</p>
          <p className="auth-links">
            <Link to="/user/username-login">{t('phone.backToLogin')}</Link>
          </p>
        </div>
      ) : (
        <form
          className="auth-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          data-testid="reset-email-form"
        >
          <p className="auth-note">{t('email.resetEmailTip')}</p>
          <TextField
            label={t('email.address')}
            name="email"
            type="email"
            trim
            autoComplete="email"
            placeholder={t('email.placeholder')}
            variant={variant}
            value={email}
            onChange={setEmail}
            error={error || undefined}
            required
          />
          <Button kind="primary" size="large" variant={variant} type="submit" full loading={busy}>
            {t('email.resetSend')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/** The emailed link's page: a new password, typed twice; then log in again. */
export function NewPasswordFields({ variant, token }: { variant: 'pc' | 'h5'; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [bad, setBad] = useState(false);
  const mismatch = confirm !== '' && confirm !== password;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t) || mismatch) return;
    setBusy(true);
    const res = await callNamed('emailResetPassword', { token, password, passwordConfirmation: confirm });
    setBusy(false);
    if (res.Code !== 0) {
      // A wrong, used or expired link: say so and offer a new one (other refusals, the password rules, inline).
      if (res.Message.startsWith('token')) return setBad(true);
      return void toast.error(res.Message);
    }
    toast.success(t('phone.reset'));
    await navigate('/user/username-login', { replace: true });
  };
  return (
    <AuthCard variant={variant} title={t('phone.resetTitle')}>
      {bad ? (
        <div data-testid="reset-link-bad">
          <p className="auth-note">{t('email.linkBad')}</p>
          <p className="auth-links">
            <Link to="/user/reset-password" replace>
              {t('email.resetAgain')}
            </Link>
          </p>
        </div>
      ) : (
        <form
          className="auth-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          data-testid="reset-new-password"
        >
          <p className="auth-note">{t('email.resetNewTip')}</p>
          <PasswordField
            label={t('phone.newPassword')}
            autoComplete="new-password"
            variant={variant}
            value={password}
            onChange={setPassword}
          />
          <PasswordField
            label={t('phone.confirmPassword')}
            name="confirm"
            autoComplete="new-password"
            variant={variant}
            value={confirm}
            onChange={setConfirm}
            error={mismatch ? t('phone.mismatch') : undefined}
          />
          <Button kind="primary" size="large" variant={variant} type="submit" full loading={busy}>
            {t('phone.resetSubmit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
