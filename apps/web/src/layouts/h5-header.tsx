import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { Badge } from '@forum/ui';
import { useSite } from '../app/site-context.tsx';
import { hasHistory } from '../app/status-pages.tsx';

/** Spec §2 mobile header: back (or `/` when there is no history), home, messages with badge, personal centre. */
export function H5Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unread } = useSite();
  const handleBack = () => {
    if (hasHistory()) void navigate(-1);
    else void navigate('/');
  };
  return (
    <header className="h5-header" data-testid="header">
      <button type="button" className="h5-header__back" onClick={handleBack} aria-label={t('nav.back')}>
        ‹ <span>{t('nav.back')}</span>
      </button>
      <nav className="h5-header__nav" aria-label="main">
        <NavLink to="/" end>
          {t('nav.home')}
        </NavLink>
        <NavLink to="/message" data-testid="nav-message">
          <Badge count={unread} variant="h5" label={t('nav.unread', { count: unread })}>
            {t('nav.message')}
          </Badge>
        </NavLink>
        <NavLink to="/my">{t('nav.my')}</NavLink>
      </nav>
    </header>
  );
}
