import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { WALLET_LOG_TYPES, type WalletLogItem, type WalletView } from '@forum/contracts';
import { Button } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';

/** Change types offered by the filter: every wallet-log reason (each named in the `wallet.type` strings). */
const TYPES = WALLET_LOG_TYPES.map(String);

interface Filter {
  changeType: string;
  startTime: string;
  endTime: string;
}

/** The wallet's balances, once loaded. */
export function useWallet(): WalletView | null {
  const [wallet, setWallet] = useState<WalletView | null>(null);
  useEffect(() => {
    void (async () => {
      const [api, { walletUser }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      setWallet((await api.call(walletUser, {})).Data ?? null);
    })();
  }, []);
  return wallet;
}

/** `/wallet`: balance and frozen amount, links to recharge, withdrawal and pay password, and the log. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const isLogin = useRequireLogin();
  const wallet = useWallet();
  if (!isLogin) return null;
  return (
    <div className={`wallet wallet--${platform}`} data-testid="wallet">
      <section className="panel wallet-card">
        <h1 className="panel__title">{t('wallet.title')}</h1>
        <dl className="wallet-card__sums">
          <div>
            <dt>{t('wallet.available')}</dt>
            <dd data-testid="wallet-available">{wallet ? wallet.availableAmount : '—'}</dd>
          </div>
          <div>
            <dt>{t('wallet.frozen')}</dt>
            <dd data-testid="wallet-frozen">{wallet ? wallet.freezeAmount : '—'}</dd>
          </div>
        </dl>
        <nav className="wallet-card__actions">
          <Link className="ui-button ui-button--primary ui-button--medium" to="/wallet/recharge">
            {t('wallet.recharge')}
          </Link>
          <Link className="ui-button ui-button--default ui-button--medium" to="/wallet/withdrawal">
            {t('wallet.withdrawal')}
          </Link>
          <Link className="wallet-card__pw" to="/wallet/pay-password">
            {t('wallet.payPassword')}
          </Link>
        </nav>
      </section>
      <WalletLog />
    </div>
  );
}

/** The log with filters by change type and day, 20 lines a page. */
function WalletLog() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [draft, setDraft] = useState<Filter>({ changeType: '', startTime: '', endTime: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  const [items, setItems] = useState<WalletLogItem[] | null>(null);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);

  const load = useCallback(async (f: Filter, p: number) => {
    const [api, { walletLog }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(walletLog, {
      page: p,
      perPage: 20,
      ...(f.changeType ? { changeType: [Number(f.changeType)] } : {}),
      ...(f.startTime ? { startTime: f.startTime } : {}),
      ...(f.endTime ? { endTime: f.endTime } : {}),
    });
    const rows = res.Data?.pageData ?? [];
    setItems((old) => (p === 1 ? rows : [...(old ?? []), ...rows]));
    setMore(!!res.Data && res.Data.currentPage < res.Data.totalPage);
  }, []);
  useEffect(() => void load(filter, page), [filter, page, load]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setItems(null);
    setPage(1);
    setFilter({ ...draft });
  };
  const typeName = (n: number) => t(TYPES.includes(String(n)) ? `wallet.type.${n}` : 'wallet.type.other');

  return (
    <section className="panel wallet-log">
      <h2 className="panel__title">{t('wallet.log')}</h2>
      <form className="wallet-log__filter" onSubmit={apply} data-testid="wallet-filter">
        <label>
          <span className="muted">{t('wallet.changeType')}</span>
          <select
            value={draft.changeType}
            data-testid="wallet-type"
            onChange={(e) => setDraft({ ...draft, changeType: e.target.value })}
          >
            <option value="">{t('wallet.allTypes')}</option>
            {TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`wallet.type.${x}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="muted">{t('wallet.from')}</span>
          <input
            type="date"
            value={draft.startTime}
            onChange={(e) => setDraft({ ...draft, startTime: e.target.value })}
          />
        </label>
        <label>
          <span className="muted">{t('wallet.to')}</span>
          <input
            type="date"
            value={draft.endTime}
            onChange={(e) => setDraft({ ...draft, endTime: e.target.value })}
          />
        </label>
        <Button type="submit" size="small" variant={platform}>
          {t('wallet.filter')}
        </Button>
      </form>
      {items === null ? (
        <p className="muted">{t('wallet.loading')}</p>
      ) : !items.length ? (
        <p className="muted">{t('wallet.empty')}</p>
      ) : (
        <ul className="wallet-log__list" data-testid="wallet-log">
          {items.map((e) => (
            <li key={e.id} className="wallet-log__item">
              <span className="wallet-log__what">
                {typeName(e.changeType)}
                {e.account === 'frozen' && <span className="muted"> · {t('wallet.frozenAccount')}</span>}
                <time className="muted" dateTime={e.createdAt}>
                  {e.createdAt.slice(0, 16).replace('T', ' ')}
                </time>
              </span>
              <strong className={e.amountFen < 0 ? 'wallet-log__out' : 'wallet-log__in'}>
                {e.amountFen > 0 ? `+${e.amount}` : e.amount}
              </strong>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <Button size="small" variant={platform} onClick={() => setPage(page + 1)}>
          {t('wallet.more')}
        </Button>
      )}
    </section>
  );
}
