import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ForumData } from '@forum/contracts';

/** The unpaid group (reference §1.10); kept as a number so the first-load bundle needs no contracts. */
export const UNPAID_GROUP = 6;
/** The join page every other page sends unpaid visitors to. */
export const JOIN_PATH = '/forum/partner-invite';
/** Pages an unpaid visitor may still open: joining, signing up or in, the account status pages, installing. */
const OPEN_PREFIXES = [
  JOIN_PATH,
  '/user/login',
  '/user/username-login',
  '/user/register',
  '/user/agreement',
  '/user/status',
  '/user/supplementary',
  '/user/bind-nickname',
  '/install',
];

/** Whether the visitor must join first: a paid site, and a guest or a member in the unpaid group. */
export function mustJoin(forum: ForumData): boolean {
  if (forum.setSite.siteMode !== 'pay') return false;
  return !forum.user || forum.user.group.id === UNPAID_GROUP;
}

/**
 * The client side of the -3006 gate: on a paid site an unpaid visitor is sent to the join page from any page
 * that is not on the open list (the server answers -3006 to those pages' calls anyway).
 */
export function usePayModeRedirect(forum: ForumData, pending = false): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const blocked = !pending && mustJoin(forum) && !OPEN_PREFIXES.some((p) => pathname.startsWith(p));
  useEffect(() => {
    if (blocked) void navigate(JOIN_PATH, { replace: true });
  }, [blocked, navigate]);
}
