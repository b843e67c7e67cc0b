import type { ForumData } from '@forum/contracts';

/** One member entry outside the personal centre's own sections; `external` pages are another app (a full load). */
export interface MemberLink {
  key: 'wallet' | 'message' | 'invite' | 'upgrade' | 'renew' | 'admin';
  to: string;
  /** Shell string key (zh.ts `nav`). */
  label: string;
  external?: boolean;
}

/** The paid site's "forever" membership ends in the year 9999 (partner-invite page rule). */
const FOREVER_YEAR = 9999;

/**
 * Where a logged-in member can go besides /my's sections, shown only where it makes sense: invite with the
 * invite permission, paid groups when the group shop is open (`site_pay_group_close` = 1), renew on a paid
 * site for a membership that ends, the admin area for administrators. Shared by the pc user menu and /my.
 */
export function memberLinks(forum: ForumData): MemberLink[] {
  const site = forum.setSite;
  const perms = forum.otherPermissions;
  const until = forum.user?.expiredAt ? new Date(forum.user.expiredAt) : null;
  const renewable = site.siteMode === 'pay' && until !== null && until.getUTCFullYear() < FOREVER_YEAR;
  const links: Array<MemberLink | false> = [
    { key: 'wallet', to: '/wallet', label: 'nav.wallet' },
    { key: 'message', to: '/message', label: 'nav.messageCentre' },
    perms.canInvite && { key: 'invite', to: '/invite', label: 'nav.invite' },
    site.sitePayGroupClose && { key: 'upgrade', to: '/my/upgrade', label: 'nav.upgrade' },
    renewable && { key: 'renew', to: '/my/renew', label: 'nav.renew' },
    perms.canViewAdmin && { key: 'admin', to: '/admin', label: 'nav.admin', external: true },
  ];
  return links.filter((l): l is MemberLink => l !== false);
}
