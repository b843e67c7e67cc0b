import { Link } from 'react-router';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';

/** A binding page opened without a pending WeChat (expired, another tab): authorise again. */
export function WxPendingMissing() {
  const { t } = useTranslation();
  const { platform } = useSite();
  return (
    <AuthCard variant={platform} title={t('wechat.authTitle')}>
      <p className="auth-note">{t('wechat.noPending')}</p>
      <p className="auth-links">
        <Link to="/user/wx-auth?action=login">{t('wechat.retry')}</Link> ·{' '}
        <Link to="/user/username-login">{t('wechat.usernameLogin')}</Link>
      </p>
    </AuthCard>
  );
}

/** The WeChat pages while the site has WeChat login switched off: say so instead of starting a flow. */
export function WxOff() {
  const { t } = useTranslation();
  const { platform } = useSite();
  return (
    <AuthCard variant={platform} title={t('wechat.login')}>
      <p className="auth-note" data-testid="wx-off">
        {t('wechat.off')}
      </p>
      <p className="auth-links">
        <Link to="/user/username-login">{t('wechat.usernameLogin')}</Link>
      </p>
    </AuthCard>
  );
}
