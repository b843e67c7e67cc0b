import { useState } from 'react';
import { oidcAuthorize } from '@forum/contracts';
import { toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** "Log in with <provider>": asks for the consent URL (state, nonce, PKCE kept on the server) and goes there. */
export function OidcLoginLink({ action = 'login' }: { action?: 'login' | 'bind' }) {
  const { t } = useTranslation();
  const { forum } = useSite();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    const res = await (await getBrowserApi()).call(oidcAuthorize, { action });
    if (res.Code === 0 && res.Data) window.location.assign(res.Data.location);
    else {
      setBusy(false);
      toast.error(res.Message);
    }
  };
  return (
    <a
      href="#"
      aria-disabled={busy}
      data-testid="oidc-login"
      onClick={(e) => {
        e.preventDefault();
        if (!busy) void go();
      }}
    >
      {t('wechat.oidcLogin', { name: forum.passport.oidcName })}
    </a>
  );
}
