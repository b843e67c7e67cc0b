import { useEffect, useState } from 'react';
import { walletUser } from '@forum/contracts';
import { Button, Input, type Variant } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { newPayKey, payByWallet, setPayPassword, validYuan, type OrderInput } from './pay-order.ts';

/** What the dialog pays: a fixed price, or (a tip) an amount the member types. */
export interface PayRequest {
  title: string;
  order: OrderInput;
  /** Yuan; absent for a tip, where the member types it. */
  amount?: string;
}

/**
 * The wallet pay dialog: amount, balance, pay password (set here the first time). Closes with `true` once
 * the order is paid. The orders feature's shared dialog can replace it behind `usePay`.
 */
export function PayDialog({
  request,
  variant,
  onClose,
}: {
  request: PayRequest;
  variant: Variant;
  onClose: (paid: boolean) => void;
}) {
  const { t } = useTranslation();
  const [key] = useState(newPayKey);
  const [amount, setAmount] = useState(request.amount ?? '');
  const [password, setPassword] = useState('');
  const [notSet, setNotSet] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [balance, setBalance] = useState<string | null>(null);
  useEffect(() => {
    void getBrowserApi()
      .then((api) => api.call(walletUser, {}))
      .then((r) => setBalance(r.Data?.availableAmount ?? null));
  }, []);
  const submit = async () => {
    if (!validYuan(amount)) return setError(t('paid.badAmount'));
    if (!/^\d{6}$/.test(password)) return setError(t('paid.payPassword'));
    setBusy(true);
    setError('');
    try {
      if (notSet) {
        const set = await setPayPassword(password);
        if (!set.ok) return setError(set.message);
      }
      const order = request.amount === undefined ? { ...request.order, amount } : request.order;
      const r = await payByWallet(order, password, key);
      if (r.ok) return onClose(true);
      if (r.notSet) setNotSet(true);
      // A missing pay password has its own notice above the field.
      setError(r.notSet ? '' : r.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className="pay-dialog"
      role="dialog"
      aria-modal="true"
      aria-label={request.title}
      data-testid="pay-dialog"
    >
      <form
        className={`pay-dialog__box pay-dialog__box--${variant} panel`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 className="panel__title">{request.title}</h2>
        {request.amount !== undefined ? (
          <p className="pay-dialog__amount" data-testid="pay-amount">
            ¥{request.amount}
          </p>
        ) : (
          <label className="pay-dialog__field">
            <span>{t('paid.tipAmount')}</span>
            <Input
              value={amount}
              onChange={setAmount}
              variant={variant}
              inputMode="decimal"
              data-testid="pay-amount-input"
            />
          </label>
        )}
        {balance !== null && <p className="muted">{t('paid.balance', { amount: balance })}</p>}
        {notSet && (
          <p className="notice" data-testid="pay-notset">
            {t('paid.setPasswordFirst')}
          </p>
        )}
        <label className="pay-dialog__field">
          <span>{t('paid.payPassword')}</span>
          <Input
            type="password"
            mode="number"
            maxLength={6}
            autoComplete="off"
            value={password}
            onChange={setPassword}
            variant={variant}
            data-testid="pay-password"
          />
        </label>
        {error && (
          <p className="pay-dialog__error" role="alert" data-testid="pay-error">
            {error}
          </p>
        )}
        <div className="pay-dialog__actions">
          <Button variant={variant} onClick={() => onClose(false)} disabled={busy}>
            {t('paid.cancel')}
          </Button>
          <Button type="submit" kind="primary" variant={variant} loading={busy} data-testid="pay-confirm">
            {busy ? t('paid.paying') : notSet ? t('paid.setPassword') : t('paid.confirm')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * `openPay(request)` opens the pay dialog and resolves true once paid; render `payDialog` once in the page.
 * The one place to switch to the orders feature's shared dialog when it lands.
 */
export function usePay(variant: Variant) {
  const [open, setOpen] = useState<{ request: PayRequest; done: (paid: boolean) => void } | null>(null);
  const openPay = (request: PayRequest) => new Promise<boolean>((done) => setOpen({ request, done }));
  const payDialog = open && (
    <PayDialog
      request={open.request}
      variant={variant}
      onClose={(paid) => {
        setOpen(null);
        open.done(paid);
      }}
    />
  );
  return { openPay, payDialog };
}
