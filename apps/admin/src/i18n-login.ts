import { lang } from './api.ts';

/** Strings of the login-methods page (SMS, captcha, two-factor), Chinese first. */
const zh = {
  menu: '登录方式',
  title: '登录与验证方式',
  registerType: '注册模式',
  registerTypes: { '0': '用户名注册', '1': '手机号注册', '2': '微信注册' },
  sms: '短信（手机号登录、绑定、找回密码）',
  secretId: '腾讯云 SecretId',
  secretKey: '腾讯云 SecretKey',
  smsAppId: '短信 SdkAppId',
  smsSign: '短信签名',
  smsTemplate: '验证码模板 ID',
  smsRegion: '地域',
  captchaDifficulty: '人机验证难度（前导零位数，8–24，16 约需 1 秒）',
  twoFactorAdmins: '要求管理员开启两步验证',
};

const en: typeof zh = {
  menu: 'Login methods',
  title: 'Login and verification methods',
  registerType: 'Registration mode',
  registerTypes: { '0': 'Username', '1': 'Phone number', '2': 'WeChat' },
  sms: 'SMS (phone login, binding, password reset)',
  secretId: 'Tencent Cloud SecretId',
  secretKey: 'Tencent Cloud SecretKey',
  smsAppId: 'SMS SdkAppId',
  smsSign: 'SMS signature',
  smsTemplate: 'Code template ID',
  smsRegion: 'Region',
  captchaDifficulty: 'Captcha difficulty (leading zero bits, 8–24; 16 takes about a second)',
  twoFactorAdmins: 'Require two-factor authentication of administrators',
};

/** The strings in the site language. */
export const l = lang === 'en' ? en : zh;
