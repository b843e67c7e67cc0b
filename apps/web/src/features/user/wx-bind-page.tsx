import { Link, useLocation } from 'react-router';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { WxOff } from './wx-notices.tsx';
import { useInWechat } from './use-in-wechat.ts';

/**
 * `/user/wx-bind` and `/user/wx-rebind-action`: inside WeChat's browser, authorise on WeChat's consent page;
 * anywhere else (a computer, a phone's own browser), scan a QR with WeChat.
 */
export function Component() {
  const { forum } = useSite();
  return forum.passport.offiaccountOpen ? <WxBind /> : <WxOff />;
}

function WxBind() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const { pathname } = useLocation();
  const inWechat = useInWechat();
  const action = pathname.endsWith('wx-rebind-action') ? 'rebind' : 'bind';
  return (
    <AuthCard variant={platform} title={t(action === 'bind' ? 'wechat.bindTitle' : 'wechat.rebindTitle')}>
      <div className="auth-form" data-testid="wx-bind">
        {/* Only the way that works here: WeChat's consent page opens only in WeChat's own browser, and a
            QR cannot be scanned by the phone showing it. `useInWechat` is false on the server and until
            hydrated, so both renders agree. */}
        {inWechat ? (
          <Link className="auth-links" to={`/user/wx-auth?action=${action}`} data-testid="wx-bind-in-wechat">
            {t('wechat.bindInWechat')}
          </Link>
        ) : (
          <Link className="auth-links" to={`/user/wx-bind-qrcode?type=${action}`} data-testid="wx-bind-by-qr">
            {t('wechat.bindByQr')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
