import { useState, type FormEvent } from 'react';
import { wechatBindPhone } from '@forum/contracts';
import { Button } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { MobileField, SmsCodeField } from './phone-fields.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { clearPending, readPending } from './wx-pending.ts';
import { WxPendingMissing } from './wx-notices.tsx';

/** `/user/wx-bind-phone`: the phone's account (or a new one) logs in with a code and gets the pending WeChat. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const { busy, run } = useAuthSubmit('login.success');
  const pending = readPending();
  if (!pending) return <WxPendingMissing />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await (
        await getBrowserApi()
      ).call(wechatBindPhone, { sessionToken: pending.sessionToken, mobile, code });
      if (res.Code === 0) clearPending();
      return res;
    });
  };
  return (
    <AuthCard variant={platform} title={t('wechat.bindPhoneTitle')}>
      <form className="auth-form" onSubmit={submit} data-testid="wx-bind-phone-form">
        <p className="auth-note">{t('wechat.selectTip', { nickname: pending.nickname })}</p>
        <MobileField variant={platform} value={mobile} onChange={setMobile} />
        <SmsCodeField variant={platform} type="login" mobile={mobile} value={code} onChange={setCode} />
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('wechat.bindSubmit')}
        </Button>
      </form>
    </AuthCard>
  );
}
