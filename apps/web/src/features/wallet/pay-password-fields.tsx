import { useEffect, useState } from 'react';
import { TextField } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** The payer's balance and whether they have a pay password, as the pay dialog needs them. */
export interface WalletForPay {
  available: string;
  availableFen: number;
  hasPw: boolean;
}

/** Loads the wallet and pay password status once; the setter records a pay password set (or lost) meanwhile. */
export function useWalletForPay(): [WalletForPay | null, (hasPw: boolean) => void] {
  const [wallet, setWallet] = useState<WalletForPay | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const [w, pw] = await Promise.all([api.call(c.walletUser, {}), api.call(c.payPasswordStatus, {})]);
      if (live && w.Data && pw.Data) {
        const { availableAmount: available, availableFen } = w.Data;
        setWallet({ available, availableFen, hasPw: pw.Data.hasPayPassword });
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return [wallet, (hasPw) => setWallet((w) => w && { ...w, hasPw })];
}

/** One six-digit secret field. */
function PinField(props: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  testId: string;
}) {
  const { platform } = useSite();
  return (
    <TextField
      label={props.label}
      className="pay-dialog__pw"
      type="password"
      mode="number"
      autoComplete="off"
      maxLength={6}
      variant={platform}
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      data-testid={props.testId}
    />
  );
}

/**
 * The pay password of a wallet payment; a member without one sets it here (typed twice), and the dialog saves
 * it before paying, so a first purchase needs no trip to the wallet pages.
 */
export function PayPasswordFields(props: {
  hasPw: boolean;
  password: string;
  confirm: string;
  onPassword(v: string): void;
  onConfirm(v: string): void;
}) {
  const { t } = useTranslation();
  if (props.hasPw) {
    return (
      <PinField
        label={t('wallet.enterPayPassword')}
        name="payPassword"
        value={props.password}
        onChange={props.onPassword}
        testId="pay-password"
      />
    );
  }
  return (
    <>
      <p className="pay-dialog__note" data-testid="pay-notset">
        {t('wallet.setPayPasswordHere')}
      </p>
      <PinField
        label={t('wallet.pwNew')}
        name="payPassword"
        value={props.password}
        onChange={props.onPassword}
        testId="pay-password"
      />
      <PinField
        label={t('wallet.pwConfirm')}
        name="payPasswordConfirmation"
        value={props.confirm}
        onChange={props.onConfirm}
        testId="pay-password-confirm"
      />
    </>
  );
}
