import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { callNamed } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';

/**
 * `/user/verify-email?token=`: the link of a verification email. Opening it confirms the address (logged in or
 * not: the token names the account), once; the page says what happened.
 */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ done: 'ok'; email: string } | { done: 'bad' } | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Once per page load, also under React's development double effects.
    if (asked.current) return;
    asked.current = true;
    void callNamed('emailVerify', { token }).then((res) => {
      setState(res.Code === 0 && res.Data ? { done: 'ok', email: res.Data.email } : { done: 'bad' });
      if (res.Code === 0) void revalidate();
    });
  }, [token, revalidate]);
  return (
    <AuthCard variant={platform} title={t('email.verifyTitle')}>
      <p className="auth-note" data-testid="verify-email-result" data-state={state?.done ?? 'pending'}>
        {!state
          ? t('email.verifying')
          : state.done === 'ok'
            ? t('email.verifiedDone', { email: state.email })
            : t('email.linkBad')}
      </p>
      <p className="auth-links">
        {forum.user ? (
          <Link to="/my/edit">{t('email.toSettings')}</Link>
        ) : (
          <Link to="/">{t('email.toHome')}</Link>
        )}
      </p>
    </AuthCard>
  );
}
