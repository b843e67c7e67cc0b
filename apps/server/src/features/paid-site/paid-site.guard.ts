import { Code, GroupId } from '@forum/contracts';
import { AppError } from '../../platform/http/errors.js';
import type { Guard } from '../../platform/http/router.js';
import type { SettingsService } from '../settings/index.js';

/**
 * The pay-mode gate (reference §1.10): on a paid site, guests and members who have not paid (the users
 * feature puts them in group 6) get -3006 from every call outside the whitelist; the client then shows the
 * join page. Whitelisted routes carry `payExempt`; administrators' calls answer -4002 on their own.
 */
export function payModeGuard(settings: SettingsService): Guard {
  return (actor, options, req) => {
    const exempt = typeof options.payExempt === 'function' ? options.payExempt(req) : options.payExempt;
    if (exempt || options.admin || actor.isAdmin) return;
    if (settings.get('site_mode') !== 'pay') return;
    if (actor.isGuest || actor.groupId === GroupId.UNPAID) {
      throw new AppError(Code.JUMP_TO_PAY_SITE, 'join the site to continue');
    }
  };
}
