import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSite } from '../../app/site-context.tsx';
import { AuthCard } from './auth-card.tsx';

/** "Not enabled on this site yet", naming the method from the path. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const { pathname } = useLocation();
  const key = pathname.split('/').filter(Boolean).pop() ?? '';
  const method = t(`methods.${key}`, { defaultValue: key });
  return (
    <AuthCard variant={platform} title={t('notEnabled.title')}>
      <p className="auth-note" data-testid="not-enabled">
        {t('notEnabled.message', { method })}
      </p>
      <p className="auth-links">
        <Link to="/user/username-login">{t('notEnabled.toLogin')}</Link> ·{' '}
        <Link to="/">{t('notEnabled.home')}</Link>
      </p>
    </AuthCard>
  );
}
