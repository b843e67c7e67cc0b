import { lang } from './api.ts';

/** Strings of the WeChat and OpenID Connect fields of the login-methods page, Chinese first. */
const zh = {
  wechat: '微信公众号登录（H5 授权、电脑扫码、绑定）',
  wechatAppId: '公众号 AppID',
  wechatSecret: '公众号 AppSecret',
  wechatAuthorize: '微信授权地址（一般无需修改）',
  wechatApi: '微信接口地址（一般无需修改）',
  oidc: 'OpenID Connect 登录',
  oidcName: 'OpenID 登录按钮名称',
  oidcIssuer: 'OpenID 签发者（Issuer）地址',
  oidcClientId: 'OpenID Client ID',
  oidcClientSecret: 'OpenID Client Secret',
  oidcScopes: 'OpenID 授权范围',
};

const en: typeof zh = {
  wechat: 'WeChat official-account login (H5 authorization, QR scan, binding)',
  wechatAppId: 'Official account AppID',
  wechatSecret: 'Official account AppSecret',
  wechatAuthorize: 'WeChat authorize URL (rarely changed)',
  wechatApi: 'WeChat API origin (rarely changed)',
  oidc: 'OpenID Connect login',
  oidcName: 'OpenID button name',
  oidcIssuer: 'OpenID issuer URL',
  oidcClientId: 'OpenID client ID',
  oidcClientSecret: 'OpenID client secret',
  oidcScopes: 'OpenID scopes',
};

/** The strings in the site language. */
export const lo = lang === 'en' ? en : zh;
