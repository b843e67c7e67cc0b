import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { Button, TextField, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { UNPAID_GROUP } from './pay-mode-redirect.ts';
import { usePayment } from '../wallet/use-payment.tsx';

/** What an invite code in the address offers. */
type Offer = { valid: boolean; type: number; groupName: string; inviterNickname: string };

/**
 * `/forum/partner-invite` (also `/join` and `/my/renew`): the join page of a paid site (reference §1.10): the
 * site, its price and how long it lasts; an unpaid member pays through the pay box, a paid one sees when their
 * membership ends and may renew it (order type 8), a visitor signs up (with an invite code when they have one).
 * On a free site it says so: joining is signing up, and there is nothing to renew.
 */
export function Component() {
  const { t } = useTranslation();
  const { forum, platform, isLogin } = useSite();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [code, setCode] = useState(params.get('inviteCode') ?? '');
  const [offer, setOffer] = useState<Offer | null>(null);
  const { openPay, dialog } = usePayment();
  const site = forum.setSite;
  const unpaid = isLogin && forum.user?.group.id === UNPAID_GROUP;

  useEffect(() => {
    const c = params.get('inviteCode');
    if (!c) return;
    void (async () => {
      const [api, { inviteResolve }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const res = await api.call(inviteResolve, { code: c });
      if (res.Data) setOffer(res.Data);
    })();
  }, [params]);

  const join = async (renew = false) => {
    const { OrderType } = await import('@forum/contracts');
    const type = renew ? OrderType.RENEW : OrderType.REGISTER;
    const paid = await openPay({ order: { type }, amount: price, title: site.siteName });
    if (!paid) return;
    toast.success(t('membership.paySuccess'));
    await revalidate();
    await navigate('/', { replace: true });
  };

  // The original's wire types: both settings as they are stored (strings).
  const days = Number(site.siteExpire) || 0;
  const price = (Number(site.sitePrice) || 0).toFixed(2);
  const validity = days > 0 ? t('membership.days', { count: days }) : t('membership.forever');
  // A paid membership that ends (not forever): renewable here.
  const until = forum.user?.expiredAt ? new Date(forum.user.expiredAt) : null;
  const paySite = site.siteMode === 'pay';
  if (!paySite) return <FreeSiteJoin code={code} isRenew={pathname === '/my/renew'} />;
  const renewable = isLogin && !unpaid && until !== null && until.getUTCFullYear() < 9999;
  return (
    <div className={`join-page join-page--${platform}`} data-testid="partner-invite">
      <section className="panel join-card">
        {site.siteLogo && <img className="join-card__logo" src={site.siteLogo} alt="" />}
        <h1 className="join-card__name">{site.siteName}</h1>
        {site.siteIntroduction && <p className="join-card__intro">{site.siteIntroduction}</p>}
        <p className="muted">{t('membership.joinLead')}</p>
        <dl className="join-card__facts">
          <div>
            <dt>{t('membership.price')}</dt>
            <dd data-testid="join-price">¥{price}</dd>
          </div>
          <div>
            <dt>{t('membership.validFor')}</dt>
            <dd>{validity}</dd>
          </div>
        </dl>
        {offer && (
          <p className={offer.valid ? 'join-card__offer' : 'join-card__offer join-card__offer--bad'}>
            {!offer.valid
              ? t('membership.badCode')
              : offer.type === 1
                ? t('membership.invitedBy', { name: offer.inviterNickname })
                : t('membership.invitedToGroup', { name: offer.groupName })}
          </p>
        )}
        {renewable ? (
          <div className="join-card__actions">
            <p data-testid="join-paid-until">
              {t('membership.paidUntil', { date: until.toISOString().slice(0, 10) })}
            </p>
            <Button
              kind="primary"
              size="large"
              full
              variant={platform}
              onClick={() => void join(true)}
              data-testid="join-renew"
            >
              {t('membership.renew', { amount: price })}
            </Button>
            <Link to="/">{t('membership.toHome')}</Link>
          </div>
        ) : isLogin && !unpaid ? (
          <div className="join-card__actions">
            <p>{t('membership.member')}</p>
            <Link to="/">{t('membership.toHome')}</Link>
          </div>
        ) : unpaid ? (
          <div className="join-card__actions">
            <Button
              kind="primary"
              size="large"
              full
              variant={platform}
              onClick={() => void join()}
              data-testid="join-pay"
            >
              {t('membership.payToJoin', { amount: price })}
            </Button>
          </div>
        ) : (
          <div className="join-card__actions">
            <Link className="join-card__primary" to={`/user/register${code ? `?inviteCode=${code}` : ''}`}>
              {t('membership.registerToJoin')}
            </Link>
            <TextField
              label={t('membership.inviteCode')}
              placeholder={t('membership.inviteCodePlaceholder')}
              variant={platform}
              value={code}
              onChange={setCode}
              maxLength={32}
              trim
              name="inviteCode"
            />
            <Button
              variant={platform}
              full
              disabled={code.length !== 32}
              onClick={() => void navigate(`/user/register?inviteCode=${code}`)}
            >
              {t('membership.useCode')}
            </Button>
            <Link to="/user/login">{t('membership.login')}</Link>
          </div>
        )}
      </section>
      {dialog}
    </div>
  );
}

/** The join page of a free site: free to join (sign up or log in); a member is in already; renewing is moot. */
function FreeSiteJoin({ code, isRenew }: { code: string; isRenew: boolean }) {
  const { t } = useTranslation();
  const { forum, platform, isLogin } = useSite();
  const site = forum.setSite;
  return (
    <div className={`join-page join-page--${platform}`} data-testid="partner-invite">
      <section className="panel join-card">
        {site.siteLogo && <img className="join-card__logo" src={site.siteLogo} alt="" />}
        <h1 className="join-card__name">{site.siteName}</h1>
        {site.siteIntroduction && <p className="join-card__intro">{site.siteIntroduction}</p>}
        <p className="muted" data-testid="join-lead">
          {t(isRenew ? 'membership.freeNoRenew' : 'membership.freeLead')}
        </p>
        {isLogin ? (
          <div className="join-card__actions">
            <p>{t('membership.member')}</p>
            <Link to="/">{t('membership.toHome')}</Link>
          </div>
        ) : (
          <div className="join-card__actions">
            <Link
              className="join-card__primary"
              to={`/user/register${code ? `?inviteCode=${code}` : ''}`}
              data-testid="join-register"
            >
              {t('membership.freeRegister')}
            </Link>
            <Link to="/user/login" data-testid="join-login">
              {t('membership.login')}
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
