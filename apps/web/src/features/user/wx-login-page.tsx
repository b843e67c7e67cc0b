import { Link, useNavigate } from 'react-router';
import { Code, wechatPollLogin } from '@forum/contracts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { pendingTwoFactor, TwoFactorStep } from './two-factor-step.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { useWxQrcode } from './use-wx-qrcode.ts';
import { WxQrcodeBox } from './wx-qrcode-box.tsx';
import { useState } from 'react';
import { WxOff } from './wx-notices.tsx';
import { pendingPage, savePending, type WxPending } from './wx-pending.ts';

/**
 * `/user/wx-login`: the QR login outside WeChat's browser; WeChat scans it and the page logs in once it answers.
 * A WeChat without an account continues here with its choice (create, bind a username or a phone).
 */
export function Component() {
  const { forum } = useSite();
  return forum.passport.offiaccountOpen ? <WxLogin /> : <WxOff />;
}

function WxLogin() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const { busy, run } = useAuthSubmit('login.success');
  const [twoFactor, setTwoFactor] = useState<string | null>(null);
  const navigate = useNavigate();
  const qr = useWxQrcode(
    'login',
    (api, sessionToken) => api.call(wechatPollLogin, { sessionToken }),
    (res) => {
      if (res.Code === Code.NEED_BIND_OR_CREATE_USER && res.Data) {
        const pending = res.Data as unknown as WxPending;
        savePending(pending);
        return void navigate(pendingPage(pending), { replace: true });
      }
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
