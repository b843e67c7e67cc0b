import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CallInput, orderCreate } from '@forum/contracts';
import { Button } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { HomeQrCode } from '../home/home-qrcode.tsx';
import { ProviderChoice, type ProviderAction } from './provider-choice.tsx';
import { newKey, ORDER, PAY, useOrderStatus, usePayTypes } from './order-status.ts';

/** Props of {@link PayDialog}. */
export interface PayDialogProps {
  /** What `order.create` gets (type, amount, threadId, payeeId, ...); the dialog creates the order once. */
  order: CallInput<typeof orderCreate>;
  /** What is being paid for, and the amount shown (yuan). */
  title: string;
  amount: string;
  onPaid(orderSn: string): void;
  onClose(): void;
}

/**
 * The pay box every paid action uses (paid threads, tips, red packets, paid groups): creates the order, then
 * pays it from the wallet with the pay password, or through a provider while polling `order.detail`.
 */
export function PayDialog({ order, title, amount, onPaid, onClose }: PayDialogProps) {
  const { t } = useTranslation();
  const { platform } = useSite();
  const types = usePayTypes();
  const [method, setMethod] = useState<number>(PAY.WALLET);
  const [password, setPassword] = useState('');
  const [wallet, setWallet] = useState<{ available: string; availableFen: number; hasPw: boolean } | null>(
    null,
  );
  const [orderSn, setOrderSn] = useState<string | null>(null);
  const [action, setAction] = useState<ProviderAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // One key per dialog: a double click or a retry after a network error cannot pay twice.
  const keys = useRef({ create: newKey('order'), pay: newKey('pay') });
  const status = useOrderStatus(action ? orderSn : null);

  useEffect(() => {
    void (async () => {
      const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const [w, pw] = await Promise.all([api.call(c.walletUser, {}), api.call(c.payPasswordStatus, {})]);
      if (w.Data && pw.Data) {
        setWallet({
          available: w.Data.availableAmount,
          availableFen: w.Data.availableFen,
          hasPw: pw.Data.hasPayPassword,
        });
      }
    })();
  }, []);
  useEffect(() => {
    if (status === ORDER.PAID && orderSn) onPaid(orderSn);
    if (status === ORDER.FAILED) setError(t('wallet.failed'));
    if (status === ORDER.EXPIRED) setError(t('wallet.expired'));
  }, [status, orderSn, onPaid, t]);

  /** The order, created on the first attempt and reused by later ones. */
  const ensureOrder = async (): Promise<string | null> => {
    if (orderSn) return orderSn;
    const [api, { orderCreate }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(orderCreate, { ...order, idempotencyKey: keys.current.create });
    if (!res.Data) return (setError(res.Message), null);
    setOrderSn(res.Data.orderSn);
    return res.Data.orderSn;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (method === PAY.WALLET && !/^\d{6}$/.test(password)) return setError(t('wallet.pwSixDigits'));
    setBusy(true);
    const sn = await ensureOrder();
    if (sn) {
      const [api, { tradePayOrder }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const wallet = method === PAY.WALLET;
      const res = await api.call(tradePayOrder, {
        orderSn: sn,
        paymentType: method,
        ...(wallet ? { payPassword: password, idempotencyKey: keys.current.pay } : {}),
      });
      if (!res.Data) setError(res.Message);
      else if (wallet) onPaid(sn);
      else setAction(res.Data);
    }
    setBusy(false);
  };

  const short = wallet !== null && wallet.availableFen < Math.round(Number(amount) * 100);
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
        <p className="pay-dialog__what">{title}</p>
        <p className="pay-dialog__amount">
          <span className="muted">{t('wallet.amountDue')}</span>{' '}
          <strong>{t('wallet.yuan', { amount })}</strong>
        </p>
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
            {method === PAY.WALLET && wallet && !wallet.hasPw && (
              <p className="pay-dialog__note">
                {t('wallet.setPayPasswordFirst')}{' '}
                <Link to="/wallet/pay-password">{t('wallet.goSetPayPassword')}</Link>
              </p>
            )}
            {method === PAY.WALLET && wallet?.hasPw && (
              <label className="ui-field">
                <span className="ui-field__label">{t('wallet.enterPayPassword')}</span>
                <input
                  className="ui-input pay-dialog__pw"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                  value={password}
                  data-testid="pay-password"
                  onChange={(e) => setPassword(e.target.value.replace(/\D/g, ''))}
                />
              </label>
            )}
            {method === PAY.WALLET && short && (
              <p className="pay-dialog__error">{t('wallet.insufficient')}</p>
            )}
          </>
        )}
        {error && (
          <p className="pay-dialog__error" role="alert">
            {error}
          </p>
        )}
        <div className="pay-dialog__actions">
          <Button variant={platform} onClick={onClose}>
            {t('wallet.cancel')}
          </Button>
          {!action && (
            <Button
              type="submit"
              kind="primary"
              variant={platform}
              loading={busy}
              disabled={busy || (method === PAY.WALLET && (!wallet?.hasPw || short))}
              data-testid="pay-confirm"
            >
              {t('wallet.confirmPay')}
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
