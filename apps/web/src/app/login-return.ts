/** Session-storage key of the address to return to after login. */
export const RETURN_KEY = 'forum_login_return';

/** Login-flow pages (spec §2, the pages usable before a full login): never remembered as a return target. */
export const LOGIN_FLOW_PATHS = [
  '/user/login',
  '/user/register',
  '/user/agreement',
  '/user/wx-auth',
  '/user/phone-login',
  '/user/username-login',
  '/user/wx-login',
  '/user/wx-authorization',
  '/user/wx-bind',
  '/user/wx-bind-phone',
  '/user/wx-bind-qrcode',
  '/user/wx-bind-username',
  '/user/wx-select',
  '/user/status',
  '/user/supplementary',
  '/user/reset-password',
  '/user/find-password',
  '/user/bind-phone',
  '/user/bind-nickname',
  '/user/rebind',
  '/user/wx-rebind-action',
  '/user/oidc-callback',
  '/user/verify-email',
  '/user/unsubscribe',
  '/forum/partner-invite',
  '/install',
] as const;

/** Only same-origin relative paths: one leading slash, no scheme, no protocol-relative or backslash tricks. */
export function isSameOriginPath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  if (value.startsWith('//') || value.includes('\\')) return false;
  // Control characters are dropped by URL parsers and could turn "/\t/evil" into "//evil".
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return false;
  }
  try {
    const url = new URL(value, 'http://same.invalid');
    return url.origin === 'http://same.invalid';
  } catch {
    return false;
  }
}

/** Whether an address may be remembered: same-origin, `/my*` always, login-flow pages never. */
export function isAllowedReturn(value: unknown): value is string {
  if (!isSameOriginPath(value)) return false;
  const path = value.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (path === '/my' || path.startsWith('/my')) return true;
  return !LOGIN_FLOW_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Minimal storage surface so tests and SSR can pass their own. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Remembers the address when it is a string and allowed; returns whether it was stored. */
export function rememberReturn(value: unknown, storage: KeyValueStorage | undefined): boolean {
  if (!storage || !isAllowedReturn(value)) return false;
  try {
    storage.setItem(RETURN_KEY, value);
    return true;
  } catch {
    return false;
  }
}

/** Restores the remembered address once (then clears it): the stored path, or `/`; the site home on failure. */
export function takeReturn(storage: KeyValueStorage | undefined, siteHome = '/'): string {
  if (!storage) return siteHome;
  try {
    const value = storage.getItem(RETURN_KEY);
    storage.removeItem(RETURN_KEY);
    return isAllowedReturn(value) ? value : '/';
  } catch {
    return siteHome;
  }
}

/** Login page address that brings the user back to `here` afterwards (a plain link: works before hydration too). */
export function loginHref(here: string): string {
  return isAllowedReturn(here) ? `/user/login?returnTo=${encodeURIComponent(here)}` : '/user/login';
}
