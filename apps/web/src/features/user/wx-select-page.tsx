import { Link } from 'react-router';
import { wechatRegister } from '@forum/contracts';
import { Button } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { useWxPending } from './use-wx-pending.ts';
import { WxPendingMissing } from './wx-notices.tsx';

/** `/user/wx-select`: a WeChat without an account chooses: a new account, an existing one, or a phone. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const { pending, busy, finish } = useWxPending('register.success');
  if (!pending) return <WxPendingMissing />;
  const create = () => finish((api, sessionToken) => api.call(wechatRegister, { sessionToken }));
  return (
    <AuthCard variant={platform} title={t('wechat.selectTitle')}>
      <div className="auth-form">
        <p className="auth-note" data-testid="wx-select">
          {t('wechat.selectTip', { nickname: pending.nickname })}
        </p>
        {forum.setSite.isRegister && (
          <Button kind="primary" size="large" variant={platform} full loading={busy} onClick={create}>
            {t('wechat.createAccount')}
          </Button>
        )}
        <Link className="auth-links" to="/user/wx-bind-username">
          {t('wechat.bindExisting')}
        </Link>
        {forum.qcloud.qcloudSms && (
          <Link className="auth-links" to="/user/wx-bind-phone">
            {t('wechat.bindPhone')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
