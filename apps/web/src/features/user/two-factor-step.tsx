import { useState, type FormEvent } from 'react';
import type { CallResult } from '@forum/api-client';
import { Code, twoFactorLogin, type LoginResult } from '@forum/contracts';
import { Button, TextField, type Variant } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { stopIfEmpty } from './required-fields.ts';

/** The second-step token of a -7090 reply (the password or phone was right; now the authenticator). */
export function pendingTwoFactor(res: { Code: number; Data: unknown }): string | null {
  const token = (res.Data as { twoFactorToken?: string } | null)?.twoFactorToken;
  return res.Code === Code.TWO_FACTOR_REQUIRED && token ? token : null;
}

/** The second login step: an authenticator or recovery code for the pending token. */
export function TwoFactorStep({
  variant,
  token,
  busy,
  run,
}: {
  variant: Variant;
  token: string;
  busy: boolean;
  run: (call: () => Promise<CallResult<LoginResult>>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    void run(async () =>
      (await getBrowserApi()).call(twoFactorLogin, { twoFactorToken: token, code: code.trim() }),
    );
  };
  return (
    <AuthCard variant={variant} title={t('security.loginTitle')}>
      <p className="auth-note">{t('security.loginTip')}</p>
      <form className="auth-form" noValidate onSubmit={submit} data-testid="two-factor-form">
        <TextField
          label={t('security.code')}
          name="code"
          trim
          maxLength={11}
          autoComplete="one-time-code"
          placeholder={t('security.codePlaceholder')}
          variant={variant}
          value={code}
          onChange={setCode}
          autoFocus
          required
        />
        <Button kind="primary" size="large" variant={variant} type="submit" full loading={busy}>
          {t('security.loginSubmit')}
        </Button>
      </form>
    </AuthCard>
  );
}
