import { pay } from '../i18n-pay.ts';
import { SettingsForm, type Field } from './settings.tsx';

/** Settings tag the WeChat Pay provider reads its keys under (features/orders/providers/wechat-pay.ts). */
const WXPAY = 'wxpay';

const walletFields: Field[] = [
  { key: 'site_charge', label: pay.charge, kind: 'bool' },
  { key: 'site_pay_group_close', label: pay.groupPurchase, kind: 'bool' },
  { key: 'site_author_scale', label: pay.authorScale, kind: 'number', hint: pay.scaleHint },
  { key: 'site_master_scale', label: pay.masterScale, kind: 'number' },
  { key: 'pay_sandbox_open', label: pay.sandbox, kind: 'bool', hint: pay.sandboxHint },
];

const wechatFields: Field[] = [
  { key: 'wxpay_close', label: pay.wxClose, kind: 'bool' },
  { key: 'wxpay_mchid', label: pay.mchid, kind: 'text' },
  { key: 'wxpay_appid', label: pay.appid, kind: 'text' },
  { key: 'wxpay_mch_serial', label: pay.mchSerial, kind: 'text' },
  { key: 'wxpay_mch_private_key', label: pay.mchPrivateKey, kind: 'textarea', hint: pay.secretHint },
  { key: 'wxpay_apiv3_secret', label: pay.apiv3, kind: 'text', hint: pay.secretHint },
  { key: 'wxpay_platform_serial', label: pay.platformSerial, kind: 'text' },
  { key: 'wxpay_platform_public_key', label: pay.platformPublicKey, kind: 'textarea' },
  { key: 'wxpay_api_base', label: pay.apiBase, kind: 'text' },
].map((f) => ({ ...f, tag: WXPAY }) as Field);

/** Payment settings (issue 12): wallet switches, the revenue split, the sandbox and WeChat Pay's keys. */
export function PaySettings() {
  return (
    <div className="admin-stack">
      <SettingsForm title={pay.wallet} testId="admin-pay-wallet" fields={walletFields} />
      <SettingsForm title={pay.wechat} testId="admin-pay-wechat" fields={wechatFields} />
    </div>
  );
}
