import { useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { nicknameSet } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { safeSessionStorage } from '../../app/storage.ts';
import { takeReturn } from '../../app/login-return.ts';
import { useSite } from '../../app/site-context.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { NicknameField } from './account-fields.tsx';
import { AuthCard } from './auth-card.tsx';
import { stopIfEmpty } from './required-fields.ts';

/** `/user/bind-nickname`: set a nickname after the first login, then continue to the remembered page. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [nickname, setNickname] = useState('');
  const [busy, setBusy] = useState(false);
  useRequireLogin();

  const finish = async () => {
    await revalidate();
    await navigate(takeReturn(safeSessionStorage()), { replace: true });
  };
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    setBusy(true);
    const res = await (await getBrowserApi()).call(nicknameSet, { nickname });
    setBusy(false);
    if (res.Code !== 0) {
      toast.error(res.Message);
      return;
    }
    toast.success(t('bindNickname.success'));
    await finish();
  };
  return (
    <AuthCard variant={platform} title={t('bindNickname.title')}>
      <p className="auth-note">{t('bindNickname.tip')}</p>
      <form className="auth-form" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <NicknameField variant={platform} value={nickname} onChange={setNickname} required />
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('bindNickname.submit')}
        </Button>
        <Button kind="text" variant={platform} full onClick={() => void finish()}>
          {t('bindNickname.skip')}
        </Button>
      </form>
    </AuthCard>
  );
}
