import { Link, useLocation } from 'react-router';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { WxOff } from './wx-notices.tsx';

/** `/user/wx-bind` and `/user/wx-rebind-action`: authorise in WeChat (phone) or scan a QR (computer). */
export function Component() {
  const { forum } = useSite();
  return forum.passport.offiaccountOpen ? <WxBind /> : <WxOff />;
}

function WxBind() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const { pathname } = useLocation();
  const action = pathname.endsWith('wx-rebind-action') ? 'rebind' : 'bind';
  return (
    <AuthCard variant={platform} title={t(action === 'bind' ? 'wechat.bindTitle' : 'wechat.rebindTitle')}>
      <div className="auth-form" data-testid="wx-bind">
        <Link className="auth-links" to={`/user/wx-auth?action=${action}`}>
          {t('wechat.bindInWechat')}
        </Link>
        {platform === 'pc' && (
          <Link className="auth-links" to={`/user/wx-bind-qrcode?type=${action}`}>
            {t('wechat.bindByQr')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
