import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, TextField } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { ProviderWait } from './pay-dialog.tsx';
import { ProviderChoice, type ProviderAction } from './provider-choice.tsx';
import { newKey, ORDER, PAY, useOrderStatus, usePayTypes } from './order-status.ts';
import { useWallet } from './wallet-page.tsx';

/** `/wallet/recharge`: amount and provider, then the provider's page, then (`?orderSn=`) the result. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const isLogin = useRequireLogin();
  const [params] = useSearchParams();
  const resultSn = params.get('orderSn');
  if (!isLogin) return null;
  return (
    <div className={`wallet wallet--${platform}`}>
      <section className="panel wallet-form" data-testid="recharge">
        <h1 className="panel__title">{resultSn ? t('wallet.resultTitle') : t('wallet.rechargeTitle')}</h1>
        {resultSn ? <RechargeResult orderSn={resultSn} /> : <RechargeForm />}
      </section>
    </div>
  );
}

function RechargeForm() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const types = usePayTypes();
  const [amount, setAmount] = useState('');
  const [type, setType] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState<{ sn: string; action: ProviderAction } | null>(null);
  const status = useOrderStatus(wait?.sn ?? null);
  const chosen = type ?? (types ?? []).find((x) => x !== PAY.WALLET) ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{1,5}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0)
      return setError(t('wallet.invalidAmount'));
    if (chosen === null) return;
    setError('');
    setBusy(true);
    const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const created = await api.call(c.orderCreate, { type: 30, amount, idempotencyKey: newKey('recharge') });
    const sn = created.Data?.orderSn;
    const paid = sn ? await api.call(c.tradePayOrder, { orderSn: sn, paymentType: chosen }) : null;
    setBusy(false);
    if (!sn || !paid?.Data) return setError((paid ?? created).Message);
    const back = `/wallet/recharge?orderSn=${sn}`;
    // The sandbox's page and WeChat's H5 page come back to the result; the QR code is scanned from here.
    if (paid.Data.sandboxUrl)
      window.location.assign(`${paid.Data.sandboxUrl}?return=${encodeURIComponent(back)}`);
    else if (paid.Data.wechatH5Link) window.location.assign(paid.Data.wechatH5Link);
    else setWait({ sn, action: paid.Data });
  };

  if (wait) {
    return status === ORDER.PAID ? (
      <RechargeResult orderSn={wait.sn} />
    ) : (
      <ProviderWait action={wait.action} />
    );
  }
  return (
    <form className="wallet-form__body" onSubmit={(e) => void submit(e)}>
      <TextField
        label={t('wallet.rechargeAmount')}
        hint={t('wallet.rechargeAmountHint')}
        name="amount"
        inputMode="decimal"
        value={amount}
        error={error || undefined}
        data-testid="recharge-amount"
        onChange={(v) => setAmount(v.trim())}
      />
      {types !== null && !types.some((x) => x !== PAY.WALLET) ? (
        <p className="muted">{t('wallet.rechargeOff')}</p>
      ) : (
        <ProviderChoice types={types} value={chosen ?? -1} onChange={setType} />
      )}
      <Button
        type="submit"
        kind="primary"
        variant={platform}
        full
        loading={busy}
        data-testid="recharge-submit"
      >
        {t('wallet.payNow')}
      </Button>
    </form>
  );
}

/** The outcome of a recharge: waits while it is pending, then shows the new balance. */
function RechargeResult({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation();
  const status = useOrderStatus(orderSn);
  const done = status !== null && status !== ORDER.PENDING;
  return (
    <div className="wallet-result" data-testid="recharge-result" data-status={status ?? ''}>
      <p className={`wallet-result__state wallet-result__state--${status === ORDER.PAID ? 'ok' : 'wait'}`}>
        {status === ORDER.PAID
          ? t('wallet.paid')
          : status === ORDER.EXPIRED
            ? t('wallet.expired')
            : done
              ? t('wallet.failed')
              : t('wallet.waiting')}
      </p>
      {done && <Balance />}
      <nav className="wallet-result__links">
        <Link to="/wallet">{t('wallet.backToWallet')}</Link>
        <Link to="/wallet/recharge">{t('wallet.again')}</Link>
      </nav>
    </div>
  );
}

function Balance() {
  const { t } = useTranslation();
  const wallet = useWallet();
  return (
    <p className="wallet-result__balance">
      {t('wallet.available')}:{' '}
      <strong data-testid="recharge-balance">{wallet?.availableAmount ?? '—'}</strong>
    </p>
  );
}
