import { Link } from 'react-router';
import { wechatRegister } from '@forum/contracts';
import { Button } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { clearPending, readPending } from './wx-pending.ts';
import { WxPendingMissing } from './wx-notices.tsx';

/** `/user/wx-select`: a WeChat without an account chooses: a new account, an existing one, or a phone. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const { busy, run } = useAuthSubmit('register.success');
  const pending = readPending();
  if (!pending) return <WxPendingMissing />;
  const create = () =>
    void run(async () => {
      const res = await (await getBrowserApi()).call(wechatRegister, { sessionToken: pending.sessionToken });
      if (res.Code === 0) clearPending();
      return res;
    });
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
