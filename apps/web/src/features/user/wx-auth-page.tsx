import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { wechatOauth } from '@forum/contracts';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { actionOf } from './wx-pending.ts';
import { WxOff } from './wx-notices.tsx';

/** `/user/wx-auth?action=`: asks the server for the WeChat consent URL and goes there (the phone side). */
export function Component() {
  const { forum } = useSite();
  return forum.passport.offiaccountOpen ? <WxAuth /> : <WxOff />;
}

function WxAuth() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [params] = useSearchParams();
  const action = actionOf(params.get('action')) ?? 'login';
  const sessionToken = params.get('sessionToken') ?? undefined;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const res = await (await getBrowserApi()).call(wechatOauth, { action, sessionToken });
      if (!live) return;
      if (res.Code === 0 && res.Data) window.location.assign(res.Data.location);
      else setError(res.Message);
    })();
    return () => {
      live = false;
    };
  }, [action, sessionToken]);
  return (
    <AuthCard variant={platform} title={t('wechat.authTitle')}>
      <p className="auth-note" data-testid="wx-auth">
        {error ? t('wechat.failed', { message: error }) : t('wechat.redirecting')}
      </p>
      {error && (
        <p className="auth-links">
          <Link to="/user/username-login">{t('wechat.usernameLogin')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
