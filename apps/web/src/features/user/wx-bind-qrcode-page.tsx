import { useNavigate, useSearchParams } from 'react-router';
import { wechatPollBind } from '@forum/contracts';
import { toast } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { useWxQrcode } from './use-wx-qrcode.ts';
import { afterBindTarget } from './wx-pending.ts';
import { WxQrcodeBox } from './wx-qrcode-box.tsx';
import { WxOff } from './wx-notices.tsx';

/** `/user/wx-bind-qrcode[?type=rebind]`: binds (or changes) my WeChat by scanning; the -8000 gate lands here. */
export function Component() {
  const { forum } = useSite();
  return forum.passport.offiaccountOpen ? <WxBindQrcode /> : <WxOff />;
}

function WxBindQrcode() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = params.get('type') === 'rebind' ? 'rebind' : 'bind';
  const qr = useWxQrcode(
    type,
    (api, sessionToken) => api.call(wechatPollBind, { sessionToken }),
    (res) => {
      if (res.Code !== 0) return void toast.error(res.Message);
      toast.success(t(type === 'bind' ? 'wechat.bound' : 'wechat.rebound'));
      void navigate(afterBindTarget(), { replace: true });
    },
  );
  return (
    <AuthCard variant={platform} title={t(type === 'bind' ? 'wechat.bindQrTitle' : 'wechat.rebindTitle')}>
      <WxQrcodeBox {...qr} tip={t(type === 'bind' ? 'wechat.qrBindTip' : 'wechat.qrRebindTip')} />
    </AuthCard>
  );
}
