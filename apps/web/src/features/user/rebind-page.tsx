import { useState, type FormEvent } from 'react';
import { Navigate, useRevalidator } from 'react-router';
import { smsRebind, smsVerify } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { AuthCard } from './auth-card.tsx';
import { MobileField, SmsCodeField } from './phone-fields.tsx';
import { stopIfEmpty } from './required-fields.ts';

/** Shows a phone as 139****1234. */
const masked = (mobile: string) => mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/** `/user/rebind`: verify the current phone, then bind a new one (an account with no phone binds instead). */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum, isLogin } = useSite();
  const { revalidate } = useRevalidator();
  const [step, setStep] = useState<'verify' | 'new'>('verify');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  useRequireLogin();
  const current = forum.user?.mobile ?? '';
  if (isLogin && !current) return <Navigate to="/user/bind-phone" replace />;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    setBusy(true);
    const api = await getBrowserApi();
    const res =
      step === 'verify' ? await api.call(smsVerify, { code }) : await api.call(smsRebind, { mobile, code });
    setBusy(false);
    if (res.Code !== 0) {
      toast.error(res.Message);
      return;
    }
    if (step === 'verify') {
      setCode('');
      setStep('new');
      return;
    }
    toast.success(t('phone.rebound'));
    setMobile('');
    setCode('');
    setStep('verify');
    await revalidate();
  };
  return (
    <AuthCard variant={platform} title={t('phone.rebindTitle')}>
      <p className="auth-note" data-testid="rebind-step">
        {step === 'verify'
          ? t('phone.rebindVerifyTip', { mobile: masked(current) })
          : t('phone.rebindNewTip')}
      </p>
      <form className="auth-form" noValidate onSubmit={(e) => void handleSubmit(e)} key={step}>
        {step === 'new' && <MobileField variant={platform} value={mobile} onChange={setMobile} />}
        <SmsCodeField
          variant={platform}
          type={step === 'verify' ? 'verify' : 'rebind'}
          mobile={step === 'verify' ? undefined : mobile}
          value={code}
          onChange={setCode}
        />
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {step === 'verify' ? t('phone.verifySubmit') : t('phone.rebindSubmit')}
        </Button>
      </form>
    </AuthCard>
  );
}
