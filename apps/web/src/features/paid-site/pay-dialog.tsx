import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, TextField, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** What a paid action asks for: the order (type and its target) and what to show. */
export interface PayRequest {
  type: number;
  groupId?: number;
  /** Yuan with two decimals, shown in the dialog. */
  amount: string;
  title: string;
}

/** A random idempotency key per payment attempt (a double click pays once). */
function newKey(): string {
  return `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The pay box of the paid site and paid groups: creates the order and pays it from the wallet with the pay
 * password (setting one first when the member has none). `openPay` resolves true once paid. When the shared
 * pay dialog of the wallet pages lands, `openPay` switches to it.
 */
export function usePayDialog(): { openPay: (req: PayRequest) => Promise<boolean>; dialog: ReactNode } {
  const [req, setReq] = useState<PayRequest | null>(null);
  const [hasPassword, setHasPassword] = useState(true);
  const done = useRef<(paid: boolean) => void>(undefined);
  const openPay = useCallback(async (next: PayRequest) => {
    const [api, { payPasswordStatus }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const status = await api.call(payPasswordStatus, {});
    setHasPassword(status.Data?.hasPayPassword ?? true);
    setReq(next);
    return new Promise<boolean>((resolve) => {
      done.current = resolve;
    });
  }, []);
  const close = (paid: boolean) => {
    setReq(null);
    done.current?.(paid);
  };
  const dialog = req && <PayBox req={req} hasPassword={hasPassword} onClose={close} />;
  return { openPay, dialog };
}

function PayBox(props: { req: PayRequest; hasPassword: boolean; onClose: (paid: boolean) => void }) {
  const { req, hasPassword, onClose } = props;
  const { t } = useTranslation();
  const { platform } = useSite();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [key] = useState(newKey);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!hasPassword && password !== confirm) return void toast.error(t('membership.payPasswordMismatch'));
    setBusy(true);
    try {
      const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      if (!hasPassword) {
        const set = await api.call(c.payPasswordUpdate, {
          payPassword: password,
          payPasswordConfirmation: confirm,
        });
        if (set.Code !== 0) return void toast.error(set.Message);
      }
      const order = await api.call(c.orderCreate, {
        type: req.type,
        ...(req.groupId ? { groupId: req.groupId } : {}),
        idempotencyKey: key,
      });
      if (order.Code !== 0 || !order.Data) return void toast.error(order.Message);
      const paid = await api.call(c.tradePayOrder, {
        orderSn: order.Data.orderSn,
        paymentType: c.PaymentType.WALLET,
        payPassword: password,
        idempotencyKey: key,
      });
      if (paid.Code !== 0) return void toast.error(paid.Message);
      toast.success(t('membership.paySuccess'));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={`pay-dialog pay-dialog--${platform}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('membership.payTitle')}
    >
      <form className="pay-dialog__box panel" onSubmit={(e) => void submit(e)} data-testid="pay-dialog">
        <h2 className="panel__title">{t('membership.payTitle')}</h2>
        <p className="pay-dialog__what">{req.title}</p>
        <p className="pay-dialog__amount">{t('membership.payAmount', { amount: req.amount })}</p>
        <p className="muted">{hasPassword ? t('membership.payByWallet') : t('membership.setPayPassword')}</p>
        <TextField
          label={t('membership.payPassword')}
          placeholder={t('membership.payPasswordPlaceholder')}
          type="password"
          mode="number"
          maxLength={6}
          variant={platform}
          value={password}
          onChange={setPassword}
          name="payPassword"
          autoComplete="off"
        />
        {!hasPassword && (
          <TextField
            label={t('membership.confirmPayPassword')}
            type="password"
            mode="number"
            maxLength={6}
            variant={platform}
            value={confirm}
            onChange={setConfirm}
            name="payPasswordConfirmation"
            autoComplete="off"
          />
        )}
        <div className="pay-dialog__actions">
          <Button variant={platform} onClick={() => onClose(false)} disabled={busy}>
            {t('membership.cancel')}
          </Button>
          <Button
            kind="primary"
            variant={platform}
            type="submit"
            loading={busy}
            disabled={password.length !== 6}
          >
            {t('membership.pay')}
          </Button>
        </div>
      </form>
    </div>
  );
}
