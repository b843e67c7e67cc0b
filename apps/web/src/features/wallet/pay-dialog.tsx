import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CallInput, orderCreate } from '@forum/contracts';
import { Button, TextField } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { HomeQrCode } from '../home/home-qrcode.tsx';
import { ProviderChoice, type ProviderAction } from './provider-choice.tsx';
import { newKey, ORDER, PAY, useOrderStatus, usePayTypes, validYuan } from './order-status.ts';
import { PayPasswordFields, useWalletForPay } from './pay-password-fields.tsx';

/** What `order.create` gets (type, threadId, groupId, payeeId, ...). */
export type OrderInput = CallInput<typeof orderCreate>;

/** One part of a payment that pays for several things at once (a merged order's red packet and bounty). */
export interface PayPart {
  label: string;
  /** Yuan with two decimals. */
  amount: string;
}

/**
 * One paid action: what is paid for, the amount shown (yuan; absent for a tip, where the member types it), and
 * the order: its input (created by the dialog on the first attempt) or an order made already (the editor's red
 * packets and bounties, priced by the server from the thread's block; `parts` list a merged order's).
 */
export type PayRequest = { title: string } & (
  { order: OrderInput; amount?: string } | { orderSn: string; amount: string; parts?: PayPart[] }
);

/** Props of {@link PayDialog}. */
export interface PayDialogProps {
  request: PayRequest;
  onPaid(orderSn: string): void;
  onClose(): void;
}

/**
 * The pay box of every paid action (paid threads, tips, red packets, bounties, the paid site, paid groups):
 * pays from the wallet with the pay password (set here when the member has none), or through a provider while
 * polling `order.detail`. Opened through `usePayment()`; `/wallet/pay` hosts it for links.
 */
export function PayDialog({ request, onPaid, onClose }: PayDialogProps) {
  const { t } = useTranslation();
  const { platform } = useSite();
  const types = usePayTypes();
  const [wallet, setHasPw] = useWalletForPay();
  const [method, setMethod] = useState<number>(PAY.WALLET);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [orderSn, setOrderSn] = useState<string | null>('orderSn' in request ? request.orderSn : null);
  const [action, setAction] = useState<ProviderAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // One key per dialog: a double click or a retry after a network error cannot pay twice.
  const keys = useRef({ create: newKey('order'), pay: newKey('pay') });
  const status = useOrderStatus(action ? orderSn : null);
  const amount = request.amount ?? typed;

  useEffect(() => {
    if (status === ORDER.PAID && orderSn) onPaid(orderSn);
    if (status === ORDER.FAILED) setError(t('wallet.failed'));
    if (status === ORDER.EXPIRED) setError(t('wallet.expired'));
  }, [status, orderSn, onPaid, t]);

  /** What `order.create` gets: the request's order, the typed amount where the member types it, the key. */
  const createInput = (order: OrderInput): OrderInput => ({
    ...order,
    ...(request.amount === undefined && { amount }),
    idempotencyKey: keys.current.create,
  });

  /** The order, created on the first attempt and reused by later ones. */
  const ensureOrder = async (): Promise<string | null> => {
    if (orderSn || !('order' in request)) return orderSn;
    const [api, { orderCreate }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(orderCreate, createInput(request.order));
    if (!res.Data) return (setError(res.Message), null);
    setOrderSn(res.Data.orderSn);
    return res.Data.orderSn;
  };

  /** Sets the first pay password (when the member has none), then pays the order. */
  const pay = async (): Promise<void> => {
    const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const byWallet = method === PAY.WALLET;
    if (byWallet && wallet?.hasPw === false) {
      const set = await api.call(c.payPasswordUpdate, {
        payPassword: password,
        payPasswordConfirmation: confirm,
      });
      if (set.Code !== 0) return setError(set.Message);
      setHasPw(true);
    }
    // From the wallet with no order yet: created and paid in one call (or neither).
    if (byWallet && !orderSn && 'order' in request) {
      const res = await api.call(c.orderCreate, {
        ...createInput(request.order),
        walletPay: { payPassword: password },
      });
      if ((res.Data as { notSet?: boolean } | null)?.notSet) return setHasPw(false);
      if (res.Code !== 0 || !res.Data) return setError(res.Message);
      return onPaid(res.Data.orderSn);
    }
    const sn = await ensureOrder();
    if (!sn) return;
    const res = await api.call(c.tradePayOrder, {
      orderSn: sn,
      paymentType: method,
      ...(byWallet ? { payPassword: password, idempotencyKey: keys.current.pay } : {}),
    });
    // A pay password removed meanwhile: back to setting one.
    if ((res.Data as { notSet?: boolean } | null)?.notSet) return setHasPw(false);
    if (res.Code !== 0 || !res.Data) setError(res.Message);
    else if (byWallet) onPaid(sn);
    else setAction(res.Data);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!validYuan(amount)) return setError(t('wallet.invalidAmount'));
    if (method === PAY.WALLET && !/^\d{6}$/.test(password)) return setError(t('wallet.pwSixDigits'));
    if (method === PAY.WALLET && !wallet?.hasPw && confirm !== password)
      return setError(t('wallet.pwMismatch'));
    setBusy(true);
    try {
      await pay();
    } finally {
      setBusy(false);
    }
  };

  const short =
    wallet !== null && validYuan(amount) && wallet.availableFen < Math.round(Number(amount) * 100);
  const byWallet = method === PAY.WALLET;
  return (
    <div
      className={`pay-dialog pay-dialog--${platform}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby="pay-title"
    >
      <form className="pay-dialog__box panel" onSubmit={(e) => void submit(e)} data-testid="pay-dialog">
        <h2 id="pay-title" className="pay-dialog__title">
          {t('wallet.dialogTitle')}
        </h2>
        <p className="pay-dialog__what">{request.title}</p>
        {'parts' in request && request.parts && (
          <ul className="pay-dialog__parts" data-testid="pay-parts">
            {request.parts.map((p) => (
              <li key={p.label}>
                <span>{p.label}</span>
                <span>{t('wallet.yuan', { amount: p.amount })}</span>
              </li>
            ))}
          </ul>
        )}
        {request.amount !== undefined ? (
          <p className="pay-dialog__amount" data-testid="pay-amount">
            <span className="muted">{t('wallet.amountDue')}</span>{' '}
            <strong>{t('wallet.yuan', { amount: request.amount })}</strong>
          </p>
        ) : (
          <TextField
            label={t('wallet.typedAmount')}
            inputMode="decimal"
            name="amount"
            trim
            variant={platform}
            value={typed}
            readOnly={orderSn !== null}
            data-testid="pay-amount-input"
            onChange={setTyped}
          />
        )}
        {action ? (
          <ProviderWait action={action} />
        ) : (
          <>
            <ProviderChoice
              types={types}
              value={method}
              onChange={setMethod}
              walletLabel={
                <>
                  {t('wallet.payByWallet')}
                  {wallet && (
                    <span className="muted"> · {t('wallet.balance', { amount: wallet.available })}</span>
                  )}
                </>
              }
            />
            {byWallet && wallet && (
              <PayPasswordFields
                hasPw={wallet.hasPw}
                password={password}
                confirm={confirm}
                onPassword={setPassword}
                onConfirm={setConfirm}
              />
            )}
            {byWallet && short && (
              <p className="pay-dialog__error" data-testid="pay-short">
                {t('wallet.insufficient')} <Link to="/wallet/recharge">{t('wallet.goRecharge')}</Link>
              </p>
            )}
          </>
        )}
        {error && (
          <p className="pay-dialog__error" role="alert" data-testid="pay-error">
            {error}
          </p>
        )}
        <div className="pay-dialog__actions">
          <Button variant={platform} onClick={onClose} disabled={busy} data-testid="pay-cancel">
            {t('wallet.cancel')}
          </Button>
          {!action && (
            <Button
              type="submit"
              kind="primary"
              variant={platform}
              loading={busy}
              disabled={busy || (byWallet && (!wallet || short))}
              data-testid="pay-confirm"
            >
              {byWallet && wallet?.hasPw === false ? t('wallet.setAndPay') : t('wallet.confirmPay')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

/** After a provider took the order: its page, QR code or link, while the order is polled. */
export function ProviderWait({ action }: { action: ProviderAction }) {
  const { t } = useTranslation();
  return (
    <div className="pay-wait" data-testid="pay-wait">
      {action.wechatQrcode && (
        <>
          <p>{t('wallet.scanQr')}</p>
          <HomeQrCode value={action.wechatQrcode} size={160} />
        </>
      )}
      {action.sandboxUrl && (
        <a href={action.sandboxUrl} target="_blank" rel="noopener" data-testid="pay-open">
          {t('wallet.openPayPage')}
        </a>
      )}
      {action.wechatH5Link && (
        <a href={action.wechatH5Link} data-testid="pay-open">
          {t('wallet.openPayPage')}
        </a>
      )}
      <p className="muted">{t('wallet.waiting')}</p>
    </div>
  );
}
