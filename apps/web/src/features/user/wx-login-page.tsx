import { Link } from 'react-router';
import { wechatPollLogin } from '@forum/contracts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { pendingTwoFactor, TwoFactorStep } from './two-factor-step.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { useWxQrcode } from './use-wx-qrcode.ts';
import { WxQrcodeBox } from './wx-qrcode-box.tsx';
import { useState } from 'react';
import { WxOff } from './wx-notices.tsx';

/** `/user/wx-login`: the pc QR login; the phone scans it with WeChat and the page logs in once it answers. */
export function Component() {
  const { forum } = useSite();
  return forum.passport.offiaccountOpen ? <WxLogin /> : <WxOff />;
}

function WxLogin() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const { busy, run } = useAuthSubmit('login.success');
  const [twoFactor, setTwoFactor] = useState<string | null>(null);
  const qr = useWxQrcode(
    'login',
    (api, sessionToken) => api.call(wechatPollLogin, { sessionToken }),
    (res) => {
      const second = pendingTwoFactor(res);
      if (second) setTwoFactor(second);
      else void run(async () => res);
    },
  );
  if (twoFactor) return <TwoFactorStep variant={platform} token={twoFactor} busy={busy} run={run} />;
  return (
    <AuthCard variant={platform} title={t('wechat.qrLoginTitle')}>
      <WxQrcodeBox {...qr} tip={t('wechat.qrTip')} />
      <p className="auth-links">
        <Link to="/user/username-login">{t('wechat.usernameLogin')}</Link>
      </p>
    </AuthCard>
  );
}
