import { useEffect, useState } from 'react';
import { smsSend, type SmsType } from '@forum/contracts';
import { Button, TextField, toast, type Variant } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** An 11-digit mobile number as the server takes it. */
export const isMobile = (value: string) => /^1\d{10}$/.test(value);

/** The phone number field: digits only, at most 11. */
export function MobileField({
  variant,
  value,
  onChange,
}: {
  variant: Variant;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('phone.mobile')}
      name="mobile"
      type="tel"
      mode="number"
      maxLength={11}
      autoComplete="tel-national"
      placeholder={t('phone.mobilePlaceholder')}
      variant={variant}
      value={value}
      onChange={onChange}
      required
    />
  );
}

/**
 * The code field with its "send code" button: sends a code of `type` to `mobile` (or to the account's own phone
 * when `mobile` is undefined), then counts down the server's resend interval.
 */
export function SmsCodeField({
  variant,
  type,
  mobile,
  value,
  onChange,
}: {
  variant: Variant;
  type: SmsType;
  mobile: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = async () => {
    if (mobile !== undefined && !isMobile(mobile)) {
      toast.error(t('phone.badMobile'));
      return;
    }
    setBusy(true);
    const res = await (await getBrowserApi()).call(smsSend, { type, ...(mobile ? { mobile } : {}) });
    setBusy(false);
    if (res.Code !== 0 || !res.Data) {
      const retry = (res.Data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
      if (retry && retry <= 60) setWait(retry);
      toast.error(res.Message);
      return;
    }
    toast.success(t('phone.sent'));
    setWait(res.Data.interval);
  };
  return (
    <TextField
      label={t('phone.code')}
      name="code"
      mode="number"
      maxLength={6}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('phone.codePlaceholder')}
      variant={variant}
      value={value}
      onChange={onChange}
      required
      appendWidth="auto"
      append={
        <Button
          kind="text"
          variant={variant}
          disabled={wait > 0 || busy}
          onClick={() => void send()}
          data-testid="sms-send"
        >
          {wait > 0 ? t('phone.resend', { seconds: wait }) : t('phone.send')}
        </Button>
      }
    />
  );
}
