import {
  adminInviteCreate,
  adminInviteList,
  adminInviteRevoke,
  inviteLinkCreate,
  inviteResolve,
  inviteUsersList,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { InvitesService } from './invites.service.js';

/** Mounts the invite calls (reference §1.10). */
export function registerInvitesRoutes(route: Route, invites: InvitesService): void {
  const admin = { admin: true, auth: 'required' } as const;
  route(adminInviteCreate, admin, async (input, { actor }) => invites.adminCreate(actor, input.groupId));
  route(adminInviteList, admin, async (input) => invites.adminList(input.page, input.perPage, input.status));
  route(adminInviteRevoke, admin, async (input) => invites.adminRevoke(input.id));
  route(inviteLinkCreate, { auth: 'required' }, async (_input, { actor }) => invites.memberLink(actor));
  // The join page of a paid site reads what a code offers before the visitor has an account.
  route(inviteResolve, { payExempt: true, siteClosedExempt: true }, async (input) =>
    invites.resolve(input.code),
  );
  route(inviteUsersList, { auth: 'required' }, async (input, { actor }) =>
    invites.invitees(actor, input.page, input.perPage),
  );
}
