import type { ReactNode } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PAY } from './order-status.ts';

/** What a provider asks the payer to do next (`trade/pay/order`'s answer). */
export interface ProviderAction {
  wechatQrcode?: string;
  wechatH5Link?: string;
  sandboxUrl?: string;
}

/** The providers a payer may pick on this platform: WeChat's QR on pc, its H5 flow on phones. */
function providerLabels(platform: string): Array<[number, string]> {
  return [
    [PAY.SANDBOX, 'wallet.providerSandbox'],
    platform === 'pc' ? [PAY.WECHAT_NATIVE, 'wallet.providerNative'] : [PAY.WECHAT_H5, 'wallet.providerH5'],
  ];
}

/** Radio choice of the payment method among those the site offers; the wallet only when `walletLabel` is given. */
export function ProviderChoice({
  types,
  value,
  onChange,
  walletLabel,
}: {
  types: number[] | null;
  value: number;
  onChange: (type: number) => void;
  walletLabel?: ReactNode;
}) {
  const { t } = useTranslation();
  const { platform } = useSite();
  const offered = (types ?? []).filter((x) => x !== PAY.WALLET);
  const options: Array<[number, ReactNode]> = [
    ...(walletLabel ? [[PAY.WALLET, walletLabel] as [number, ReactNode]] : []),
    ...providerLabels(platform)
      .filter(([type]) => offered.includes(type))
      .map(([type, key]) => [type, t(key)] as [number, ReactNode]),
  ];
  return (
    <fieldset className="pay-choice">
      <legend className="ui-field__label">{t('wallet.provider')}</legend>
      {options.map(([type, label]) => (
        <label key={type} className={`pay-choice__item${value === type ? ' is-on' : ''}`}>
          <input
            type="radio"
            name="paymentType"
            value={type}
            checked={value === type}
            data-testid={`pay-type-${type}`}
            onChange={() => onChange(type)}
          />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
