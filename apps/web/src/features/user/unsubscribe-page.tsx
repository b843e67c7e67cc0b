import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, toast } from '@forum/ui';
import { callNamed } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';

/**
 * `/user/unsubscribe?u=&k=`: the link at the foot of a notification email. Works without a login (the key is
 * signed for the account); a button confirms, so a mail scanner opening the link changes nothing.
 */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const res = await callNamed('emailUnsubscribe', { u: Number(params.get('u')), k: params.get('k') ?? '' });
    setBusy(false);
    if (res.Code !== 0) return void toast.error(t('email.linkBad'));
    setDone(res.Data?.email ?? '');
  };
  return (
    <AuthCard variant={platform} title={t('email.unsubscribeTitle')}>
      {done !== null ? (
        <p className="auth-note" data-testid="unsubscribed">
          {t('email.unsubscribed', { email: done })}
        </p>
      ) : (
        <div className="auth-form">
          <p className="auth-note">{t('email.unsubscribeTip')}</p>
          <Button
            kind="primary"
            size="large"
            variant={platform}
            full
            loading={busy}
            onClick={() => void confirm()}
            data-testid="unsubscribe-confirm"
          >
            {t('email.unsubscribeSubmit')}
          </Button>
        </div>
      )}
      <p className="auth-links">
        <Link to={forum.user ? '/my/edit' : '/'}>
          {forum.user ? t('email.toSettings') : t('email.toHome')}
        </Link>
      </p>
    </AuthCard>
  );
}
