import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, TextField, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';

const SIX = /^\d{6}$/;

/** `/wallet/pay-password`: set the first pay password, or change it after checking the current one. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const isLogin = useRequireLogin();
  const [has, setHas] = useState<boolean | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [current, setCurrent] = useState('');
  const [pw, setPw] = useState({ next: '', again: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void (async () => {
      const [api, { payPasswordStatus }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      setHas((await api.call(payPasswordStatus, {})).Data?.hasPayPassword ?? null);
    })();
  }, []);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!SIX.test(current)) return setError(t('wallet.pwSixDigits'));
    setBusy(true);
    const [api, { payPasswordReset }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(payPasswordReset, { payPassword: current });
    setBusy(false);
    if (!res.Data) return setError(res.Message);
    setError('');
    setToken(res.Data.sessionId);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!SIX.test(pw.next)) return setError(t('wallet.pwSixDigits'));
    if (pw.next !== pw.again) return setError(t('wallet.pwMismatch'));
    setBusy(true);
    const [api, { payPasswordUpdate }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(payPasswordUpdate, {
      payPassword: pw.next,
      payPasswordConfirmation: pw.again,
      ...(token ? { payPasswordToken: token } : {}),
    });
    setBusy(false);
    if (!res.Data) return setError(res.Message);
    setError('');
    setHas(true);
    setToken(null);
    setCurrent('');
    setPw({ next: '', again: '' });
    toast.success(t('wallet.pwSaved'));
  };

  if (!isLogin) return null;
  const digits = { inputMode: 'numeric' as const, type: 'password', maxLength: 6, autoComplete: 'off' };
  return (
    <div className={`wallet wallet--${platform}`}>
      <section
        className="panel wallet-form"
        data-testid="pay-password-page"
        data-has={has === null ? '' : String(has)}
      >
        <h1 className="panel__title">{t('wallet.pwTitle')}</h1>
        {has === null ? (
          <p className="muted">{t('wallet.loading')}</p>
        ) : has && !token ? (
          <form className="wallet-form__body" onSubmit={(e) => void verify(e)}>
            <p className="muted">{t('wallet.pwHasOne')}</p>
            <TextField
              label={t('wallet.pwCurrent')}
              name="current"
              value={current}
              {...digits}
              onChange={setCurrent}
            />
            <Button type="submit" kind="primary" variant={platform} full loading={busy}>
              {t('wallet.pwVerify')}
            </Button>
          </form>
        ) : (
          <form className="wallet-form__body" onSubmit={(e) => void save(e)}>
            {!has && <p className="muted">{t('wallet.pwNone')}</p>}
            <TextField
              label={t('wallet.pwNew')}
              name="payPassword"
              value={pw.next}
              {...digits}
              data-testid="pw-new"
              onChange={(v) => setPw({ ...pw, next: v })}
            />
            <TextField
              label={t('wallet.pwConfirm')}
              name="payPasswordConfirmation"
              value={pw.again}
              {...digits}
              data-testid="pw-again"
              onChange={(v) => setPw({ ...pw, again: v })}
            />
            <Button type="submit" kind="primary" variant={platform} full loading={busy} data-testid="pw-save">
              {t('wallet.pwSave')}
            </Button>
          </form>
        )}
        {error && (
          <p className="ui-field__error" role="alert">
            {error}
          </p>
        )}
        <Link to="/wallet">{t('wallet.backToWallet')}</Link>
      </section>
    </div>
  );
}
