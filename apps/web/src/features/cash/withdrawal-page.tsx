import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CashItem, WalletView } from '@forum/contracts';
import { Button, TextField, toast } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { read } from '../message/message-data.ts';
import { act } from '../threads/thread-call.ts';
import { shortTime } from '../threads/thread-text.ts';
import { feePreview } from './withdrawal-fee.ts';

/** A fresh key per application: a retried submit of the same form reuses it, so it is applied once. */
const newKey = () => `web-${crypto.randomUUID()}`;

/** `/wallet/withdrawal`: balance, the application form with its fee preview, and my withdrawals. */
export function Component() {
  const { t, i18n } = useTranslation();
  const { platform, forum } = useSite();
  const isLogin = useRequireLogin();
  const [wallet, setWallet] = useState<WalletView | null>(null);
  const [items, setItems] = useState<CashItem[] | null>(null);
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState('');
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const cash = forum.setCash;
  const rate = String(cash.cashRate);
  const allowed = forum.otherPermissions.canWithdraw;
  const preview = feePreview(amount, rate);

  const load = useCallback(async () => {
    const { walletUser, walletCashList } = await import('@forum/contracts');
    const [w, list] = await Promise.all([
      read(walletUser, {}),
      read(walletCashList, { page: 1, perPage: 50, cashStatus: 0 }),
    ]);
    setWallet(w);
    setItems(list?.pageData ?? []);
  }, []);
  useEffect(() => {
    if (isLogin) void load();
  }, [isLogin, load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const { walletCashCreate } = await import('@forum/contracts');
    const res = await act(walletCashCreate, {
      cashApplyAmount: amount.trim(),
      receiveAccount: account.trim(),
      idempotencyKey: key,
    });
    setBusy(false);
    if (!res) return;
    toast.success(t('cash.applied'));
    setAmount('');
    setKey(newKey());
    void load();
  };

  if (!isLogin) return null;
  return (
    <div className={`cash-page cash-page--${platform}`} data-testid="withdrawal-page">
      <section className="panel">
        <header className="cash-page__head">
          <Link to="/wallet" className="chat__back" aria-label={t('cash.backToWallet')}>
            ‹
          </Link>
          <h1 className="panel__title">{t('cash.title')}</h1>
        </header>
        <dl className="cash-balance">
          <div>
            <dt>{t('cash.available')}</dt>
            <dd data-testid="cash-available">{wallet ? `¥${wallet.availableAmount}` : '…'}</dd>
          </div>
          <div>
            <dt>{t('cash.frozen')}</dt>
            <dd data-testid="cash-frozen">{wallet ? `¥${wallet.freezeAmount}` : '…'}</dd>
          </div>
        </dl>
        <form className="cash-form" onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label={t('cash.amount')}
            name="cashApplyAmount"
            variant={platform}
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            hint={t('cash.limits', { min: cash.cashMinSum, max: cash.cashMaxSum, daily: cash.cashSumLimit })}
            error={amount && !preview ? t('cash.amountInvalid') : undefined}
            required
          />
          <TextField
            label={t('cash.account')}
            name="receiveAccount"
            variant={platform}
            value={account}
            maxLength={100}
            onChange={setAccount}
            hint={t('cash.accountHint')}
            required
          />
          <p className="cash-form__fee muted" data-testid="cash-fee">
            {t('cash.feePreview', {
              rate,
              fee: preview?.fee ?? '0.00',
              actual: preview?.actual ?? '0.00',
            })}
          </p>
          {!allowed && <p className="ui-field__error">{t('cash.notAllowed')}</p>}
          <Button
            type="submit"
            kind="primary"
            variant={platform}
            disabled={!allowed || busy || !preview || !account.trim()}
          >
            {t('cash.submit')}
          </Button>
        </form>
      </section>
      <section className="panel" data-testid="cash-list">
        <h2 className="panel__title">{t('cash.mine')}</h2>
        {items === null && <p className="muted">{t('cash.loading')}</p>}
        {items?.length === 0 && <p className="muted">{t('cash.empty')}</p>}
        <ul className="cash-list">
          {items?.map((c) => (
            <li key={c.id} data-testid="cash-item" data-status={c.cashStatus}>
              <span className="cash-list__amount">¥{c.cashApplyAmount}</span>
              <span className={`cash-status cash-status--${c.cashStatus}`}>
                {t(`cash.status.${c.cashStatus}`)}
              </span>
              <span className="muted cash-list__meta">
                {t('cash.itemMeta', { fee: c.cashCharge, actual: c.cashActualAmount })} ·{' '}
                <time>{shortTime(c.createdAt, i18n.language)}</time>
              </span>
              {c.remark && <span className="muted cash-list__remark">{c.remark}</span>}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
