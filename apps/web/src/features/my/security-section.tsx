import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { twoFactorDisable, twoFactorEnable, twoFactorSetup, twoFactorStatus } from '@forum/contracts';
import { Button, TextField, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { HomeQrCode } from '../home/home-qrcode.tsx';
import { act } from '../threads/thread-call.ts';

interface Status {
  enabled: boolean;
  required: boolean;
  recoveryLeft: number;
}

/** Part of `/my/edit`: the bound phone (bind or change it) and two-factor authentication (enrol, turn off). */
export function SecuritySection() {
  const { t } = useTranslation();
  const { forum, platform } = useSite();
  const me = forum.user!;
  const [status, setStatus] = useState<Status | null>(null);
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const reload = async () => setStatus(await act(twoFactorStatus, {}));
  useEffect(() => {
    void reload();
  }, []);

  const start = async () => setSetup(await act(twoFactorSetup, {}));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    if (status?.enabled) {
      // Its reply carries no data, which `act` would read as a failure.
      const off = await (await getBrowserApi()).call(twoFactorDisable, { code: code.trim() });
      if (off.Code === 0) toast.success(t('security.disabled'));
      else toast.error(off.Message);
    } else {
      const on = await act(twoFactorEnable, { code: code.trim() });
      if (on) {
        setRecovery(on.recoveryCodes);
        setSetup(null);
        toast.success(t('security.enabled'));
      }
    }
    setBusy(false);
    setCode('');
    await reload();
  };
  const codeField = (
    <TextField
      label={t('security.code')}
      name="twoFactorCode"
      trim
      maxLength={11}
      autoComplete="one-time-code"
      placeholder={t('security.codePlaceholder')}
      variant={platform}
      value={code}
      onChange={setCode}
      required
    />
  );

  return (
    <section className="my-settings__section" data-testid="security-section">
      <h2 className="my-settings__title">{t('security.title')}</h2>
      {forum.qcloud.qcloudSms && (
        <div className="my-settings__prefs">
          <span>
            {t('security.phone')}: {me.mobile || t('security.phoneNone')}
          </span>
          <Link to={me.mobile ? '/user/rebind' : '/user/bind-phone'}>
            {me.mobile ? t('security.rebindPhone') : t('security.bindPhone')}
          </Link>
        </div>
      )}
      {forum.passport.offiaccountOpen && (
        <div className="my-settings__prefs" data-testid="wechat-binding">
          <span>
            {t('wechat.myLabel')}: {me.isBindWechat ? t('wechat.myBound') : t('security.phoneNone')}
          </span>
          <Link to={me.isBindWechat ? '/user/wx-rebind-action' : '/user/wx-bind'}>
            {me.isBindWechat ? t('wechat.rebindTitle') : t('wechat.bindTitle')}
          </Link>
        </div>
      )}
      <div className="my-settings__prefs">
        <span>
          {t('security.twoFactor')}:{' '}
          {status?.enabled
            ? t('security.twoFactorOn', { count: status.recoveryLeft })
            : t('security.twoFactorOff')}
        </span>
      </div>
      {status?.required && !status.enabled && <p className="auth-note">{t('security.twoFactorRequired')}</p>}
      {recovery && (
        <div data-testid="recovery-codes">
          <p>{t('security.recoveryTitle')}</p>
          <ul>
            {recovery.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <Button size="small" variant={platform} onClick={() => setRecovery(null)}>
            {t('security.recoveryDone')}
          </Button>
        </div>
      )}
      {status && !status.enabled && !setup && !recovery && (
        <Button variant={platform} onClick={() => void start()} data-testid="two-factor-start">
          {t('security.enable')}
        </Button>
      )}
      {(setup || status?.enabled) && !recovery && (
        <form className="auth-form" onSubmit={(e) => void submit(e)} data-testid="two-factor-settings">
          {setup && (
            <>
              <p>{t('security.scan')}</p>
              <HomeQrCode value={setup.otpauthUrl} size={160} />
              <p>
                {t('security.secret')}: <code data-testid="two-factor-secret">{setup.secret}</code>
              </p>
            </>
          )}
          {codeField}
          <Button kind={setup ? 'primary' : 'danger'} variant={platform} type="submit" loading={busy}>
            {setup ? t('security.confirm') : t('security.disable')}
          </Button>
        </form>
      )}
    </section>
  );
}
