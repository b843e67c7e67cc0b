import type { RouteOptions } from './router.js';

/**
 * Route options shared by the account calls (username, SMS, WeChat, OpenID Connect, two-factor): they change
 * nothing a guest sees, so they keep the guest cache, and they take the `auth` rate class.
 */
export const accountRoutes = {
  /** Steps before a full login: served to anyone, even on a closed or paid site, whatever the status. */
  guest: {
    status: 'skip',
    siteClosedExempt: true,
    payExempt: true,
    rateClass: 'auth',
    keepsGuestCache: true,
  },
  /** The caller's own account: login required, pending users too (they finish their account with these). */
  mine: {
    auth: 'required',
    status: 'allowPending',
    rateClass: 'auth',
    keepsGuestCache: true,
  },
} as const satisfies Record<string, RouteOptions>;
