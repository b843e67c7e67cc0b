import { lang } from './api.ts';

/** Strings of the payment settings page (issue 12): wallet switches, providers, revenue split. Chinese first. */
const zh = {
  menu: '支付设置',
  wallet: '钱包与分成',
  charge: '开启钱包充值',
  groupPurchase: '开启付费用户组购买',
  authorScale: '作者分成（十分之几）',
  masterScale: '站点分成（十分之几）',
  scaleHint: '两项相加须为 10，或都为 0（不分成）。',
  sandbox: '开启沙箱支付',
  sandboxHint: '沙箱支付不收真钱，仅用于开发和测试，正式站点请关闭。',
  wechat: '微信支付（API v3）',
  wxClose: '关闭微信支付',
  mchid: '商户号',
  appid: 'AppID（公众号或小程序）',
  mchSerial: '商户 API 证书序列号',
  mchPrivateKey: '商户 API 证书私钥（PEM）',
  apiv3: 'APIv3 密钥（32 位）',
  platformSerial: '平台证书序列号或公钥 ID',
  platformPublicKey: '平台公钥（PEM）',
  apiBase: 'API 地址（留空为微信官方地址）',
  secretHint: '已保存的密钥显示为 ******，不修改则保持原值。',
};
type Dict = typeof zh;

const en: Dict = {
  menu: 'Payment settings',
  wallet: 'Wallet and revenue split',
  charge: 'Members may recharge their wallet',
  groupPurchase: 'Members may buy paid groups',
  authorScale: "Author's share (tenths)",
  masterScale: "Site's share (tenths)",
  scaleHint: 'The two add up to 10, or are both 0 (no split).',
  sandbox: 'Sandbox payments on',
  sandboxHint: 'The sandbox takes no real money: for development and tests only, turn it off on a live site.',
  wechat: 'WeChat Pay (API v3)',
  wxClose: 'WeChat Pay off',
  mchid: 'Merchant id',
  appid: 'AppID (official account or mini program)',
  mchSerial: 'Merchant API certificate serial',
  mchPrivateKey: 'Merchant API private key (PEM)',
  apiv3: 'APIv3 key (32 characters)',
  platformSerial: 'Platform certificate serial or public key id',
  platformPublicKey: 'Platform public key (PEM)',
  apiBase: 'API origin (empty for WeChat’s own)',
  secretHint: 'A saved secret shows as ******; left as it is, it keeps its value.',
};

/** The payment settings strings in the site language. */
export const pay: Dict = lang === 'en' ? en : zh;
