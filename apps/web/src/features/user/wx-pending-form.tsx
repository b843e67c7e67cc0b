import type { FormEvent, ReactNode } from 'react';
import { Button } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { useWxPending, type PendingCall } from './use-wx-pending.ts';
import { WxPendingMissing } from './wx-notices.tsx';
import { stopIfEmpty } from './required-fields.ts';

/**
 * A page binding the pending WeChat to an account: the card naming the WeChat, the page's own fields and
 * the bind button; the missing-WeChat view when there is nothing pending.
 */
export function WxPendingForm({
  title,
  testId,
  send,
  children,
}: {
  title: string;
  testId: string;
  /** The bind call, with the page's field values. */
  send: PendingCall;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { platform } = useSite();
  const { pending, busy, finish } = useWxPending('login.success');
  if (!pending) return <WxPendingMissing />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    finish(send);
  };
  return (
    <AuthCard variant={platform} title={title}>
      <form className="auth-form" noValidate onSubmit={submit} data-testid={testId}>
        <p className="auth-note">{t('wechat.selectTip', { nickname: pending.nickname })}</p>
        {children}
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('wechat.bindSubmit')}
        </Button>
      </form>
    </AuthCard>
  );
}
