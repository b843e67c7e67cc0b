import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { PaymentType, tradePayOrder, type OrderView } from '@forum/contracts';
import { Button, Input, type Variant } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { act } from '../threads/thread-call.ts';

/**
 * Pays an order from the wallet with the pay password: `openPay` shows the dialog and resolves true once paid,
 * false when the author cancels. One function on purpose: the shared pay dialog (providers, recharge) can
 * replace this body without touching its callers.
 */
export function usePayPrompt(variant: Variant): {
  openPay: (order: OrderView) => Promise<boolean>;
  prompt: ReactNode;
} {
  const [order, setOrder] = useState<OrderView | null>(null);
  const resolver = useRef<((paid: boolean) => void) | null>(null);
  useEffect(() => () => resolver.current?.(false), []);
  const openPay = useCallback(async (o: OrderView) => {
    setOrder(o);
    const paid = await new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
    resolver.current = null;
    setOrder(null);
    return paid;
  }, []);
  const prompt = order ? (
    <PayDialog key={order.orderSn} order={order} variant={variant} onDone={(p) => resolver.current?.(p)} />
  ) : null;
  return { openPay, prompt };
}

function PayDialog({
  order,
  variant,
  onDone,
}: {
  order: OrderView;
  variant: Variant;
  onDone: (paid: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    const r = await act(tradePayOrder, {
      orderSn: order.orderSn,
      paymentType: PaymentType.WALLET,
      payPassword: password,
    });
    setBusy(false);
    if (r) onDone(true);
  };
  return (
    <div
      className={`plugin-dialog pay-dialog--${variant}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-t`}
    >
      <div className="panel plugin-dialog__box pay-dialog" data-testid="pay-dialog">
        <h2 id={`${id}-t`} className="panel__title">
          {t('pay.title')}
        </h2>
        <p className="pay-dialog__amount">{t('pay.amount', { amount: order.amount })}</p>
        <p className="muted">{t('pay.wallet')}</p>
        <label className="money-editor__row">
          <span className="money-editor__label">{t('pay.password')}</span>
          <Input
            variant={variant}
            type="password"
            name="payPassword"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            value={password}
            onChange={setPassword}
          />
        </label>
        <div className="pay-dialog__actions">
          <Button variant={variant} onClick={() => onDone(false)} data-testid="pay-cancel">
            {t('pay.cancel')}
          </Button>
          <Button
            kind="primary"
            variant={variant}
            loading={busy}
            disabled={!/^\d{6}$/.test(password)}
            onClick={() => void pay()}
            data-testid="pay-submit"
          >
            {t('pay.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}
