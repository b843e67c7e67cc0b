import { useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { smsBind } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { takeReturn } from '../../app/login-return.ts';
import { useSite } from '../../app/site-context.tsx';
import { safeSessionStorage } from '../../app/storage.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { AuthCard } from './auth-card.tsx';
import { MobileField, SmsCodeField } from './phone-fields.tsx';
import { stopIfEmpty } from './required-fields.ts';

/** `/user/bind-phone`: where the -8001 gate sends a member; binds a phone, then back to the remembered page. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  useRequireLogin();
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    setBusy(true);
    const res = await (await getBrowserApi()).call(smsBind, { mobile, code });
    setBusy(false);
    if (res.Code !== 0) {
      toast.error(res.Message);
      return;
    }
    toast.success(t('phone.bound'));
    await revalidate();
    await navigate(takeReturn(safeSessionStorage()), { replace: true });
  };
  return (
    <AuthCard variant={platform} title={t('phone.bindTitle')}>
      <p className="auth-note">{t('phone.bindTip')}</p>
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => void handleSubmit(e)}
        data-testid="bind-phone-form"
      >
        <MobileField variant={platform} value={mobile} onChange={setMobile} />
        <SmsCodeField variant={platform} type="bind" mobile={mobile} value={code} onChange={setCode} />
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('phone.bindSubmit')}
        </Button>
      </form>
    </AuthCard>
  );
}
