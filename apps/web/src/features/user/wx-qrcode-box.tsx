import { Button } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { HomeQrCode } from '../home/home-qrcode.tsx';

/** The QR of a session with its tip, or the expired notice with a refresh button. */
export function WxQrcodeBox(props: {
  url: string | null;
  expired: boolean;
  error: string | null;
  tip: string;
  refresh: () => void;
}) {
  const { t } = useTranslation();
  const { platform } = useSite();
  if (props.error) return <p className="auth-note">{t('wechat.failed', { message: props.error })}</p>;
  return (
    <div className="wx-qrcode" data-testid="wx-qrcode" data-url={props.url ?? ''}>
      {props.expired ? (
        <>
          <p className="auth-note">{t('wechat.qrExpired')}</p>
          <Button variant={platform} onClick={props.refresh}>
            {t('wechat.qrRefresh')}
          </Button>
        </>
      ) : (
        <>
          {props.url && <HomeQrCode value={props.url} size={180} />}
          <p className="auth-note">{props.tip}</p>
          {/* A phone cannot scan its own screen: WeChat reads the code from a saved picture instead. */}
          {platform === 'h5' && <p className="auth-links auth-links--muted">{t('wechat.qrOnPhone')}</p>}
        </>
      )}
    </div>
  );
}
