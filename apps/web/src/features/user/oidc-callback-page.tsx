import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { oidcCallback } from '@forum/contracts';
import { toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { pendingTwoFactor, TwoFactorStep } from './two-factor-step.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';

/** `/user/oidc-callback`: the OpenID provider's redirect back; finishes the login or the binding. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState<string | null>(null);
  const { busy, run } = useAuthSubmit('login.success');
  // A code is good once: never send it twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void (async () => {
      const res = await (await getBrowserApi()).call(oidcCallback, { code, state });
      const second = pendingTwoFactor(res);
      if (second) return setTwoFactor(second);
      if (res.Code !== 0 || !res.Data) return setError(res.Message);
      if (res.Data.login) return run(async () => ({ ...res, Data: res.Data!.login }));
      toast.success(t('wechat.oidcBound'));
      await navigate('/my/edit', { replace: true });
    })();
  }, [code, state, navigate, run, t]);
  if (twoFactor) return <TwoFactorStep variant={platform} token={twoFactor} busy={busy} run={run} />;
  return (
    <AuthCard variant={platform} title={t('wechat.oidcTitle')}>
      <p className="auth-note" data-testid="oidc-callback">
        {error ? t('wechat.failed', { message: error }) : t('wechat.authorizing')}
      </p>
      {error && (
        <p className="auth-links">
          <Link to="/user/username-login">{t('wechat.usernameLogin')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
