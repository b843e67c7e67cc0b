/** Paths of spec §2 whose login method or feature is not built yet; each says so instead of a blank page. */
export const NOT_ENABLED_PATHS = [
  'user/wx-auth',
  'user/phone-login',
  'user/wx-login',
  'user/wx-authorization',
  'user/wx-bind',
  'user/wx-bind-phone',
  'user/wx-bind-qrcode',
  'user/wx-bind-username',
  'user/wx-select',
  'user/reset-password',
  'user/bind-phone',
  'user/rebind',
  'user/wx-rebind-action',
  'forum/partner-invite',
] as const;
