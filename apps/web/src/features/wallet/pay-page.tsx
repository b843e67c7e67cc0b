import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { PayDialog } from './pay-dialog.tsx';

/**
 * `/wallet/pay?type=&amount=&threadId=&groupId=&payeeId=&title=`: pays one order of any registered kind
 * through the pay dialog (a link target for paid actions outside the SPA, and the dialog's own test page).
 */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const isLogin = useRequireLogin();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [paid, setPaid] = useState<string | null>(null);
  const num = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);
  const amount = params.get('amount') ?? '';
  const type = num('type') ?? 0;
  if (!isLogin) return null;
  return (
    <div className={`wallet wallet--${platform}`}>
      <section className="panel wallet-form" data-testid="pay-page">
        <h1 className="panel__title">{t('wallet.payTitle')}</h1>
        {paid ? (
          <p
            className="wallet-result__state wallet-result__state--ok"
            data-testid="pay-done"
            data-order={paid}
          >
            {t('wallet.paid')}
          </p>
        ) : (
          <PayDialog
            request={{
              order: { type, threadId: num('threadId'), groupId: num('groupId'), payeeId: num('payeeId') },
              title: params.get('title') || t('wallet.payOrderTitle', { type }),
              amount,
            }}
            onPaid={setPaid}
            onClose={() => void navigate('/wallet')}
          />
        )}
        <Link to="/wallet">{t('wallet.backToWallet')}</Link>
      </section>
    </div>
  );
}
