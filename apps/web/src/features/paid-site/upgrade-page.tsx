import { useCallback, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { UpgradeGroupItem } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { usePayment } from '../wallet/use-payment.tsx';
import { shortDate } from '../threads/thread-text.ts';

/** The label of a group's button: buy or upgrade (2), renew (1), or not available (0). */
function actionKey(g: UpgradeGroupItem, inPaidGroup: boolean): string {
  if (g.button === 1) return 'membership.renewGroup';
  if (g.button === 2) return inPaidGroup ? 'membership.upgrade' : 'membership.buy';
  return 'membership.unavailable';
}

/** `/my/upgrade`: the site's paid groups by level; buy, renew or upgrade through the pay box. */
export function Component() {
  const { t } = useTranslation();
  const { platform, lang, forum } = useSite();
  // `site_pay_group_close` = 1 means the group shop is open (the original's naming).
  const open = forum.setSite.sitePayGroupClose;
  const loggedIn = useRequireLogin();
  const { revalidate } = useRevalidator();
  const { openPay, dialog } = usePayment();
  const [data, setData] = useState<{ list: UpgradeGroupItem[] } | null>(null);

  const load = useCallback(async () => {
    const [api, { upgradeGroup }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(upgradeGroup, {});
    if (res.Code !== 0) toast.error(res.Message);
    setData({ list: res.Data ?? [] });
  }, []);
  useEffect(() => {
    if (loggedIn) void load();
  }, [loggedIn, load]);

  const buy = async (g: UpgradeGroupItem) => {
    const { OrderType } = await import('@forum/contracts');
    const order = { type: OrderType.GROUP, groupId: g.groupId };
    if (!(await openPay({ order, amount: g.fee, title: g.name }))) return;
    toast.success(t('membership.groupBought', { name: g.name }));
    await Promise.all([load(), revalidate()]);
  };

  // In UTC: the server's HTML and the first browser render must write the same day.
  const date = (iso: string) => shortDate(iso, lang);
  const inPaidGroup = !!data?.list.some((g) => g.isMine);
  return (
    <div className={`upgrade-page upgrade-page--${platform}`} data-testid="upgrade-page">
      <section className="panel">
        <h1 className="panel__title">{t('membership.upgradeTitle')}</h1>
        <p className="muted">{t('membership.upgradeLead')}</p>
        {data === null ? (
          <p className="muted">{t('membership.loading')}</p>
        ) : !open ? (
          <p className="muted" data-testid="upgrade-closed">
            {t('membership.shopClosed')}
          </p>
        ) : !data.list.length ? (
          <p className="muted">{t('membership.noGroups')}</p>
        ) : (
          <ul className="upgrade-list">
            {data.list.map((g) => (
              <li
                key={g.groupId}
                className={g.isMine ? 'upgrade-card upgrade-card--mine' : 'upgrade-card'}
                data-testid="upgrade-card"
              >
                <div className="upgrade-card__head">
                  <strong className="upgrade-card__name" style={g.color ? { color: g.color } : undefined}>
                    {g.name}
                  </strong>
                  <span className="upgrade-card__level">{t('membership.level', { level: g.level })}</span>
                  {g.isMine && <span className="upgrade-card__current">{t('membership.current')}</span>}
                </div>
                {g.description && <p className="upgrade-card__desc">{g.description}</p>}
                <p className="upgrade-card__price">
                  ¥{g.fee} / {t('membership.days', { count: g.days })}
                </p>
                {g.isMine && g.expiresAt && (
                  <p className="muted">
                    {t('membership.expiresAt', { date: date(g.expiresAt) })} ·{' '}
                    {t('membership.remainDays', { count: g.remainDays })}
                  </p>
                )}
                <Button
                  kind={g.button ? 'primary' : 'default'}
                  variant={platform}
                  disabled={!g.button}
                  onClick={() => void buy(g)}
                  full={platform === 'h5'}
                >
                  {t(actionKey(g, inPaidGroup), { amount: g.fee })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {dialog}
    </div>
  );
}
