/** Paths of spec §2 whose login method or feature is not built yet; each says so instead of a blank page. */
export const NOT_ENABLED_PATHS = [
  'user/wx-auth',
  'user/wx-login',
  'user/wx-authorization',
  'user/wx-bind',
  'user/wx-bind-phone',
  'user/wx-bind-qrcode',
  'user/wx-bind-username',
  'user/wx-select',
  'user/wx-rebind-action',
] as const;
